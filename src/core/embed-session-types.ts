import type { EmbeddedReportState, Frame } from './embed-frames.js'
import type { EmbedderMessage } from './frame-protocol.js'
import type { HeldToken } from './held-token.js'
import type { PageListener } from './page-events.js'
import type { PrefetchedList } from './prefetched.js'
import type { HostedPageOptions } from './urls.js'
import type { ServiceOriginPolicy } from './service-origins.js'

// What an embed session takes, shows and answers to: the contract between the engine
// (embed-session.ts) and its adapters (the React component, the custom elements).

/** An iframe, as much of it as the session uses: where to say hello, and whose messages it hears. */
export interface EmbedFrameElement {
  readonly src: string
  readonly contentWindow: {
    postMessage(message: EmbedderMessage, targetOrigin: string): void
  } | null
}

/**
 * What an embed session takes. Its identity (`productRequestId`, `serviceUrl`, `serviceOrigins`)
 * is kept for its life: another means another session. The rest can change (`setOptions`).
 * `locale` (and `localeParam`) ask the report page for a language.
 */
export interface EmbedSessionOptions extends HostedPageOptions {
  productRequestId: string
  serviceUrl: string
  /**
   * The origins `serviceUrl` may be on (`assertServiceOrigin`): another one is the session's own
   * `invalid_request` error, with no token asked for and nothing loaded. Unset: not checked.
   */
  serviceOrigins?: ServiceOriginPolicy
  /**
   * A token for the report other than `stale` (the one the session holds, if any): another
   * session's newer one, or a new one. Sessions of one report share it, and one fetch.
   */
  getToken: (stale: string | undefined) => Promise<HeldToken>
  /** A token to start from (another session's, cached), if usable. */
  token?: HeldToken
  /** What `prefetchReport` handed over: its token for this report is the start when `token` is not usable. */
  prefetched?: PrefetchedList
  /**
   * The page hydrates the server's HTML, whose iframe, of the prefetched token, is loading: it is
   * shown even if aged (and renewed when due), and asked to speak.
   */
  hydrating?: boolean
  /**
   * Seconds before expiry at which the held token is renewed (capped at half its lifetime). Unset:
   * when its `renewAt` says (a prefetched one: 120 s before expiry).
   */
  renewLeadSeconds?: number
  /** The session of the report this one replaces (a refresh): its shown frame stays until this one's has loaded. */
  replaces?: EmbedSession
  /** @default 10000 */
  readyTimeoutMs?: number
  /** Called, once started, with the first state and each change of it. */
  onStateChange?: (state: EmbeddedReportState) => void
  /** Called, once started, with each new failure. */
  onError?: (error: unknown) => void
}

/** What `setOptions` can change: everything but the session's identity and its start. */
export type EmbedLiveOptions = Pick<
  EmbedSessionOptions,
  | 'getToken'
  | 'renewLeadSeconds'
  | 'readyTimeoutMs'
  | 'locale'
  | 'localeParam'
  | 'onStateChange'
  | 'onError'
>

/** A frame with its iframe's `src`. */
export interface EmbedFrame extends Frame {
  readonly src: string
}

/** What an adapter renders; a new object whenever anything in it changes. */
export interface EmbedSnapshot {
  /** At most two: the current document, then the next one, loading hidden until it speaks. */
  readonly frames: readonly EmbedFrame[]
  readonly state: EmbeddedReportState
  /** The failure behind the `error` state (or one a renewal left behind), else undefined. */
  readonly error: unknown
  /** Whether "Try again" can help (not for a missing product request id). */
  readonly canRetry: boolean
}

export interface EmbedSession {
  /** Its options now: those it was made with, and every `setOptions` since. */
  readonly options: EmbedSessionOptions
  /**
   * Fetches a token, runs the timers and asks served frames to speak; with `listen`
   * (`listenToPage` in a browser), hears the page's messages and wake-ups. Returns what stops it.
   */
  start(listen?: (listener: PageListener) => () => void): () => void
  /** The iframe of `token` was attached, or detached (`null`). */
  frameAttached(token: string, element: EmbedFrameElement | null): void
  /** A `message` event of the page; only the service's origin and one of the frames count. */
  message(data: unknown, origin: string, source: unknown): void
  /**
   * New live options, read when next needed: the next token comes from the new `getToken`, a new
   * `renewLeadSeconds` moves the held token's renewal, a new `readyTimeoutMs` the wait of a page
   * still loading, and a new language loads the report again in it (a new token's document,
   * behind the shown one). Options left out stay as they were.
   */
  setOptions(options: Partial<EmbedLiveOptions>): void
  /** The tab was shown, focused or came online: timers may have slept, the token may be due. */
  wake(): void
  /** "Try again": a new token, or after repeated expiries, starts over. */
  retry(): void
  subscribe(listener: () => void): () => void
  getSnapshot(): EmbedSnapshot
}
