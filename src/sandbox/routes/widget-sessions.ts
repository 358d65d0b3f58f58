import type { SandboxContext, WidgetSession } from '../context.js'
import { secretToken } from '../random.js'
import { tooLargePage, widgetRefusedPage, type WidgetView } from '../pages/widget.js'
import { exitMessage, pendingMeta } from './widget-outcomes.js'

// Widget sessions: each lives 30 minutes. One that is over (expired, or ended by the consumer) is
// kept a day more, so a late page can still tell its embedder what happened, then forgotten: a
// sandbox left running does not grow.

const SESSION_MS = 30 * 60 * 1000
const KEPT_MS = 24 * 60 * 60 * 1000

const EXPIRED = { code: 'SESSION_EXPIRED', message: 'The widget session expired after 30 minutes.' }

/** A new session (forgetting those over for a day). */
export function openSession(ctx: SandboxContext, consumerId: string, origin: string | undefined): WidgetSession {
  const now = ctx.clock.now()
  for (const [id, old] of ctx.sessions) if (now >= old.expiresAt + KEPT_MS) ctx.sessions.delete(id)
  const session: WidgetSession = { id: secretToken('ws_'), consumerId, origin, step: 'credentials', expiresAt: now + SESSION_MS }
  ctx.sessions.set(session.id, session)
  return session
}

/** The session while the consumer can still use it. */
export function liveSession(ctx: SandboxContext, id: string): WidgetSession | undefined {
  const session = ctx.sessions.get(id)
  return session && session.step !== 'ended' && ctx.clock.now() < session.expiresAt ? session : undefined
}

/**
 * The page for a session that is over. An expired one tells its embedder as Exit would, with
 * the request left waiting, if any; one that already ended, or is unknown, posts nothing.
 */
export function endedPage(ctx: SandboxContext, id: string): string {
  const session = ctx.sessions.get(id)
  const view: WidgetView = { basePath: ctx.basePath, origin: session?.origin, messages: [] }
  if (!session || session.step === 'ended' || session.step === 'done') {
    return widgetRefusedPage(view, 'This session has ended. Start again from the application.', 'Session ended')
  }
  view.messages.push(exitMessage(EXPIRED, session.productRequestId ? pendingMeta(session) : { status: 'session_expired' }))
  return widgetRefusedPage(view, 'This session expired after 30 minutes. Start again from the application.', 'Session expired')
}

/**
 * The widget page for a form post over the body limit (the API keeps its JSON 413), or undefined
 * when `path` is not a widget form. The session goes on: nothing is posted, nothing changes.
 */
export function tooLargeWidgetPage(ctx: SandboxContext, path: string): string | undefined {
  const prefix = `${ctx.basePath}/connect/sessions/`
  if (!path.startsWith(prefix)) return undefined
  let id: string
  try {
    id = decodeURIComponent(path.slice(prefix.length))
  } catch {
    id = ''
  }
  const session = liveSession(ctx, id)
  const back = session?.step === 'credentials' ? `${prefix}${encodeURIComponent(session.id)}` : undefined
  return tooLargePage({ basePath: ctx.basePath, origin: session?.origin, messages: [] }, back)
}
