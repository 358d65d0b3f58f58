// The sandbox's hosted widget, completed over HTTP as a consumer would (no browser): the pages are
// server-rendered forms that carry, in `data-ibv-messages`, the messages each posts to its parent.
import { FRAME_MESSAGES } from '../core/frame-protocol.js'
import { OAUTH_OUTCOMES, visitBank, type OAuthOutcome } from './widget-oauth.js'
import {
  ending,
  openPage,
  types,
  type PostedMessage,
  type Send,
  type WidgetRun,
} from './widget-pages.js'

/**
 * How the consumer goes through the widget. At a bank that signs in with a password in the widget
 * (Platypus Bank), one of the sandbox's test credentials: `complete` (`user_good`), `mfa`
 * (`user_mfa`, then the code), `wrong_password`, `acquire_failed` (`user_acquire_fail`),
 * `generation_failed` (`user_generation_fail`). At a bank that signs in on its own site (Wombat
 * Bank (OAuth)), what the consumer does at the bank's page: `oauth_complete` (Allow),
 * `oauth_acquire_failed` (Allow, then the data pull fails), `oauth_denied` (Deny),
 * `oauth_closed` (the bank's window closed before a decision; popup mode only).
 */
export type ConnectOutcome =
  | 'complete'
  | 'mfa'
  | 'wrong_password'
  | 'acquire_failed'
  | 'generation_failed'
  | 'oauth_complete'
  | 'oauth_acquire_failed'
  | 'oauth_denied'
  | 'oauth_closed'

type PasswordOutcome = Exclude<ConnectOutcome, OAuthOutcome>

/** The outcomes after which no bank is connected: the consumer is back at the widget's bank list. */
export type CancelledOutcome = Extract<ConnectOutcome, 'oauth_denied' | 'oauth_closed'>

const CREDENTIALS: Record<PasswordOutcome, { username: string; password: string; code?: string }> =
  {
    complete: { username: 'user_good', password: 'pass_good' },
    mfa: { username: 'user_mfa', password: 'pass_good', code: '123456' },
    wrong_password: { username: 'user_good', password: 'wrong-password' },
    acquire_failed: { username: 'user_acquire_fail', password: 'pass_good' },
    generation_failed: { username: 'user_generation_fail', password: 'pass_good' },
  }

/** Every outcome `runWidget` knows, for checks and messages. */
export const CONNECT_OUTCOMES = [
  ...(Object.keys(CREDENTIALS) as PasswordOutcome[]),
  ...OAUTH_OUTCOMES,
] as readonly ConnectOutcome[]

/** Throws a `TypeError` naming the outcomes when `outcome` is none of them. */
export function checkOutcome(outcome: unknown): asserts outcome is ConnectOutcome {
  if (!CONNECT_OUTCOMES.includes(outcome as ConnectOutcome)) {
    throw new TypeError(
      `connect: outcome must be one of ${CONNECT_OUTCOMES.map((name) => `'${name}'`).join(', ')}, not ${JSON.stringify(outcome) ?? String(outcome)}.`,
    )
  }
}

/**
 * Opens `widgetUrl` (`…/connect?token=…&origin=…`) with `send` and goes through it as `outcome`
 * says: resolves to what its pages posted and the product request id. After a wrong password the
 * consumer leaves with Exit, as the widget's `ibv:exit` says. An `oauth_…` outcome chooses the
 * OAuth bank and decides at its consent page; in redirect mode the run stops where the bank sends
 * the page back (`redirectedTo`): {@link returnToWidget} goes on from there.
 */
export async function runWidget(
  send: Send,
  widgetUrl: string,
  outcome: ConnectOutcome = 'complete',
): Promise<WidgetRun> {
  checkOutcome(outcome)
  const messages: PostedMessage[] = []
  const first = await openPage(send, widgetUrl, messages)
  if (!first.action) throw new Error(`connect: the widget showed no form (${types(first.posted)})`)
  if (outcome.startsWith('oauth_')) {
    // Step 1 chooses the bank that signs in on its own site; step 2 goes there.
    const chosen = await openPage(send, first.action, messages, { institution: 'wombat_oauth' })
    return visitBank(send, chosen, outcome as OAuthOutcome, messages)
  }
  const credentials = CREDENTIALS[outcome as PasswordOutcome]
  // Step 1 chooses the bank (Platypus Bank, a test institution); step 2 signs in to it.
  const chosen = await openPage(send, first.action, messages, { institution: 'platypus' })
  if (!chosen.action)
    throw new Error(`connect: the widget showed no sign-in form (${types(chosen.posted)})`)
  let page = await openPage(send, chosen.action, messages, {
    institution: 'platypus',
    username: credentials.username,
    password: credentials.password,
  })
  if (credentials.code && page.action)
    page = await openPage(send, page.action, messages, { code: credentials.code })
  return ending(messages, page)
}

/**
 * Redirect mode, back from the bank: `widgetUrl` is the widget reopened with the bank's
 * `oauth_state_id` (as the lender's redirect page opens it). Resolves as `runWidget` does: the
 * request once the widget handed off, or `null` when the consumer did not allow (the bank list).
 */
export async function returnToWidget(send: Send, widgetUrl: string): Promise<WidgetRun> {
  const messages: PostedMessage[] = []
  const page = await openPage(send, widgetUrl, messages)
  if (
    messages.some(
      (message) => message.type === FRAME_MESSAGES.event && message.name === 'OAUTH_CANCELLED',
    )
  )
    return { messages, productRequestId: null }
  return ending(messages, page)
}

/** `widgetUrl` with the `oauth_state_id` of `redirectedTo` (where the bank sent the page back). */
export function widgetUrlWithState(widgetUrl: string, redirectedTo: string): string {
  const state = new URL(redirectedTo).searchParams.get('oauth_state_id')
  if (!state)
    throw new Error(
      `connect: the bank sent the page back to ${redirectedTo}, without an oauth_state_id.`,
    )
  const url = new URL(widgetUrl)
  url.searchParams.set('oauth_state_id', state)
  return url.href
}
