// The connect widget's public shapes: whose bank it connects, what it reports, the states it goes
// through. Every adapter (the React hook and button, the custom element) speaks in these.
import type { IbvError } from './errors.js'
import type { ConnectExitError, ConnectExitMetadata, ConnectInstitution } from './frame-protocol.js'
import type { ConnectWidgetUrlOptions } from './urls.js'

/** A connected bank: what `onSuccess` is told. */
export interface ConnectSuccess {
  /** The product request the connection created (or, after a reconnect, continued): keep it. */
  productRequestId: string
  /** The bank the consumer chose. */
  institution: ConnectInstitution
}

/**
 * Whose bank the widget connects: the applicant's id on the lender's own pages, or the invite a
 * borrower's page was opened with. Exactly one of the two.
 */
export type ConnectWidgetSubject =
  | {
      /** The applicant's id in the lender's system: the consumer whose bank is connected. */
      consumerId: string
      invite?: undefined
    }
  | {
      /**
       * On the borrower's own page: the invite it was opened with (its `ibv_invite` parameter).
       * The widget's token is asked for with the invite instead of a consumer id (no session
       * needed), and a success tells the backend, which then refuses the link.
       */
      invite: string
      consumerId?: undefined
    }

/** What `useConnectWidget` and `<ConnectButton>` take besides whose bank it is. */
export interface ConnectWidgetCallbacks {
  /** The consumer connected a bank: a product request now exists. */
  onSuccess?: (success: ConnectSuccess) => void
  /**
   * The widget closed without success: `error` says why, or null when the user just left.
   * `metadata.productRequestId` is set when a request was left waiting in `reconnect_required`
   * (a wrong password, an unfinished MFA step): keep it, as for a success, to offer a reconnect.
   * Every way of leaving reports what the widget's Exit button would: Exit, Escape inside the
   * widget, and the dialog's own close button and Escape outside the frame (with what the widget
   * last announced in `ibv:exit_pending`, else `{ status: 'closed_by_user' }`). The widget refuses
   * to open with `INVALID_REDIRECT_URI` (a `redirectUri` the service does not accept) or, after a
   * bank's redirect, `OAUTH_STATE_INVALID` (`metadata.status` `refused`). Not called when the
   * widget never opened for want of a token: that is `onError`.
   */
  onExit?: (error: ConnectExitError | null, metadata: ConnectExitMetadata) => void
  /**
   * The widget could not be opened because no token could be had (after the token-fetcher's
   * retries), or the setup cannot work (a `redirectUri` or service URL refused): called once per
   * failure, with a typed `IbvError` whose `source` says which side failed (`backend`, `service`,
   * `network`, or `app` for the setup) and whose `code` says how. The button shows its error
   * meanwhile ("Try again" is a new click); `onExit` is not called, as the widget never opened.
   */
  onError?: (error: IbvError) => void
  /**
   * Every step the widget reports (`OPEN`, `SELECT_INSTITUTION`, `SUBMIT_CREDENTIALS`, `ERROR`, …),
   * with the widget's own metadata (snake_case, as sent). Banks that sign in with OAuth add three,
   * each with `institution_id`, `institution_name` and `mode` (`popup` or `redirect`):
   * - `OAUTH_OPENED`: the bank's page was opened, in a window (`popup`) or in place of the whole
   *   page (`redirect`);
   * - `OAUTH_COMPLETED`: the applicant allowed access; the widget goes on as for any bank;
   * - `OAUTH_CANCELLED`: back at the list of banks, with `reason` `denied` (the applicant said no
   *   at the bank) or `closed` (the bank's window was closed before they finished).
   */
  onEvent?: (name: string, metadata: Record<string, unknown>) => void
  /** A message from the widget's window and origin that is not one of its messages. */
  onInvalidMessage?: (data: unknown) => void
  /**
   * Where the widget lives. `options` holds the language the widget is asked to speak, if any
   * (`locale`, and the query parameter the default URL sends it in, `localeParam`), the lender's
   * `redirectUri` (checked already) and, when it opens by itself after a bank's redirect, the
   * `oauthStateId` the bank returned with.
   * @default `{serviceUrl}/connect?token=…&origin=…` (and `&redirect_uri=…`, `&oauth_state_id=…`, `&locale=…` when given): `connectWidgetUrl`
   */
  widgetUrl?: (
    serviceUrl: string,
    token: string,
    origin: string,
    options: ConnectWidgetUrlOptions,
  ) => string
  /**
   * How long, in milliseconds, the widget has to say it is ready in its frame. Past it (the service
   * unreachable or failing, or a Content-Security-Policy that refuses the frame), the dialog shows
   * its own error with "Try again" and "Close", and `onExit` is called once with the error code
   * `WIDGET_UNAVAILABLE` and `metadata.status` `unavailable`. "Try again" loads the widget with a
   * fresh token; should that fail too, `onExit` is called again (once for each failure shown).
   * Closing the dialog after the error reports nothing more.
   * @default `<IbvProvider readyTimeoutMs>`, else 10000
   */
  readyTimeoutMs?: number
  /**
   * The redirect path of banks that sign in with OAuth (mobile webviews, browsers that block
   * windows): your page the bank sends the whole page back to once the applicant has answered.
   * With it, such banks leave your page for the bank's (a click on "Continue to …" in the widget)
   * instead of opening the bank's page in a window; banks that take a password are unchanged. It
   * must be an absolute http(s) URL on this page's origin (the state is bound to it), and may
   * carry your own query (the applicant's id, say), kept on the way back. Anything else is an
   * `IbvError` (`invalid_request`, `fields.redirectUri`), logged, and the button's error state,
   * before any token is asked for. That page renders the widget again with `receivedRedirectUri`.
   * For example `${window.location.origin}/applicants/LND-42/bank-return`.
   */
  redirectUri?: string
  /**
   * On your `redirectUri` page: the address the bank sent the applicant back to (pass
   * `window.location.href`). When it carries `oauth_state_id`, the widget opens by itself, with
   * no click, where the applicant left it, and ends in the same `onSuccess` or `onExit` as ever;
   * it does so once per provider (a later open, by the button, starts over). Without `oauth_state_id`
   * it does nothing. A state that is unknown, used, expired, or another applicant's ends in
   * `onExit` with the error code `OAUTH_STATE_INVALID`, the dialog closed. Take `oauth_state_id`
   * off the address (`history.replaceState`) once read, so a reload does not replay it.
   */
  receivedRedirectUri?: string
}

/**
 * `unavailable`: the dialog is open and shows that the widget could not be opened (it said
 * nothing within `readyTimeoutMs`).
 */
export type ConnectWidgetState = 'idle' | 'loading' | 'open' | 'unavailable' | 'error'
