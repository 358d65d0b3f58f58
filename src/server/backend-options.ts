import type { PrefetchedReport, WebhookEvent } from '../core/index.js'
import type { AuthorizeContext } from './authorize.js'
import type { IbvClient } from './client.js'
import type { IbvInviteOptions } from './invites.js'
import type { PrefetchReportOptions } from './prefetch.js'
import type { IbvRelay } from './relay.js'
import type { ReportCache } from './report-cache.js'
import type { TokenCache } from './token-cache.js'
import type { WebhookVerifier } from './webhook-route.js'
import type { WebhookStore } from './webhook-store.js'

export interface IbvBackendOptions {
  client: IbvClient
  /**
   * Required. Whether this caller may have what it asks for, such as a token for this consumer.
   * There is no default: a backend that hands any consumer's token to anyone is a data leak.
   */
  authorize: (context: AuthorizeContext) => boolean | Promise<boolean>
  /** Called once per webhook event (duplicates dropped). A throw answers 500 so the service retries. */
  onWebhook?: (event: WebhookEvent) => void | Promise<void>
  /**
   * Checks a webhook delivery is genuine (`standardWebhooksVerifier`, recommended: it also refuses
   * replays; `hmacVerifier`, `headerSecretVerifier`, `basicAuthVerifier`). Gets a copy of the
   * request and the raw body.
   */
  verifyWebhook?: WebhookVerifier
  /** Where handled webhook keys are remembered. @default createMemoryWebhookStore() */
  webhookStore?: WebhookStore
  /**
   * Shares embedded report tokens between the viewers of one product request: a token minted for
   * one authorized viewer is handed to the next (with the lifetime it has left) until its renewal
   * time, so N viewers cost one upstream mint per window, not N. Asked only after `authorize` said
   * yes; consumer tokens are never cached. `createMemoryTokenCache()` for one process,
   * `createRedisTokenCache` (`ibv-kit/server/redis`) for several. A cache that fails is reported to
   * `onError` and the backend mints as without one. @default none (every request mints)
   */
  tokenCache?: TokenCache
  /**
   * Shares report answers between the viewers of one report. Without it, viewers reading the same
   * report at the same time in this process already share one upstream read; with it, an answer
   * (200 or 202, never a failure) is also handed to viewers asking within its `ttlMs` (2 s by
   * default, 60 s at most), and instances sharing it through Redis read upstream once between them. `authorize` is asked
   * per viewer first; a webhook about the report drops what is kept. `createMemoryReportCache()`
   * for one process, `createRedisReportCache` (`ibv-kit/server/redis`) for several. A cache that
   * fails is reported to `onError` and the backend reads as without one. @default none
   */
  reportCache?: ReportCache
  /** Where the routes live. @default '/api/ibv' */
  basePath?: string
  /** Feeds `/events`; share one between handlers of the same process, or `createRedisEventRelay` (`ibv-kit/server/redis`) between instances. @default new EventRelay() */
  relay?: IbvRelay
  /** Milliseconds between SSE heartbeats. @default 15000 */
  heartbeatMs?: number
  /**
   * Live `/events` streams this backend holds at most; one more is a 503 with `Retry-After`. Under
   * `toNodeHandler` an idle stream costs 13–14 KiB of RSS (measured by `npm run bench`: 10,000
   * streams add 128–139 MiB to Node's own 59 MiB), so 10,000 fit a 256 MiB instance with about
   * 60 MiB left for your app and for streams catching up (each may hold `maxStreamBufferBytes`).
   * Each stream is a socket: the process's open-file limit (`ulimit -n`) must be above this.
   * Lower it for a smaller instance; raise it with the memory you give each instance. @default 10000
   */
  maxStreams?: number
  /**
   * Live `/events` streams one principal (as `identify` tells) holds at most (a browser opens one
   * per tab); one more is a 429 with `Retry-After`, and other users are unaffected. Applies only
   * with `identify`. @default 10
   */
  maxStreamsPerClient?: number
  /**
   * Who a request comes from: the signed-in user's id, looked up as `authorize` does (your session
   * store, a verified token), or `undefined` for an anonymous caller. Asked once per `/events`
   * stream, after `authorize` allowed it; `maxStreamsPerClient` counts streams per id, and every
   * anonymous caller counts as one and the same principal (so at most `maxStreamsPerClient` anonymous
   * streams in all). Return an id the caller cannot choose: never a header value such as the whole
   * `Cookie` header (one junk cookie more would make a new client) nor the socket address (behind a
   * proxy everyone has the proxy's). A throw or a non-string answer is a 500 told to `onError`.
   * Without it the backend warns at construction and streams are bounded by `maxStreams` alone.
   * (It replaces `clientKey`, which now throws a TypeError.)
   * @default none (no per-user cap)
   */
  identify?: (request: Request) => string | undefined | Promise<string | undefined>
  /** Bytes an `/events` subscriber may leave unread before it is dropped (it reconnects and catches up). @default 1048576 (1 MiB) */
  maxStreamBufferBytes?: number
  /**
   * Bytes all `/events` streams of this instance together may leave unread (written for slow
   * readers, not yet taken). Past it, the streams holding the most (the slowest readers) are
   * dropped until the total is back under three quarters of it; their browsers reconnect and catch
   * up from where they were, and readers that keep up hold nearly nothing and are unaffected. It
   * bounds what stalled readers hold together (streams share each event's bytes, so they often hold
   * less than it counts): 1,000 streams resuming 8 MiB of history that never read added about
   * 37 MiB of RSS in `npm run bench:streams`, 580 MiB before. @default 33554432 (32 MiB)
   */
  maxStreamBufferBytesTotal?: number
  /**
   * Bytes a request body may have, per route: a larger one is a `413`, refused by its
   * `Content-Length` or as soon as the cap is passed, so no more than this is ever held for one
   * request. `webhooks` for `POST /webhooks` (@default 65536, 64 KiB), `json` for `POST /tokens`,
   * `POST /refresh/:consumerId` and the invite routes (@default 16384, 16 KiB).
   * @default { webhooks: 65536, json: 16384 }
   */
  maxBodyBytes?: { webhooks?: number; json?: number }
  /**
   * Milliseconds a request body may take to arrive, from when the route starts reading it: a
   * slower one (a client that sends part of a body and stalls) is a `408` and is let go, so
   * stalled connections hold their capped bodies only this long. @default 10000
   */
  bodyTimeoutMs?: number
  /**
   * Origins other than the backend's own whose pages may call the routes (a front-end on another
   * subdomain, say). Every other cross-site or same-site request (`POST`, and the `GET`s of
   * `/events` and `/reports/:id` too) is refused with a 403. Each is written as a browser sends
   * `Origin` (`https://app.lender.example`: no path, no trailing slash); anything else, `'null'`
   * included (it would let in every sandboxed or `file:` page), throws a TypeError at
   * construction. @default []
   */
  allowedOrigins?: readonly string[]
  /**
   * Milliseconds one request to the routes may spend on the service (`POST /tokens` of every kind,
   * `GET /reports/:id`, `POST /refresh/:consumerId`, `POST /invites/complete`), from when it came
   * in: every attempt and the waits between the client's retries count. When it passes, the call
   * under way is cancelled, no retry starts, and the browser gets a `504` with code `timeout`. Keep
   * it at or below the browser's own timeout (`createBackendFetchers`' `timeoutMs`, 15 s), so the
   * browser reads the `504` rather than giving up first. The calls also stop, before this, when
   * the browser goes away (the request's `signal` aborts; see the backend guide); a report read or
   * token mint shared with other viewers stops only once they have all gone. `prefetch`'s
   * `timeoutMs` is never longer. A whole number from 1 to 2147483647; anything else throws a
   * `RangeError` at construction. @default 15000
   */
  upstreamTimeoutMs?: number
  /** Told about unexpected failures (never given the API key), for your logs. */
  onError?: (error: unknown) => void
  /**
   * Invite links: staff `POST {basePath}/invites` (`authorize` action `invite`), the borrower opens
   * `pageUrl?ibv_invite=…` and connects with no session; the token route takes
   * `{ type: 'invite', invite }`. Staff read where each invite stands with
   * `GET {basePath}/invites?consumer_id=` (action `invite`), and open `/events` streams hear
   * `invite_used` when one is used. Without this option those routes are absent.
   */
  invites?: IbvInviteOptions
}

/** What `createIbvBackend` returns: the routes as a handler, and what a server-rendered page or a shutdown needs. */
export interface IbvBackend {
  /** Where the routes live, without a trailing slash (`/api/ibv` by default). */
  basePath: string
  /** What feeds `/events`: the `relay` option, else the backend's own. */
  relay: IbvRelay
  /** `/events` streams open now on this instance. */
  readonly openStreams: number
  /** The routes as a Web-standard handler: Next.js route handlers, Hono, Node through `toNodeHandler`. */
  fetch(request: Request): Promise<Response>
  /**
   * Stops gracefully (on SIGTERM, before closing the Redis clients): new webhooks and streams get
   * a retryable 503, open `/events` streams end (browsers reconnect to another instance), the
   * webhooks being handled finish, and handled events still waiting for Redis are completed and
   * relayed, within `timeoutMs` (@default 10000). What is left then is told to `onError`.
   */
  close(options?: { timeoutMs?: number }): Promise<void>
  /**
   * What a browser needs to show a report in its first paint, read on the server for the page
   * that `request` asks for: `prefetchReport(backend, …)` calls this. Asks `authorize` as for
   * `POST /tokens` and `GET /reports/:id`, uses the token cache and the client; null when
   * `authorize` refuses either. A bound function: it may be passed on detached.
   */
  prefetch(
    request: Request,
    productRequestId: string,
    options?: PrefetchReportOptions,
  ): Promise<PrefetchedReport | null>
}
