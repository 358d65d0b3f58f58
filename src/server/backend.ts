import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { IbvError, type PrefetchedReport, type ReportApiVersion, type WebhookEvent } from '../core/index.js'
import { askingAuthorize, type AuthorizeContext } from './authorize.js'
import { readJsonObject } from './body.js'
import type { IbvClient } from './client.js'
import { eventStreams } from './events-route.js'
import { EventRelay, type IbvRelay } from './relay.js'
import { createRelayOutbox } from './relay-outbox.js'
import { refuseForeignRequest } from './request-guard.js'
import { createPrefetcher, type PrefetchReportOptions } from './prefetch.js'
import { json, upstreamFailure } from './responses.js'
import { safeReporter } from './safe-reporter.js'
import { sharedEmbeddedTokens } from './shared-tokens.js'
import { createShutdown } from './shutdown.js'
import type { TokenCache } from './token-cache.js'
import { handleWebhook, type WebhookVerifier } from './webhook-route.js'
import { inviteRoutes } from './invite-route.js'
import type { IbvInviteOptions } from './invites.js'
import { createMemoryWebhookStore, type WebhookStore } from './webhook-store.js'

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
   * Checks a webhook delivery is genuine (`hmacVerifier`, `headerSecretVerifier`,
   * `basicAuthVerifier`). Gets a copy of the request and the raw body.
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
  /** Where the routes live. @default '/api/ibv' */
  basePath?: string
  /** Feeds `/events`; share one between handlers of the same process, or `createRedisEventRelay` (`ibv-kit/server/redis`) between instances. @default new EventRelay() */
  relay?: IbvRelay
  /** Milliseconds between SSE heartbeats. @default 15000 */
  heartbeatMs?: number
  /** Live `/events` streams this backend holds at most; one more is a 503 with `Retry-After`. @default 1000 */
  maxStreams?: number
  /** Bytes an `/events` subscriber may leave unread before it is dropped (it reconnects and catches up). @default 1048576 (1 MiB) */
  maxStreamBufferBytes?: number
  /**
   * Origins other than the backend's own whose pages may call the state-changing routes (a
   * front-end on another subdomain, say). Every other cross-site `POST` is refused. @default []
   */
  allowedOrigins?: readonly string[]
  /** Told about unexpected failures (never given the API key), for your logs. */
  onError?: (error: unknown) => void
  /**
   * Invite links: staff `POST {basePath}/invites` (`authorize` action `invite`), the borrower opens
   * `pageUrl?ibv_invite=…` and connects with no session; the token route takes
   * `{ type: 'invite', invite }`. Without this option those routes are absent.
   */
  invites?: IbvInviteOptions
}

/** What `createIbvBackend` returns: the routes as a handler, and what a server-rendered page or a shutdown needs. */
export interface IbvBackend {
  /** Where the routes live, without a trailing slash (`/api/ibv` by default). */
  basePath: string
  /** What feeds `/events`: the `relay` option, else the backend's own. */
  relay: IbvRelay
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
  prefetch(request: Request, productRequestId: string, options?: PrefetchReportOptions): Promise<PrefetchedReport | null>
}

/**
 * The lender's backend routes that the React side calls: `POST /tokens`, `GET /reports/:id`,
 * `POST /refresh/:consumerId`, `POST /webhooks` and `GET /events`.
 *
 * @example
 * const backend = createIbvBackend({ client, authorize: ({ request, consumerId }) => ownsConsumer(request, consumerId) })
 * export const GET = backend.fetch, POST = backend.fetch // app/api/ibv/[...path]/route.ts
 */
export function createIbvBackend(options: IbvBackendOptions): IbvBackend {
  if (typeof options.authorize !== 'function') {
    throw new TypeError('createIbvBackend: authorize is required. It decides who may get tokens and reports for which consumer; there is no allow-all default.')
  }
  if (!options.client) throw new TypeError('createIbvBackend: client is required (createIbvClient).')
  const { client } = options
  // Your logger is called from timers and background retries too: one that throws must not crash.
  const onError = safeReporter(options.onError)
  const basePath = (options.basePath ?? '/api/ibv').replace(/\/+$/, '')
  const relay = options.relay ?? new EventRelay()
  const store = options.webhookStore ?? createMemoryWebhookStore()
  if (!options.verifyWebhook) {
    console.warn(
      'createIbvBackend: no verifyWebhook, so anyone who can reach POST /webhooks can post events (and a forged one would be taken for the genuine delivery). Pass hmacVerifier, headerSecretVerifier or basicAuthVerifier outside local development.',
    )
  }

  const allowed = askingAuthorize(options.authorize, onError)
  const refuse = () => json({ message: 'You are not allowed to do this.', code: 'forbidden' }, 403)
  const outbox = createRelayOutbox({ relay, store, onError })
  const embeddedToken = sharedEmbeddedTokens(client, options.tokenCache, onError)
  const invites = inviteRoutes(options.invites, client, onError)
  // Invites first: a claim the event confirms is settled (and `onUsed` told) once, even when the
  // lender's handler throws and the service retries.
  const onWebhook = async (event: WebhookEvent) => {
    await invites.onWebhook(event)
    await options.onWebhook?.(event)
  }

  const allowedOrigins = new Set(options.allowedOrigins ?? [])
  const streams = eventStreams({
    relay,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    maxStreams: options.maxStreams ?? 1000,
    maxBufferBytes: options.maxStreamBufferBytes ?? 1024 * 1024,
    maySee: (request, { consumerId, productRequestId }) => allowed({ request, action: 'event', consumerId, productRequestId }),
  })

  const shutdown = createShutdown({ endStreams: () => streams.endAll(), outbox, onError })
  const shuttingDown = () => json({ message: 'This instance is shutting down; try again.', code: 'shutting_down' }, 503, { 'retry-after': '1' })

  const app = new Hono().basePath(basePath)
  app.use(bodyLimit({ maxSize: 1024 * 1024, onError: () => json({ message: 'The request body is larger than 1 MiB.', code: 'invalid_request' }, 413) }))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: (c, allow) => json({ message: `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`, code: 'invalid_request' }, 405, { allow: allow.join(', ') }) }))

  // Webhooks come from the service, not a browser: they are checked by `verifyWebhook` instead.
  app.use(async (c, next) => (c.req.path === `${basePath}/webhooks` ? next() : (refuseForeignRequest(c.req.raw, allowedOrigins) ?? next())))

  app.post('/tokens', async (c) => {
    const body = await readJsonObject(c.req.raw)
    const consumerId = typeof body.consumer_id === 'string' && body.consumer_id.trim() !== '' ? body.consumer_id : undefined
    const productRequestId = typeof body.product_request_id === 'string' && body.product_request_id.trim() !== '' ? body.product_request_id : undefined
    if (body.type === 'consumer') {
      if (!consumerId) return invalid({ consumer_id: ['consumer_id is required for a consumer token'] })
      if (!(await allowed({ request: c.req.raw, action: 'token', kind: 'consumer', consumerId }))) return refuse()
      const token = await client.createConsumerToken(consumerId)
      return json({ access_token: token.access_token, expires_in: token.expires_in })
    }
    if (body.type === 'embedded_report_token') {
      if (!productRequestId) return invalid({ product_request_id: ['product_request_id is required for an embedded report token'] })
      if (!(await allowed({ request: c.req.raw, action: 'token', kind: 'embedded_report_token', productRequestId }))) return refuse()
      return json(await embeddedToken(productRequestId))
    }
    if (body.type === 'invite') return invites.token(body)
    return invalid({ type: [options.invites ? 'type must be consumer, embedded_report_token or invite' : 'type must be consumer or embedded_report_token'] })
  })

  app.get('/reports/:productRequestId', async (c) => {
    const productRequestId = c.req.param('productRequestId')
    if (!(await allowed({ request: c.req.raw, action: 'report', productRequestId }))) return refuse()
    const version: ReportApiVersion = c.req.query('version') === 'v1' ? 'v1' : 'v2'
    const result = await client.getReport(productRequestId, { version, signal: c.req.raw.signal })
    return result.kind === 'ready' ? json(result.report, 200) : json(result.pending, 202)
  })

  app.post('/refresh/:consumerId', async (c) => {
    const consumerId = c.req.param('consumerId')
    await readJsonObject(c.req.raw) // nothing is read from it, but it must be a JSON object
    if (!(await allowed({ request: c.req.raw, action: 'refresh', consumerId }))) return refuse()
    return json(await client.refresh(consumerId))
  })

  app.post('/webhooks', (c) =>
    shutdown.closing
      ? shuttingDown()
      : shutdown.track(() => handleWebhook(c.req.raw, { store, outbox, redact: client.redact, onWebhook, verify: options.verifyWebhook, onError })),
  )

  app.get('/events', async (c) => {
    if (shutdown.closing) return shuttingDown()
    if (!(await allowed({ request: c.req.raw, action: 'events' }))) return refuse()
    return streams.open(c.req.raw)
  })

  invites.mount(app, (request, consumerId) => allowed({ request, action: 'invite', consumerId }), refuse)

  app.notFound((c: Context) => json({ message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`, code: 'not_found' }, 404))
  app.onError((error) => {
    if (error instanceof IbvError && error.status === 415) return json({ message: error.message, code: error.code, fields: error.fields }, 415)
    return upstreamFailure(error, onError)
  })

  return {
    basePath,
    relay,
    fetch: async (request) => app.fetch(request),
    close: (closeOptions) => shutdown.close(closeOptions?.timeoutMs),
    prefetch: createPrefetcher({ allowed, embeddedToken, client, onError }),
  }
}

function invalid(fields: Record<string, string[]>): Response {
  return json({ message: 'Validation error', code: 'invalid_request', fields }, 400)
}
