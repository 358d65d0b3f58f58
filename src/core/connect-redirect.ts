// The way back from a bank that signs in with OAuth in redirect mode: the bank sends the whole
// page to the lender's `redirectUri`, with `oauth_state_id` in its query; that page gives its own
// address as `receivedRedirectUri`, and the widget opens by itself with the state, once.
import type { IbvError } from './errors.js'
import { assertRedirectUri } from './urls.js'

/** The states the widget was opened with on this page: each is good for one use only. */
const spent = new Set<string>()

/**
 * The OAuth state the bank returned with, read from `receivedRedirectUri`'s `oauth_state_id`
 * (relative to the page), unless a widget on this page was opened with it already. Undefined
 * without one, or for an address that does not parse.
 */
export function unusedOAuthState(receivedRedirectUri: string | undefined): string | undefined {
  if (!receivedRedirectUri) return undefined
  let state: string | null
  try {
    state = new URL(receivedRedirectUri, location.href).searchParams.get('oauth_state_id')
  } catch {
    return undefined
  }
  return state && !spent.has(state) ? state : undefined
}

/** Records that a widget was opened with `state`: it opens nothing more on this page. */
export function spendOAuthState(state: string): void {
  spent.add(state)
}

/**
 * Throws `assertRedirectUri`'s error for this page's origin, and logs its message: the page itself
 * shows only that the bank connection could not be started, and the mistake is the lender's.
 */
export function checkRedirectUri(redirectUri: string): void {
  try {
    assertRedirectUri(redirectUri, location.origin)
  } catch (error) {
    console.error((error as IbvError).message)
    throw error
  }
}
