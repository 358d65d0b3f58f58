import type { ReportApiVersion, WebhookEvent } from '../core/index.js'
import { askingAuthorize } from './authorize.js'
import type { IbvBackend, IbvBackendOptions } from './backend-options.js'
import { readJsonObject } from './body.js'
import { eventStreams } from './events-route.js'
import { EventRelay } from './relay.js'
import { originsOption, timerOption, wholeNumberOption } from './option-checks.js'
import { identifyOption } from './principal.js'
import { createRelayOutbox } from './relay-outbox.js'
import { createPrefetcher } from './prefetch.js'
import { sharedReportReads } from './report-reads.js'
import { json } from './responses.js'
import { routeDispatch } from './route-dispatch.js'
import { invalid, tokenRoute } from './token-route.js'
import { oncePerOutage, safeReporter } from './safe-reporter.js'
import { sharedEmbeddedTokens } from './shared-tokens.js'
import { createShutdown } from './shutdown.js'
import { inWebhookSpan, observeOpenStreams } from './telemetry.js'
import { upstreamDeadline } from './upstream-signal.js'
import { handleWebhook } from './webhook-route.js'
import { healthAnswer } from './health.js'
import { idProblem } from './ids.js'
import { inviteRoutes } from './invite-route.js'
import { createMemoryWebhookStore } from './webhook-store.js'

/**
 * The lender's backend: every route of core's route table (`BACKEND_ROUTES`: `POST /tokens`,
 * `GET /reports/:id`, `POST /refresh/:consumerId`, the invite routes, `POST /webhooks`,
 * `GET /events`, `GET /health`), under `basePath`.
 *
 * @example
 * const backend = createIbvBackend({ client, authorize: ({ request, consumerId }) => ownsConsumer(request, consumerId) })
 * export const GET = backend.fetch, POST = backend.fetch // app/api/ibv/[...path]/route.ts
 */
export function createIbvBackend(options: IbvBackendOptions): IbvBackend {
  if (typeof options.authorize !== 'function') {
    throw new TypeError(
      'createIbvBackend: authorize is required. It decides who may get tokens and reports for which consumer; there is no allow-all default.',
    )
  }
  if (!options.client)
    throw new TypeError('createIbvBackend: client is required (createIbvClient).')
  const { client } = options
  // Your logger is called from timers and background retries too: one that throws must not crash.
  const onError = safeReporter(options.onError)
  const basePath = (options.basePath ?? '/api/ibv').replace(/\/+$/, '')
  const relay = options.relay ?? new EventRelay()
  const store = options.webhookStore ?? createMemoryWebhookStore()
  if (!options.verifyWebhook) {
    console.warn(
      'createIbvBackend: no verifyWebhook, so anyone who can reach POST /webhooks can post events (and a forged one would be taken for the genuine delivery). Pass standardWebhooksVerifier (recommended), hmacVerifier, headerSecretVerifier or basicAuthVerifier outside local development.',
    )
  }

  const identify = identifyOption(options as IbvBackendOptions & { clientKey?: unknown })
  if (!identify) {
    console.warn(
      "createIbvBackend: no identify, so /events streams are not counted per user: one user may hold every stream this instance allows (maxStreams), and only that cap protects the others. Pass identify: (request) => the signed-in user's id (what authorize looks up), so maxStreamsPerClient applies to each user.",
    )
  }

  const limits = (maxBytes: number) => ({
    maxBytes,
    timeoutMs: wholeNumberOption(
      'createIbvBackend',
      'bodyTimeoutMs',
      options.bodyTimeoutMs,
      10_000,
    ),
  })
  const webhookBody = limits(
    wholeNumberOption(
      'createIbvBackend',
      'maxBodyBytes.webhooks',
      options.maxBodyBytes?.webhooks,
      64 * 1024,
    ),
  )
  const jsonBody = limits(
    wholeNumberOption(
      'createIbvBackend',
      'maxBodyBytes.json',
      options.maxBodyBytes?.json,
      16 * 1024,
    ),
  )
  const readJson = (request: Request) => readJsonObject(request, jsonBody)

  // One deadline per request for its calls to the service, retries included; they also stop when the browser goes away.
  const upstreamTimeoutMs = timerOption(
    'createIbvBackend',
    'upstreamTimeoutMs',
    options.upstreamTimeoutMs,
    15_000,
  )
  const upstream = (request: Request) => upstreamDeadline(request, upstreamTimeoutMs)

  const allowed = askingAuthorize(options.authorize, onError)
  const refuse = () => json({ message: 'You are not allowed to do this.', code: 'forbidden' }, 403)
  const outbox = createRelayOutbox({ relay, store, onError })
  const storeOutage = oncePerOutage(onError)
  const embeddedToken = sharedEmbeddedTokens(client, options.tokenCache, onError)
  const invites = inviteRoutes(options.invites, client, onError, readJson, upstream, relay)
  const reports = sharedReportReads(client, options.reportCache, onError)
  // Invites first: a claim the event confirms is settled (and `onUsed` told) once, even when the
  // lender's handler throws and the service retries.
  const onWebhook = async (event: WebhookEvent) => {
    if (event.productRequestId) await reports.forget(event.productRequestId)
    await invites.onWebhook(event)
    await options.onWebhook?.(event)
  }

  const allowedOrigins = originsOption('createIbvBackend', 'allowedOrigins', options.allowedOrigins)
  const streams = eventStreams({
    relay,
    heartbeatMs: wholeNumberOption('createIbvBackend', 'heartbeatMs', options.heartbeatMs, 15_000),
    maxStreams: wholeNumberOption('createIbvBackend', 'maxStreams', options.maxStreams, 10_000),
    maxStreamsPerClient: wholeNumberOption(
      'createIbvBackend',
      'maxStreamsPerClient',
      options.maxStreamsPerClient,
      10,
    ),
    identify,
    maxBufferBytes: wholeNumberOption(
      'createIbvBackend',
      'maxStreamBufferBytes',
      options.maxStreamBufferBytes,
      1024 * 1024,
    ),
    maxBufferBytesTotal: wholeNumberOption(
      'createIbvBackend',
      'maxStreamBufferBytesTotal',
      options.maxStreamBufferBytesTotal,
      32 * 1024 * 1024,
    ),
    maySee: (request, { consumerId, productRequestId }) =>
      allowed({ request, action: 'event', consumerId, productRequestId }),
  })

  observeOpenStreams(streams)

  const shutdown = createShutdown({ endStreams: () => streams.endAll(), outbox, onError })
  const shuttingDown = () =>
    json({ message: 'This instance is shutting down; try again.', code: 'shutting_down' }, 503, {
      'retry-after': '1',
    })

  const tokens = tokenRoute({
    client,
    allowed,
    refuse,
    readJson,
    upstream,
    embeddedToken,
    inviteToken: (body, signal) => invites.token(body, signal),
    invitesEnabled: Boolean(options.invites),
  })
  const inviteHandlers = invites.handlers(
    (request, consumerId) => allowed({ request, action: 'invite', consumerId }),
    refuse,
  )

  // Every route of core's table (`BACKEND_ROUTES`), by name: `createBackendFetchers` calls the same.
  const app = routeDispatch(
    basePath,
    allowedOrigins,
    {
      ...inviteHandlers,
      token: (c) => tokens(c.req.raw),
      report: async (c) => {
        const signal = upstream(c.req.raw)
        const productRequestId = c.req.param('productRequestId') ?? ''
        const problem = idProblem('productRequestId', productRequestId)
        if (problem) return invalid({ productRequestId: [problem] })
        if (!(await allowed({ request: c.req.raw, action: 'report', productRequestId })))
          return refuse()
        const version: ReportApiVersion = c.req.query('version') === 'v1' ? 'v1' : 'v2'
        // Shared with the viewers reading it at the same time: one leaving (or out of time) does
        // not cancel it for the others; it is cancelled once they have all gone.
        const result = await reports.read(productRequestId, version, signal)
        return result.kind === 'ready' ? json(result.report, 200) : json(result.pending, 202)
      },
      refresh: async (c) => {
        const signal = upstream(c.req.raw)
        const consumerId = c.req.param('consumerId') ?? ''
        const problem = idProblem('consumerId', consumerId)
        if (problem) return invalid({ consumerId: [problem] })
        // Asked first: a caller who may not refresh never gets to send a body.
        if (!(await allowed({ request: c.req.raw, action: 'refresh', consumerId }))) return refuse()
        await readJson(c.req.raw) // nothing is read from it, but it must be a JSON object
        return json(await client.refresh(consumerId, { signal }))
      },
      webhooks: (c) =>
        inWebhookSpan(async () =>
          shutdown.closing
            ? shuttingDown()
            : shutdown.track(() =>
                handleWebhook(c.req.raw, {
                  store,
                  outbox,
                  redact: client.redact,
                  onWebhook,
                  verify: options.verifyWebhook,
                  body: webhookBody,
                  onError,
                  storeOutage,
                }),
              ),
        ),
      events: async (c) => {
        if (shutdown.closing) return shuttingDown()
        if (!(await allowed({ request: c.req.raw, action: 'events' }))) return refuse()
        return streams.open(c.req.raw)
      },
      // For load balancers: counts only, so not subject to `authorize`.
      health: () =>
        healthAnswer({
          relay,
          outboxDepth: () => outbox.pending,
          openStreams: () => streams.live,
          closing: () => shutdown.closing,
        }),
    },
    onError,
  )

  return {
    basePath,
    relay,
    get openStreams() {
      return streams.live
    },
    fetch: async (request) => app.fetch(request),
    close: (closeOptions) => shutdown.close(closeOptions?.timeoutMs),
    prefetch: createPrefetcher({ allowed, embeddedToken, client, onError, upstreamTimeoutMs }),
  }
}
