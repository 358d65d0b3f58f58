import type { Context } from 'hono'
import type { SandboxContext } from '../context.js'
import { INSTITUTIONS, isOAuthBank } from '../report-data.js'
import { banksPage } from '../pages/widget-banks.js'
import { credentialsPage, widgetRefusedPage, type WidgetView } from '../pages/widget.js'
import { resolveLocale, textsFor } from '../pages/texts/index.js'
import { en } from '../pages/texts/en.js'
import { returnedVisit } from '../oauth-states.js'
import { exitMessage, reasons, reconnectNotice } from './widget-outcomes.js'
import { actionOf, liveSession, openSession, reconnecting, stepOf } from './widget-sessions.js'
import { oauthStep, takeBack } from './oauth.js'
import { FRAME_MESSAGES } from '../../core/frame-protocol.js'

// Opening the widget: `GET /connect?token=&origin=` (or `?link=`, a reconnect link), `&locale=`
// optional. It checks what it was opened with (the origin, a `redirect_uri` on it, the token or
// the link), takes back a visit to an OAuth bank (`&oauth_state_id=`), and shows the first step:
// the list of banks, or on a reconnect link the bank the request waits on.

const STATE_INVALID = {
  code: 'OAUTH_STATE_INVALID',
  message:
    'The oauth_state_id is unknown, already used, expired, or from another consumer or origin: the bank sign-in cannot resume.',
}

/** The handler of `GET /connect`. */
export function openWidget(ctx: SandboxContext) {
  const html = (c: Context, body: string, status: 200 | 400 | 401 | 404 = 200) =>
    c.body(body, status, ctx.pageHeaders)
  return (c: Context) => {
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
          type: FRAME_MESSAGES.exit,
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
      const owner = state && liveSession(ctx, state.sessionId)
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
          { type: FRAME_MESSAGES.ready },
          { type: FRAME_MESSAGES.event, name: 'OPEN', metadata: { mode: 'oauth_return' } },
        ],
      }
      return html(c, takeBack(ctx, resumed, state, back))
    }
    const session = openSession(ctx, consumerId, origin, locale)
    session.redirectUri = redirectUri
    view.messages.push(
      { type: FRAME_MESSAGES.ready },
      {
        type: FRAME_MESSAGES.event,
        name: 'OPEN',
        metadata: { mode: linkId ? 'reconnect' : 'connect' },
      },
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
        view.step = stepOf(session, 2)
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
    view.step = stepOf(session, 1)
    return html(c, banksPage(view, action))
  }
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
