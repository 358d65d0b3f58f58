import type { Context } from 'hono'
import type { SandboxContext } from '../context.js'
import { INSTITUTIONS, isOAuthBank } from '../report-data.js'
import {
  connectedPage,
  credentialsPage,
  mfaPage,
  notListedPage,
  type WidgetView,
} from '../pages/widget.js'
import { banksPage } from '../pages/widget-banks.js'
import { resolveLocale, textsFor } from '../pages/texts/index.js'
import {
  attach,
  credentialOutcome,
  exitMessage,
  finish,
  pendingMeta,
  reasons,
} from './widget-outcomes.js'
import { actionOf, endedPage, liveSession, stepOf, unreadFormAnswer } from './widget-sessions.js'
import { oauthStep } from './oauth.js'
import { FRAME_MESSAGES } from '../../core/frame-protocol.js'

// The widget's form posts, `POST /connect/sessions/:id`: step 1 chooses the bank (or says it is
// not listed), step 2 signs in to it (the test credentials decide what follows, docs/sandbox.md),
// step 3 takes the one-time code. Each answer is the next page, with the messages it posts.

const MFA_CODE = '123456'

const NOT_FOUND = {
  code: 'INSTITUTION_NOT_FOUND',
  message: 'The consumer could not find their bank in the list.',
}

/** The handler of `POST /connect/sessions/:id`. */
export function widgetStep(ctx: SandboxContext) {
  const html = (c: Context, body: string, status: 200 | 400 | 401 | 404 = 200) =>
    c.body(body, status, ctx.pageHeaders)
  const ended = (c: Context) =>
    html(c, endedPage(ctx, c.req.param('id') ?? '', resolveLocale(c.req.query('locale'))), 404)
  return async (c: Context) => {
    const session = liveSession(ctx, c.req.param('id') ?? '')
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
      return html(c, mfaPage({ ...view, step: stepOf(session, 3) }, action, chosen))
    }
    if (session.step === 'mfa') {
      const request = ctx.state.requests.get(session.productRequestId ?? '')
      // Announced before it is judged, as SUBMIT_CREDENTIALS is: an ERROR always follows its submit.
      view.messages.push({ type: FRAME_MESSAGES.event, name: 'SUBMIT_MFA', metadata: {} })
      if (field('code').trim() !== MFA_CODE || !request) {
        view.messages.push({
          type: FRAME_MESSAGES.event,
          name: 'ERROR',
          metadata: { error_code: 'INVALID_MFA_CODE' },
        })
        view.exit = exitMessage(
          { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
          pendingMeta(session),
        )
        view.step = stepOf(session, 3)
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
      if (!picked) return html(c, banksPage({ ...view, step: stepOf(session, 1) }, action))
      session.institution = picked.name
      view.messages.push({
        type: FRAME_MESSAGES.event,
        name: 'SELECT_INSTITUTION',
        metadata: { institution_id: picked.id, institution_name: picked.name },
      })
      if (isOAuthBank(picked))
        return html(c, oauthStep(ctx, session, { ...view, step: stepOf(session, 2) }, picked))
      return html(
        c,
        credentialsPage({ ...view, step: stepOf(session, 2) }, action, picked, { back: action }),
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
        banksPage({ ...view, step: stepOf(session, 1) }, action, '', texts.widget.chooseFromList),
        400,
      )
    }
    if (session.institution !== institution.name) {
      session.institution = institution.name
      view.messages.push({
        type: FRAME_MESSAGES.event,
        name: 'SELECT_INSTITUTION',
        metadata: { institution_id: institution.id, institution_name: institution.name },
      })
    }
    // No password for a bank that signs in on its own site: its step again.
    if (isOAuthBank(institution))
      return html(c, oauthStep(ctx, session, { ...view, step: stepOf(session, 2) }, institution))
    view.messages.push({ type: FRAME_MESSAGES.event, name: 'SUBMIT_CREDENTIALS', metadata: {} })
    const outcome = credentialOutcome(field('username').trim(), field('password'))
    if (outcome === 'wrong_credentials' || outcome === 'mfa') {
      // Both leave a request waiting in reconnect_required until the consumer finishes.
      const waiting = attach(ctx, session, institution.name, 'reconnect_required')
      if (waiting) reasons.set(waiting, outcome)
      if (outcome === 'mfa') {
        session.step = 'mfa'
        view.messages.push({ type: FRAME_MESSAGES.event, name: 'MFA_REQUIRED', metadata: {} })
        view.exit = exitMessage(
          { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
          pendingMeta(session),
        )
        return html(c, mfaPage({ ...view, step: stepOf(session, 3) }, action, institution))
      }
      view.messages.push({
        type: FRAME_MESSAGES.event,
        name: 'ERROR',
        metadata: { error_code: 'INVALID_CREDENTIALS' },
      })
      view.exit = exitMessage(
        { code: 'INVALID_CREDENTIALS', message: 'The bank did not accept the credentials.' },
        pendingMeta(session),
      )
      return html(
        c,
        credentialsPage({ ...view, step: stepOf(session, 2) }, action, institution, {
          error: texts.widget.wrongPassword,
          back: action,
          username: field('username').trim().slice(0, 200),
        }),
      )
    }
    attach(ctx, session, institution.name, outcome)
    return html(c, finish(view, session))
  }
}
