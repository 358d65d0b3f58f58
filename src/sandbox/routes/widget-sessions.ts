import type { SandboxContext, WidgetSession } from '../context.js'
import { secretToken } from '../random.js'
import { unreadFormPage, widgetRefusedPage, type WidgetView } from '../pages/widget.js'
import { INSTITUTIONS } from '../report-data.js'
import { exitMessage, pendingMeta } from './widget-outcomes.js'
import { textsFor, type SandboxLocale } from '../pages/texts/index.js'

// Widget sessions: each lives 30 minutes. One that is over (expired, or ended by the consumer) is
// kept a day more, so a late page can still tell its embedder what happened, then forgotten: a
// sandbox left running does not grow.

const SESSION_MS = 30 * 60 * 1000
const KEPT_MS = 24 * 60 * 60 * 1000

const EXPIRED = { code: 'SESSION_EXPIRED', message: 'The widget session expired after 30 minutes.' }

/** Sessions opened from a reconnect link: no bank to choose, so two steps. */
export const reconnecting = new WeakSet<WidgetSession>()

/** Where the consumer is, for the page's progress: step `at` of 3, or of 2 on a reconnect link. */
export function stepOf(session: WidgetSession, at: number): { at: number; of: number } {
  return reconnecting.has(session) ? { at: at - 1, of: 2 } : { at, of: 3 }
}

/** Where a session's forms post. */
export function actionOf(ctx: SandboxContext, session: WidgetSession): string {
  return `${ctx.basePath}/connect/sessions/${encodeURIComponent(session.id)}`
}

/** A new session (forgetting those over for a day). */
export function openSession(
  ctx: SandboxContext,
  consumerId: string,
  origin: string | undefined,
  locale: SandboxLocale,
): WidgetSession {
  const now = ctx.clock.now()
  for (const [id, old] of ctx.sessions) if (now >= old.expiresAt + KEPT_MS) ctx.sessions.delete(id)
  const session: WidgetSession = {
    id: secretToken('ws_'),
    consumerId,
    origin,
    step: 'credentials',
    locale,
    expiresAt: now + SESSION_MS,
  }
  ctx.sessions.set(session.id, session)
  return session
}

/** The session while the consumer can still use it. */
export function liveSession(ctx: SandboxContext, id: string): WidgetSession | undefined {
  const session = ctx.sessions.get(id)
  return session && session.step !== 'ended' && ctx.clock.now() < session.expiresAt
    ? session
    : undefined
}

/**
 * The page for a session that is over, in its language (one forgotten or unknown: `locale`, else
 * English). An expired one tells its embedder once, as Exit would, with the request left waiting,
 * if any, and then counts as ended; one that already ended, or is unknown, posts nothing.
 */
export function endedPage(ctx: SandboxContext, id: string, locale: SandboxLocale = 'en'): string {
  const session = ctx.sessions.get(id)
  const texts = textsFor(session?.locale ?? locale)
  const view: WidgetView = { basePath: ctx.basePath, texts, origin: session?.origin, messages: [] }
  if (!session || session.step === 'ended' || session.step === 'done') {
    return widgetRefusedPage(view, texts.widget.sessionEnded, texts.widget.sessionEndedTitle)
  }
  view.messages.push(
    exitMessage(
      EXPIRED,
      session.productRequestId ? pendingMeta(session) : { status: 'session_expired' },
    ),
  )
  session.step = 'ended'
  return widgetRefusedPage(view, texts.widget.sessionExpired, texts.widget.sessionExpiredTitle)
}

/**
 * The widget page for a form it could not read (the API keeps its JSON errors): a way back to
 * the step the consumer was on; the session goes on, nothing is posted. An expired session gets
 * its ended page instead.
 */
export function unreadFormAnswer(
  ctx: SandboxContext,
  id: string,
  problem: 'formUnread' | 'tooLong',
): { page: string; status: 400 | 404 | 413 } {
  const session = liveSession(ctx, id)
  if (!session) return { page: endedPage(ctx, id), status: 404 }
  const texts = textsFor(session.locale)
  const action = actionOf(ctx, session)
  const bank = INSTITUTIONS.find((candidate) => candidate.name === session.institution)
  const back =
    session.step === 'mfa'
      ? { action, label: texts.widget.backToCode }
      : session.step === 'credentials' && bank
        ? { action, label: texts.widget.backToBank(bank.name), institution: bank.id }
        : session.step === 'credentials'
          ? { action, label: texts.widget.backToBanks }
          : undefined
  return {
    page: unreadFormPage(
      { basePath: ctx.basePath, texts, origin: session.origin, messages: [] },
      texts.widget[problem],
      back,
    ),
    status: 400,
  }
}

/** The widget page for a form post over the body limit, or undefined when `path` is not a widget form. */
export function tooLargeWidgetPage(
  ctx: SandboxContext,
  path: string,
): { page: string; status: 404 | 413 } | undefined {
  const prefix = `${ctx.basePath}/connect/sessions/`
  if (!path.startsWith(prefix)) return undefined
  let id: string
  try {
    id = decodeURIComponent(path.slice(prefix.length))
  } catch {
    id = ''
  }
  const answer = unreadFormAnswer(ctx, id, 'tooLong')
  return { page: answer.page, status: answer.status === 404 ? 404 : 413 }
}
