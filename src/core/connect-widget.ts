// The connect widget's public shapes: whose bank it connects, what it reports, the states it goes
// through. Every adapter (the React hook and button, the custom element) speaks in these.
import type { ConnectExitError, ConnectExitMetadata, ConnectInstitution } from './frame-protocol.js'
import type { HostedPageOptions } from './urls.js'

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
   * last announced in `ibv:exit_pending`, else `{ status: 'closed_by_user' }`).
   */
  onExit?: (error: ConnectExitError | null, metadata: ConnectExitMetadata) => void
  /** Every step the widget reports (`OPEN`, `SUBMIT_CREDENTIALS`, `ERROR`, …). */
  onEvent?: (name: string, metadata: Record<string, unknown>) => void
  /** A message from the widget's window and origin that is not one of its messages. */
  onInvalidMessage?: (data: unknown) => void
  /**
   * Where the widget lives. `options` holds the language the widget is asked to speak, if any
   * (`locale`, and the query parameter the default URL sends it in, `localeParam`).
   * @default `{serviceUrl}/connect?token=…&origin=…` (and `&locale=…` with a locale): `connectWidgetUrl`
   */
  widgetUrl?: (serviceUrl: string, token: string, origin: string, options: HostedPageOptions) => string
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
}

/**
 * `unavailable`: the dialog is open and shows that the widget could not be opened (it said
 * nothing within `readyTimeoutMs`).
 */
export type ConnectWidgetState = 'idle' | 'loading' | 'open' | 'unavailable' | 'error'
