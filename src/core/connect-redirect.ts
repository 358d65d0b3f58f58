// The way back from a bank that signs in with OAuth in redirect mode: the bank sends the whole
// page to the lender's `redirectUri`, with `oauth_state_id` in its query; that page gives its own
// address as `receivedRedirectUri`, and the widget opens by itself with the state, once, and
// only in a tab that left for a bank: a link with a made-up `oauth_state_id`, sent to anyone,
// would otherwise open the widget and mint a token on every page view.
import type { IbvError } from './errors.js'
import { assertRedirectUri } from './urls.js'
import type { ConnectScope } from './connect-session-scope.js'

/**
 * Where this tab notes when it opened the widget on the redirect path: the time alone (no token,
 * no id). sessionStorage is the tab's own and outlives the trip to the bank and back.
 */
const LEFT_KEY = 'ibv-kit:oauth-redirect'

/** How long a state lives (the service's 30 minutes): a return later than that resumes nothing. */
export const OAUTH_RETURN_WINDOW_MS = 30 * 60_000

/** The tab's sessionStorage, or undefined where there is none or it is refused (storage blocked). */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined
  } catch {
    return undefined
  }
}

/** Notes that this tab opened the widget on the redirect path: a bank may send it back. */
export function noteRedirectPath(): void {
  try {
    tabStorage()?.setItem(LEFT_KEY, String(Date.now()))
  } catch {
    // Full or refused: a return to this tab then opens nothing by itself ("Connect bank" does).
  }
}

/** Whether this tab opened the widget on the redirect path within the state's life. */
function leftForBank(): boolean {
  const at = Number(tabStorage()?.getItem(LEFT_KEY))
  return at > 0 && Date.now() - at <= OAUTH_RETURN_WINDOW_MS
}

/**
 * The OAuth state the bank returned with, read from `receivedRedirectUri`'s `oauth_state_id`
 * (relative to the page), unless a widget of `scope` was opened with it already, or this tab did
 * not open the widget on the redirect path in the last 30 minutes (a link from elsewhere).
 * Undefined without one, or for an address that does not parse.
 */
export function unusedOAuthState(
  receivedRedirectUri: string | undefined,
  scope: Pick<ConnectScope, 'spent'>,
): string | undefined {
  if (!receivedRedirectUri || !leftForBank()) return undefined
  let state: string | null
  try {
    state = new URL(receivedRedirectUri, location.href).searchParams.get('oauth_state_id')
  } catch {
    return undefined
  }
  return state && !scope.spent(state) ? state : undefined
}

/** Records that a widget was opened with `state`: it opens nothing more in `scope`, nor a later return to this tab. */
export function spendOAuthState(state: string, scope: Pick<ConnectScope, 'spend'>): void {
  scope.spend(state)
  forgetRedirectPath()
}

/**
 * Forgets that this tab may be sent back: the applicant used a return, or ended the widget here
 * (exit, close, success) instead of leaving for a bank. A later `oauth_state_id` is a link from
 * elsewhere until the widget is shown on the redirect path again, or says it sent the page to a bank.
 */
export function forgetRedirectPath(): void {
  try {
    tabStorage()?.removeItem(LEFT_KEY)
  } catch {
    // Refused: nothing was noted either.
  }
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
