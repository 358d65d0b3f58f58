import { Hono, type Context } from 'hono'
import type { SandboxContext, WidgetSession } from '../context.js'
import { INSTITUTIONS, isOAuthBank } from '../report-data.js'
import {
  connectedPage,
  credentialsPage,
  mfaPage,
  notListedPage,
  widgetRefusedPage,
  type WidgetView,
} from '../pages/widget.js'
import { banksPage } from '../pages/widget-banks.js'
import {
  attach,
  credentialOutcome,
  exitMessage,
  finish,
  pendingMeta,
  reasons,
  reconnectNotice,
} from './widget-outcomes.js'
import { endedPage, liveSession, openSession, unreadFormAnswer } from './widget-sessions.js'
import { resolveLocale, textsFor } from '../pages/texts/index.js'
import { en } from '../pages/texts/en.js'
import { oauthStep, takeBack } from './oauth.js'
import { returnedVisit } from '../oauth-states.js'

const MFA_CODE = '123456'

/** Sessions opened from a reconnect link: no bank to choose, so two steps. */
const reconnecting = new WeakSet<WidgetSession>()

const NOT_FOUND = {
  code: 'INSTITUTION_NOT_FOUND',
  message: 'The consumer could not find their bank in the list.',
}
const STATE_INVALID = {
  code: 'OAUTH_STATE_INVALID',
  message:
    'The oauth_state_id is unknown, already used, expired, or from another consumer or origin: the bank sign-in cannot resume.',
}

/**
 * The hosted connect widget: `GET /connect?token=&origin=` (or `?link=`), `&locale=` optional, and its
 * form posts. A session keeps the language it opened in. `&redirect_uri=` (on `origin`) sends OAuth
 * banks through the whole page rather than a popup; `&oauth_state_id=` takes such a visit back.
 */
export function widgetRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const html = (c: Context, body: string, status: 200 | 400 | 401 | 404 = 200) =>
    c.body(body, status, ctx.pageHeaders)
  const ended = (c: Context) =>
    html(c, endedPage(ctx, c.req.param('id') ?? '', resolveLocale(c.req.query('locale'))), 404)
  const live = (id: string) => liveSession(ctx, id)
  const step = (session: WidgetSession, at: number) =>
    reconnecting.has(session) ? { at: at - 1, of: 2 } : { at, of: 3 }

  app.get('/connect', (c) => {
    const basePath = ctx.basePath
    const linkId = c.req.query('link')
    // A reconnect link is opened on its own: no app chose a language, the browser says which it prefers.
    const locale = resolveLocale(
      c.req.query('locale'),
      linkId === undefined ? undefined : c.req.header('accept-language'),
    )
    const texts = textsFor(locale)
    const originParam = c.req.query('origin')
    const origin = originParam === undefined ? undefined : validOrigin(originParam)
    if (originParam !== undefined && !origin) {
      return html(
        c,
        widgetRefusedPage(
          { basePath, texts, origin: undefined, messages: [] },
          texts.widget.badOrigin,
        ),
        400,
      )
    }
    const redirectParam = c.req.query('redirect_uri')
    const redirectUri =
      redirectParam === undefined ? undefined : validRedirect(redirectParam, origin)
    if (redirectParam !== undefined && !redirectUri) {
      const messages = [
        exitMessage(
          { code: 'INVALID_REDIRECT_URI', message: en.oauth.badRedirect },
          { status: 'refused' },
        ),
      ]
      return html(
        c,
        widgetRefusedPage({ basePath, texts, origin, messages }, texts.oauth.badRedirect),
        400,
      )
    }
    const view: WidgetView = { basePath, texts, origin, messages: [] }
    let consumerId: string
    if (linkId !== undefined) {
      const consumer = ctx.state.consumerByLink(linkId)
      if (!consumer) return html(c, widgetRefusedPage(view, texts.widget.reconnectLinkInvalid), 404)
      consumerId = consumer.id
    } else {
      const checked = ctx.tokens.check(c.req.query('token'), 'consumer')
      if (typeof checked === 'string') {
        const expired = checked === 'expired'
        // The message is for the app's developers, in English; the page is for the consumer.
        const message = expired ? en.widget.tokenExpired : en.widget.connectLinkInvalid
        view.messages.push({
          type: 'ibv:exit',
          error: { code: expired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN', message },
          metadata: { status: 'refused' },
        })
        return html(
          c,
          widgetRefusedPage(
            view,
            expired ? texts.widget.tokenExpired : texts.widget.connectLinkInvalid,
          ),
          401,
        )
      }
      consumerId = checked.subject
    }
    const stateId = c.req.query('oauth_state_id')
    if (stateId !== undefined) {
      const state = returnedVisit(ctx, stateId, consumerId, origin)
      // Only while its session is still at that bank's step: one that went on to another bank
      // (Back from the bank's page, say) never connects a second time.
      const owner = state && live(state.sessionId)
      const atBank =
        owner?.step === 'credentials' &&
        owner.oauthState === state?.id &&
        owner.institution === INSTITUTIONS.find((bank) => bank.id === state?.institutionId)?.name
      const resumed = atBank ? owner : undefined
      if (!state || !resumed) {
        view.messages.push(exitMessage(STATE_INVALID, { status: 'refused' }))
        return html(c, widgetRefusedPage(view, texts.oauth.stateInvalid), 400)
      }
      const back: WidgetView = {
        basePath,
        texts: textsFor(resumed.locale),
        origin,
        messages: [
          { type: 'ibv:ready' },
          { type: 'ibv:event', name: 'OPEN', metadata: { mode: 'oauth_return' } },
        ],
      }
      return html(c, takeBack(ctx, resumed, state, back))
    }
    const session = openSession(ctx, consumerId, origin, locale)
    session.redirectUri = redirectUri
    view.messages.push(
      { type: 'ibv:ready' },
      { type: 'ibv:event', name: 'OPEN', metadata: { mode: linkId ? 'reconnect' : 'connect' } },
    )
    view.exit = exitMessage(null, { status: 'credentials' })
    const action = actionOf(ctx, session)
    if (linkId !== undefined) {
      const consumer = ctx.state.consumers.get(consumerId)
      const waiting = [...(consumer?.requests ?? [])]
        .reverse()
        .map((id) => ctx.state.requests.get(id))
        .find((request) => request?.status === 'reconnect_required')
      const bank = INSTITUTIONS.find(
        (candidate) => candidate.name === (waiting?.institution ?? consumer?.institution),
      )
      if (bank) {
        reconnecting.add(session)
        view.step = step(session, 2)
        if (isOAuthBank(bank)) {
          session.institution = bank.name
          return html(c, oauthStep(ctx, session, view, bank))
        }
        return html(
          c,
          credentialsPage(view, action, bank, {
            notice: reconnectNotice(texts, bank.name, waiting && reasons.get(waiting)),
            back: action,
          }),
        )
      }
    }
    view.step = step(session, 1)
    return html(c, banksPage(view, action))
  })

  // The search: the list again, with the banks that match `q`.
  app.get('/connect/sessions/:id', (c) => {
    const session = live(c.req.param('id'))
    if (!session) return ended(c)
    const view: WidgetView = {
      basePath: ctx.basePath,
      texts: textsFor(session.locale),
      origin: session.origin,
      messages: [],
    }
    // No step on the refusal: the consumer is past step 1 (at the code, or done).
    if (session.step !== 'credentials')
      return html(c, widgetRefusedPage(view, view.texts.widget.bankAlreadyChosen), 400)
    view.step = { at: 1, of: 3 }
    reconnecting.delete(session)
    view.exit = exitMessage(null, { status: 'credentials' })
    return html(
      c,
      banksPage(view, actionOf(ctx, session), (c.req.query('q') ?? '').trim().slice(0, 100)),
    )
  })

  app.post('/connect/sessions/:id', async (c) => {
    const session = live(c.req.param('id'))
    if (!session) return ended(c)
    let form: Awaited<ReturnType<typeof c.req.parseBody>>
    try {
      form = await c.req.parseBody()
    } catch {
      // Not a form this page sent (a broken multipart body, say): a widget page, not a 500.
      const answer = unreadFormAnswer(ctx, session.id, 'formUnread')
      return c.body(answer.page, answer.status, ctx.pageHeaders)
    }
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '')
    const texts = textsFor(session.locale)
    const view: WidgetView = { basePath: ctx.basePath, texts, origin: session.origin, messages: [] }
    const action = actionOf(ctx, session)
    const chosen =
      INSTITUTIONS.find((candidate) => candidate.name === session.institution) ?? INSTITUTIONS[0]

    if (session.step === 'done') return html(c, connectedPage(view, chosen))
    if (session.step === 'mfa' && !('code' in form)) {
      // Not a code (a replayed form, say): the code page again, announcing nothing.
      view.exit = exitMessage(
        { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
        pendingMeta(session),
      )
      return html(c, mfaPage({ ...view, step: step(session, 3) }, action, chosen))
    }
    if (session.step === 'mfa') {
      const request = ctx.state.requests.get(session.productRequestId ?? '')
      // Announced before it is judged, as SUBMIT_CREDENTIALS is: an ERROR always follows its submit.
      view.messages.push({ type: 'ibv:event', name: 'SUBMIT_MFA', metadata: {} })
      if (field('code').trim() !== MFA_CODE || !request) {
        view.messages.push({
          type: 'ibv:event',
          name: 'ERROR',
          metadata: { error_code: 'INVALID_MFA_CODE' },
        })
        view.exit = exitMessage(
          { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
          pendingMeta(session),
        )
        view.step = step(session, 3)
        return html(c, mfaPage(view, action, chosen, texts.widget.wrongCode(chosen.name)))
      }
      ctx.state.reconnect(request, 'complete')
      return html(c, finish(view, session))
    }
    if (field('not_listed')) {
      // The consumer's bank is not offered: the widget ends here, and says so to the embedder.
      session.step = 'ended'
      view.messages.push(exitMessage(NOT_FOUND, { status: 'institution_not_found' }))
      return html(c, notListedPage(view))
    }

    const picked = INSTITUTIONS.find((candidate) => candidate.id === field('institution'))
    if (!('username' in form)) {
      // Step 1 done: the bank is chosen; its sign-in is next.
      view.exit = exitMessage(null, { status: 'credentials' })
      if (!picked) return html(c, banksPage({ ...view, step: step(session, 1) }, action))
      session.institution = picked.name
      view.messages.push({
        type: 'ibv:event',
        name: 'SELECT_INSTITUTION',
        metadata: { institution_id: picked.id, institution_name: picked.name },
      })
      if (isOAuthBank(picked))
        return html(c, oauthStep(ctx, session, { ...view, step: step(session, 2) }, picked))
      return html(
        c,
        credentialsPage({ ...view, step: step(session, 2) }, action, picked, { back: action }),
      )
    }
    // Signing in needs a bank from the list: the one sent, or the one chosen in step 1. A forged
    // or missing id never signs in to a bank nobody chose.
    const institution =
      'institution' in form
        ? picked
        : INSTITUTIONS.find((candidate) => candidate.name === session.institution)
    if (!institution) {
      view.exit = exitMessage(null, { status: 'credentials' })
      return html(
        c,
        banksPage({ ...view, step: step(session, 1) }, action, '', texts.widget.chooseFromList),
        400,
      )
    }
    if (session.institution !== institution.name) {
      session.institution = institution.name
      view.messages.push({
        type: 'ibv:event',
        name: 'SELECT_INSTITUTION',
        metadata: { institution_id: institution.id, institution_name: institution.name },
      })
    }
    // No password for a bank that signs in on its own site: its step again.
    if (isOAuthBank(institution))
      return html(c, oauthStep(ctx, session, { ...view, step: step(session, 2) }, institution))
    view.messages.push({ type: 'ibv:event', name: 'SUBMIT_CREDENTIALS', metadata: {} })
    const outcome = credentialOutcome(field('username').trim(), field('password'))
    if (outcome === 'wrong_credentials' || outcome === 'mfa') {
      // Both leave a request waiting in reconnect_required until the consumer finishes.
      const waiting = attach(ctx, session, institution.name, 'reconnect_required')
      if (waiting) reasons.set(waiting, outcome)
      if (outcome === 'mfa') {
        session.step = 'mfa'
        view.messages.push({ type: 'ibv:event', name: 'MFA_REQUIRED', metadata: {} })
        view.exit = exitMessage(
          { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
          pendingMeta(session),
        )
        return html(c, mfaPage({ ...view, step: step(session, 3) }, action, institution))
      }
      view.messages.push({
        type: 'ibv:event',
        name: 'ERROR',
        metadata: { error_code: 'INVALID_CREDENTIALS' },
      })
      view.exit = exitMessage(
        { code: 'INVALID_CREDENTIALS', message: 'The bank did not accept the credentials.' },
        pendingMeta(session),
      )
      return html(
        c,
        credentialsPage({ ...view, step: step(session, 2) }, action, institution, {
          error: texts.widget.wrongPassword,
          back: action,
          username: field('username').trim().slice(0, 200),
        }),
      )
    }
    attach(ctx, session, institution.name, outcome)
    return html(c, finish(view, session))
  })

  return app
}

function actionOf(ctx: SandboxContext, session: WidgetSession): string {
  return `${ctx.basePath}/connect/sessions/${encodeURIComponent(session.id)}`
}

/** The origin itself when `value` is an http(s) origin with nothing after it, else undefined. */
function validOrigin(value: string): string | undefined {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
      ? url.origin
      : undefined
  } catch {
    return undefined
  }
}

/** `value` when it is an absolute http(s) URL on `origin` (the sandbox's registered redirect URIs), else undefined. */
function validRedirect(value: string, origin: string | undefined): string | undefined {
  try {
    const url = new URL(value)
    return origin !== undefined && url.origin === origin ? url.href : undefined
  } catch {
    return undefined
  }
}
