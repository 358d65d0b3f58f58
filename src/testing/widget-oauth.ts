// A bank that signs in on its own site (OAuth), over HTTP: the widget's page gives the address
// that starts the visit (and, in popup mode, the one its script goes back to); the bank's consent
// page is a form with Allow and Deny.
import { FRAME_MESSAGES } from '../core/frame-protocol.js'
import { hostedPageAttribute } from '../core/hosted-page-data.js'
import {
  attribute,
  ending,
  formRequest,
  openPage,
  types,
  type PostedMessage,
  type Send,
  type WidgetPage,
  type WidgetRun,
} from './widget-pages.js'

/** What the consumer does at the bank's consent page, and what follows. */
export type OAuthOutcome =
  'oauth_complete' | 'oauth_acquire_failed' | 'oauth_denied' | 'oauth_closed'

export const OAUTH_OUTCOMES: readonly OAuthOutcome[] = [
  'oauth_complete',
  'oauth_acquire_failed',
  'oauth_denied',
  'oauth_closed',
]

// The consent page's form: `decision`, and after Allow the sandbox's test `outcome`.
const DECISIONS: Record<
  Exclude<OAuthOutcome, 'oauth_closed'>,
  { decision: 'allow' | 'deny'; outcome: string }
> = {
  oauth_complete: { decision: 'allow', outcome: 'complete' },
  oauth_acquire_failed: { decision: 'allow', outcome: 'ibv_data_acquire_failed' },
  oauth_denied: { decision: 'deny', outcome: 'complete' },
}

/** Sends a GET (or a POST of `form`) and expects a redirect: its `Location`, absolute. */
async function redirected(
  send: Send,
  url: string,
  what: string,
  form?: Record<string, string>,
): Promise<string> {
  const response = await send(formRequest(url, form))
  const location = response.headers.get('location')
  if (response.status !== 303 || !location)
    throw new Error(
      `connect: ${what} answered ${response.status} where a redirect was due: ${(await response.text()).slice(0, 200)}`,
    )
  return new URL(location, url).href
}

/**
 * From the widget's OAuth page (`page`), visits the bank and decides as `outcome` says. Popup
 * mode: the bank's window reports back and the widget's page goes to its return address, which
 * hands off (`oauth_complete`, `oauth_acquire_failed`) or shows the bank list again. Redirect mode:
 * the bank sends the whole page to the lender's redirect page, where the run stops.
 */
export async function visitBank(
  send: Send,
  page: WidgetPage,
  outcome: OAuthOutcome,
  messages: PostedMessage[],
): Promise<WidgetRun> {
  const start = attribute(page.html, hostedPageAttribute('oauthStart'))
  if (!start)
    throw new Error(
      `connect: the OAuth bank showed no page that sends the consumer to the bank (${types(page.posted)})`,
    )
  const back = attribute(page.html, hostedPageAttribute('oauthReturn'))
  if (outcome === 'oauth_closed' && !back) {
    throw new Error(
      "connect: 'oauth_closed' closes the bank's window, which only the popup mode has; this widget sends the whole page to the bank (it was opened with a redirect_uri).",
    )
  }
  // What the page's script posts once the bank's window opened, or the link to the bank was clicked.
  const opened = attribute(page.html, hostedPageAttribute('oauthOpened'))
  if (opened) messages.push(JSON.parse(opened) as PostedMessage)

  const consentUrl = await redirected(
    send,
    new URL(start, page.url).href,
    'the start of the visit to the bank',
  )
  const consent = await send(formRequest(consentUrl))
  const html = await consent.text()
  const state = attribute(html, 'name="state" value')
  const action = attribute(html, '<form method="post" action')
  if (!consent.ok || !state || !action)
    throw new Error(
      `connect: the bank's consent page answered ${consent.status} without its form: ${html.slice(0, 200)}`,
    )
  const decision = outcome === 'oauth_closed' ? undefined : { state, ...DECISIONS[outcome] }
  // Redirect mode ('oauth_closed' was refused above): the bank sends the whole page back.
  if (!back)
    return {
      messages,
      productRequestId: null,
      redirectedTo: await redirected(send, new URL(action, consentUrl).href, 'the bank', decision),
    }
  if (decision) {
    const answered = await send(formRequest(new URL(action, consentUrl).href, decision))
    if (!answered.ok)
      throw new Error(
        `connect: the bank answered ${answered.status} to ${decision.decision}: ${(await answered.text()).slice(0, 200)}`,
      )
  }
  // Popup mode: the bank's window reported back (or was closed), and the widget goes to its return page.
  const returned = await openPage(send, new URL(back, page.url).href, messages)
  const cancelled = returned.posted.some(
    (message) => message.type === FRAME_MESSAGES.event && message.name === 'OAUTH_CANCELLED',
  )
  return cancelled ? { messages, productRequestId: null } : ending(messages, returned)
}
