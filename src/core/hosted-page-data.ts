// The `data-*` attributes on the body of the hosted pages as the sandbox serves them (the connect
// widget, the bank's answer page, the report page). The sandbox's pages write them, their scripts
// read them, and the test kit, which goes through the widget over HTTP and speaks for a report
// frame where no browser loads it, reads them too: named once here, so none of the three drifts.

/** The names of the hosted pages' body `data-*` attributes, without `data-`. */
export const HOSTED_PAGE_DATA = {
  /** A widget page: the `ibv:*` messages it posts when it loads (JSON array). */
  messages: 'ibv-messages',
  /** A widget page: the origin its messages go to; none for a page opened on its own. */
  origin: 'ibv-origin',
  /** A widget page: the `ibv:exit` that leaving from it would post (JSON). */
  exit: 'ibv-exit',
  /** An OAuth bank's step: the address that starts the visit to the bank. */
  oauthStart: 'ibv-oauth-start',
  /** An OAuth bank's step, popup mode: where the widget goes once the bank's window answered. */
  oauthReturn: 'ibv-oauth-return',
  /** An OAuth bank's step, popup mode: where it asks whether the bank answered (JSON). */
  oauthAnswered: 'ibv-oauth-answered',
  /** An OAuth bank's step: the `ibv:event` it posts once the bank's page is opened (JSON). */
  oauthOpened: 'ibv-oauth-opened',
  /** The bank's answer page, popup mode: it tells the widget's window and closes. */
  oauthDone: 'ibv-oauth-done',
  /** The report page: its token has expired (it says `ibv:token_expired` when it loads). */
  expired: 'ibv-expired',
  /** The report page: it asks every few seconds whether its token is still valid. */
  tokenCheck: 'ibv-token-check',
  /** The report page, waiting for the report: the status it shows (it reloads when it moves). */
  status: 'ibv-status',
} as const

/** The name of a body `data-*` attribute as HTML writes it: `data-ibv-expired`. */
export const hostedPageAttribute = (name: keyof typeof HOSTED_PAGE_DATA) =>
  `data-${HOSTED_PAGE_DATA[name]}`
