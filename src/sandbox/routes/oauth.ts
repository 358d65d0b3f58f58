import { Hono, type Context } from 'hono'
import type { OAuthState, SandboxContext, WidgetSession } from '../context.js'
import { INSTITUTIONS, isOAuthBank } from '../report-data.js'
import { answeredVisit, openVisit, startVisit } from '../oauth-states.js'
import { bankDonePage, bankOverPage, consentPage, oauthPage } from '../pages/oauth.js'
import { banksPage } from '../pages/widget-banks.js'
import { connectedPage, type Bank, type WidgetView } from '../pages/widget.js'
import { textsFor } from '../pages/texts/index.js'
import { attach, exitMessage, finish } from './widget-outcomes.js'
import { endedPage, liveSession } from './widget-sessions.js'
import { FRAME_MESSAGES } from '../../core/frame-protocol.js'

// The way through an OAuth bank: the widget starts a visit (a state bound to its session), the
// bank's consent page answers it, and the widget takes the answer back: from its popup's return
// (popup mode), or when the lender's page reopens it with `oauth_state_id` (redirect mode).

const sessionPath = (ctx: SandboxContext, session: WidgetSession) =>
  `${ctx.basePath}/connect/sessions/${encodeURIComponent(session.id)}`
const bankById = (id: string) => INSTITUTIONS.find((bank) => bank.id === id)

/** The widget's step for an OAuth bank the session chose: popup mode, or redirect mode with a `redirect_uri`. */
export function oauthStep(
  ctx: SandboxContext,
  session: WidgetSession,
  view: WidgetView,
  bank: Bank,
): string {
  const path = sessionPath(ctx, session)
  view.exit = exitMessage(null, { status: 'oauth', institution_name: bank.name })
  const popup = !session.redirectUri
  const addresses = {
    start: `${path}/oauth/start`,
    back: popup ? `${path}/oauth/return` : undefined,
    answered: popup ? `${path}/oauth/answered` : undefined,
  }
  return oauthPage(view, bank, addresses, path)
}

/**
 * The widget takes the bank's answer back, once: Allow connects (with the test outcome chosen at
 * the bank) and ends as a password bank does; Deny, or a window closed first, returns to the list
 * with a notice. The page posts `OAUTH_COMPLETED` or `OAUTH_CANCELLED` first.
 */
export function takeBack(
  ctx: SandboxContext,
  session: WidgetSession,
  state: OAuthState,
  view: WidgetView,
): string {
  state.over = true
  const bank = bankById(state.institutionId) ?? INSTITUTIONS[0]
  const metadata = { institution_id: bank.id, institution_name: bank.name, mode: state.mode }
  const decision = state.decision
  if (decision?.allowed) {
    view.messages.push({ type: FRAME_MESSAGES.event, name: 'OAUTH_COMPLETED', metadata })
    attach(ctx, session, bank.name, decision.outcome)
    return finish(view, session)
  }
  const reason = decision ? 'denied' : 'closed'
  view.messages.push({
    type: FRAME_MESSAGES.event,
    name: 'OAUTH_CANCELLED',
    metadata: { ...metadata, reason },
  })
  view.exit = exitMessage(null, { status: 'credentials' })
  const notice = decision ? view.texts.oauth.denied(bank.name) : view.texts.oauth.closed(bank.name)
  return banksPage({ ...view, step: { at: 1, of: 3 } }, sessionPath(ctx, session), '', notice)
}

export function oauthRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const html = (c: Context, body: string, status: 200 | 400 | 404 = 200) =>
    c.body(body, status, ctx.pageHeaders)
  // The bank's own pages refuse every frame, whatever the sandbox's pages allow.
  const bankHeaders = {
    ...ctx.pageHeaders,
    'content-security-policy': (ctx.pageHeaders['content-security-policy'] ?? '').replace(
      /frame-ancestors [^;]*$/,
      "frame-ancestors 'none'",
    ),
    'x-frame-options': 'DENY',
  }
  const bankHtml = (c: Context, body: string, status: 200 | 400 = 200) =>
    c.body(body, status, bankHeaders)
  // Redirect mode: the consent form's answer redirects to the lender's page, and browsers hold that
  // redirect to the form's `form-action` too, so the visit's origin (a checked http(s) origin) joins 'self'.
  const consentHeaders = (state: OAuthState) =>
    state.mode === 'redirect' && state.origin
      ? {
          ...bankHeaders,
          'content-security-policy': (bankHeaders['content-security-policy'] ?? '').replace(
            "form-action 'self'",
            `form-action 'self' ${state.origin}`,
          ),
        }
      : bankHeaders
  const ended = (c: Context) => html(c, endedPage(ctx, c.req.param('id') ?? ''), 404)

  // A new visit to the chosen bank: its state, then the bank's consent page.
  app.get('/connect/sessions/:id/oauth/start', (c) => {
    const session = liveSession(ctx, c.req.param('id'))
    if (!session) return ended(c)
    const bank = INSTITUTIONS.find((candidate) => candidate.name === session.institution)
    if (session.step !== 'credentials' || !bank || !isOAuthBank(bank))
      return c.redirect(sessionPath(ctx, session), 303)
    const state = startVisit(ctx, session, bank.id)
    return c.redirect(`${ctx.basePath}/oauth/authorize?state=${encodeURIComponent(state.id)}`, 303)
  })

  // A visit the bank can no longer answer. Redirect mode: a way back to the lender's page (without
  // the state), so a borrower in a webview is never left on the bank's page.
  const over = (c: Context, id: string) => {
    const known = ctx.oauthStates.get(id)
    const session = ctx.sessions.get(known?.sessionId ?? '')
    const back = known?.mode === 'redirect' ? session?.redirectUri : undefined
    return bankHtml(
      c,
      bankOverPage(
        textsFor(session?.locale ?? 'en'),
        ctx.basePath,
        known && bankById(known.institutionId),
        back,
      ),
      400,
    )
  }

  app.get('/oauth/authorize', (c) => {
    const state = openVisit(ctx, c.req.query('state') ?? '')
    const texts = textsFor(ctx.sessions.get(state?.sessionId ?? '')?.locale ?? 'en')
    const bank = state && bankById(state.institutionId)
    if (!state || !bank) return over(c, c.req.query('state') ?? '')
    return c.body(consentPage(texts, ctx.basePath, bank, state.id), 200, consentHeaders(state))
  })

  app.post('/oauth/authorize', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '')
    const open = openVisit(ctx, field('state'))
    // Answered already (a double click): the first decision holds, and its answer is sent again.
    const state = open ?? answeredVisit(ctx, field('state'))
    const session = ctx.sessions.get(state?.sessionId ?? '')
    const texts = textsFor(session?.locale ?? 'en')
    const bank = state && bankById(state.institutionId)
    const decision = field('decision')
    if (!state || !session || !bank || (decision !== 'allow' && decision !== 'deny'))
      return over(c, field('state'))
    if (open)
      state.decision =
        decision === 'deny'
          ? { allowed: false }
          : {
              allowed: true,
              outcome:
                field('outcome') === 'ibv_data_acquire_failed'
                  ? 'ibv_data_acquire_failed'
                  : 'complete',
            }
    if (state.mode === 'popup' || !session.redirectUri)
      return bankHtml(c, bankDonePage(texts, ctx.basePath, bank))
    // Redirect mode: back to the lender's page, which reopens the widget with the state.
    const back = new URL(session.redirectUri)
    back.hash = ''
    back.searchParams.set('oauth_state_id', state.id)
    return c.redirect(back.href, 303)
  })

  // Popup mode: whether the bank answered the session's visit. The widget asks while a window
  // may be open, because a window it cannot see (a lender page with COOP same-origin severs the
  // handle) still leads here.
  app.get('/connect/sessions/:id/oauth/answered', (c) => {
    const session = liveSession(ctx, c.req.param('id'))
    const state = session && ctx.oauthStates.get(session.oauthState ?? '')
    return c.json({ answered: Boolean(state && !state.over && state.decision) }, 200, {
      'cache-control': 'no-store',
    })
  })

  // Popup mode: the widget's page goes here once the bank's window reported or closed.
  app.get('/connect/sessions/:id/oauth/return', (c) => {
    const session = liveSession(ctx, c.req.param('id'))
    if (!session) return ended(c)
    const texts = textsFor(session.locale)
    const view: WidgetView = { basePath: ctx.basePath, texts, origin: session.origin, messages: [] }
    const chosen = INSTITUTIONS.find((candidate) => candidate.name === session.institution)
    // Already taken back (a second load of this address): the page as it ended, announcing nothing.
    if (session.step === 'done' && chosen) return html(c, connectedPage(view, chosen))
    const state = ctx.oauthStates.get(session.oauthState ?? '')
    if (!state || state.over || state.mode !== 'popup' || session.step !== 'credentials') {
      view.exit = exitMessage(null, { status: 'credentials' })
      return html(c, banksPage({ ...view, step: { at: 1, of: 3 } }, sessionPath(ctx, session)))
    }
    return html(c, takeBack(ctx, session, state, view))
  })

  return app
}
