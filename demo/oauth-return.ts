// The demo's side of the redirect path for banks that sign in with OAuth. With "Use redirect (as
// in a mobile webview)" on, the widget sends the whole page to the bank, which sends it back to
// this same page (the lender's redirect page: one fixed address, as a real service registers it)
// with `oauth_state_id` in its query. The page then reopens the widget for the same applicant
// (remembered in sessionStorage: an applicant id, never a token) and, once the widget has said how
// it ended, takes the state out of the address so that a reload or a shared link does not replay it.

const APPLICANT_KEY = 'northwind:applicant'
const REDIRECT_KEY = 'northwind:oauth-redirect'

/** Where the bank sends the page back: the officer's page itself. */
export const redirectPage = `${window.location.origin}/`

/** This page's address when the bank sent it back with a state, read once at load. */
export const receivedRedirectUri = new URLSearchParams(window.location.search).has('oauth_state_id')
  ? window.location.href
  : undefined

/** Takes `oauth_state_id` out of the address bar, keeping the rest (no new history entry). */
export function cleanOAuthReturn(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('oauth_state_id')) return
  url.searchParams.delete('oauth_state_id')
  window.history.replaceState(window.history.state, '', url)
}

/** The applicant open before the page left for the bank, or `fallback`. */
export function rememberedApplicant(fallback: string): string {
  return sessionStorage.getItem(APPLICANT_KEY) ?? fallback
}

export function rememberApplicant(consumerId: string): void {
  sessionStorage.setItem(APPLICANT_KEY, consumerId)
}

/** Whether "Use redirect" was on (it stays on across the bank's round trip). */
export function rememberedRedirect(): boolean {
  return sessionStorage.getItem(REDIRECT_KEY) === 'on'
}

export function rememberRedirect(on: boolean): void {
  if (on) sessionStorage.setItem(REDIRECT_KEY, 'on')
  else sessionStorage.removeItem(REDIRECT_KEY)
}
