import type { ConnectWidgetCallbacks, ConnectWidgetState } from './connect-widget.js'
import type { IbvError } from './errors.js'
import type { HeldToken } from './held-token.js'
import type { PageListener } from './page-events.js'
import type { HostedPageOptions } from './urls.js'
import type { ServiceOriginPolicy } from './service-origins.js'

// What a connect session takes, shows and answers to: the contract between the engine
// (connect-session.ts) and its adapters (the React hook and dialog, the custom element).

/**
 * What a connect session needs besides the widget's callbacks: its service, token and invite, and
 * the language the widget is asked to speak (`locale`, sent as `localeParam`). Every option is read
 * when it is needed (the token and the widget's address at each open), so options handed over by
 * `setOptions` take effect on the next open. The same token source and page events as an embed
 * session (`EmbedSessionOptions`).
 */
export interface ConnectSessionOptions extends ConnectWidgetCallbacks, HostedPageOptions {
  /** The service's base URL: the widget lives under it. */
  serviceUrl: string
  /** The origins `serviceUrl` may be on (`assertServiceOrigin`): another fails the opening (`invalid_request`) before any token is asked for. Unset: not checked. */
  serviceOrigins?: ServiceOriginPolicy
  /**
   * A usable token for the widget other than `stale`: the one held while it has life left, else a
   * new one. `stale` is a token that failed to open the widget ("Try again") or whose invite was
   * used; undefined for an ordinary open.
   */
  getToken: (stale: string | undefined) => Promise<HeldToken>
  /**
   * Feeds the session the page's messages while its widget shows (`listenToPage` in a browser);
   * returns what stops it. Without it, the adapter calls `message` itself.
   */
  listen?: (listener: PageListener) => () => void
  /** On the borrower's page: the invite the token is asked for with. A success uses it up. */
  invite?: string
  /** Tells the backend the invite was used, so the link is refused from now on. */
  completeInvite?: (invite: string, productRequestId: string) => Promise<void>
}

/** What an adapter renders. A new object for each change; never changed in place. */
export interface ConnectSessionSnapshot {
  /** Where the widget is: `idle`, `loading` its token, `open`, `unavailable` (it said nothing in time), `error` (no token). */
  readonly state: ConnectWidgetState
  /** The widget's URL while the dialog shows it (`open`), or shows that it is unavailable. */
  readonly src?: string
  /** Why no token could be had (`error`). */
  readonly error?: IbvError
  /** The height the widget's page asked for, in CSS pixels. */
  readonly height?: number
  /**
   * The widget's page has spoken (`open`): until then its frame stays hidden, since a page that
   * never speaks may be the browser's own error page, and the dialog says the widget is opening.
   */
  readonly ready?: boolean
}

/** The frame an adapter shows the widget in: messages count only from its window. */
export interface ConnectFrame {
  /** The frame's window (an `<iframe>`'s `contentWindow`), the only sender the session listens to. */
  readonly contentWindow: unknown
}

/** One connect widget, driven by what the user does and by what its frame says. */
export interface ConnectSession {
  /** Opens the widget (from `idle` or `error`); resolves once it is open or has failed. */
  open(): Promise<void>
  /**
   * On the page a bank sent the applicant back to: opens the widget by itself (as `open()` does),
   * where the applicant left it, when the options' `receivedRedirectUri` carries an OAuth state
   * that no widget on this page has been opened with; else does nothing. Adapters call it once
   * they are on the page.
   */
  resume(): Promise<void>
  /** Closes without a word to `onExit`: the page closes it, not the user. */
  close(): void
  /** The user closed the dialog (its close button, Escape): reported as the widget would, unless it was unavailable. */
  dismiss(): void
  /** "Try again" after the widget was unavailable: a fresh token, a new wait. */
  retry(): Promise<void>
  /** The frame the widget's page is in now, or null once it is gone. */
  attachFrame(frame: ConnectFrame | null): void
  /** A `message` event of the page; only the widget's origin and frame count, while it shows. */
  message(data: unknown, origin: string, source: unknown): void
  /** New options (callbacks, token source, service, locale): read when something happens, not copied. */
  setOptions(options: ConnectSessionOptions): void
  /** Calls `listener` after each change of the snapshot; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** What to render now: the same object until something changes. */
  getSnapshot(): ConnectSessionSnapshot
}
