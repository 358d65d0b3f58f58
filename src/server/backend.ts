import { Hono, type Context } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { IbvError, type ReportApiVersion, type WebhookEvent } from '../core/index.js'
import { askingAuthorize } from './authorize.js'
import type { IbvBackend, IbvBackendOptions } from './backend-options.js'
import { readJsonObject } from './body.js'
import { eventStreams } from './events-route.js'
import { EventRelay } from './relay.js'
import { originsOption, timerOption, wholeNumberOption } from './option-checks.js'
import { identifyOption } from './principal.js'
import { createRelayOutbox } from './relay-outbox.js'
import { refuseForeignRequest } from './request-guard.js'
import { createPrefetcher } from './prefetch.js'
import { sharedReportReads } from './report-reads.js'
import { json, upstreamFailure } from './responses.js'
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
 * The lender's backend routes that the React side calls: `POST /tokens`, `GET /reports/:id`,
 * `POST /refresh/:consumerId`, `POST /webhooks` and `GET /events`.
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

  const app = new Hono().basePath(basePath)
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allow) =>
        json(
          {
            message: `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`,
            code: 'invalid_request',
          },
          405,
          { allow: allow.join(', ') },
        ),
    }),
  )

  // Webhooks come from the service, not a browser: they are checked by `verifyWebhook` instead.
  app.use(async (c, next) =>
    c.req.path === `${basePath}/webhooks`
      ? next()
      : (refuseForeignRequest(c.req.raw, allowedOrigins) ?? next()),
  )

  app.post('/tokens', async (c) => {
    const signal = upstream(c.req.raw)
    const body = await readJson(c.req.raw)
    if (body.type === 'consumer') {
      const consumerId = body.consumer_id as string
      const problem = present(body.consumer_id)
        ? idProblem('consumer_id', consumerId)
        : 'consumer_id is required for a consumer token'
      if (problem) return invalid({ consumer_id: [problem] })
      if (!(await allowed({ request: c.req.raw, action: 'token', kind: 'consumer', consumerId })))
        return refuse()
      const token = await client.createConsumerToken(consumerId, { signal })
      return json({ access_token: token.access_token, expires_in: token.expires_in })
    }
    if (body.type === 'embedded_report_token') {
      const productRequestId = body.product_request_id as string
      const problem = present(productRequestId)
        ? idProblem('product_request_id', productRequestId)
        : 'product_request_id is required for an embedded report token'
      if (problem) return invalid({ product_request_id: [problem] })
      if (
        !(await allowed({
          request: c.req.raw,
          action: 'token',
          kind: 'embedded_report_token',
          productRequestId,
        }))
      )
        return refuse()
      return json(await embeddedToken(productRequestId, signal))
    }
    if (body.type === 'invite') return invites.token(body, signal)
    return invalid({
      type: [
        options.invites
          ? 'type must be consumer, embedded_report_token or invite'
          : 'type must be consumer or embedded_report_token',
      ],
    })
  })

  app.get('/reports/:productRequestId', async (c) => {
    const signal = upstream(c.req.raw)
    const productRequestId = c.req.param('productRequestId')
    const problem = idProblem('productRequestId', productRequestId)
    if (problem) return invalid({ productRequestId: [problem] })
    if (!(await allowed({ request: c.req.raw, action: 'report', productRequestId })))
      return refuse()
    const version: ReportApiVersion = c.req.query('version') === 'v1' ? 'v1' : 'v2'
    // Shared with the viewers reading it at the same time: one leaving (or out of time) does not
    // cancel it for the others; it is cancelled once they have all gone.
    const result = await reports.read(productRequestId, version, signal)
    return result.kind === 'ready' ? json(result.report, 200) : json(result.pending, 202)
  })

  app.post('/refresh/:consumerId', async (c) => {
    const signal = upstream(c.req.raw)
    const consumerId = c.req.param('consumerId')
    const problem = idProblem('consumerId', consumerId)
    if (problem) return invalid({ consumerId: [problem] })
    // Asked first: a caller who may not refresh never gets to send a body.
    if (!(await allowed({ request: c.req.raw, action: 'refresh', consumerId }))) return refuse()
    await readJson(c.req.raw) // nothing is read from it, but it must be a JSON object
    return json(await client.refresh(consumerId, { signal }))
  })

  app.post('/webhooks', (c) =>
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
  )

  app.get('/events', async (c) => {
    if (shutdown.closing) return shuttingDown()
    if (!(await allowed({ request: c.req.raw, action: 'events' }))) return refuse()
    return streams.open(c.req.raw)
  })

  // For load balancers: counts only, so not subject to `authorize`.
  app.get('/health', () =>
    healthAnswer({
      relay,
      outboxDepth: () => outbox.pending,
      openStreams: () => streams.live,
      closing: () => shutdown.closing,
    }),
  )

  invites.mount(
    app,
    (request, consumerId) => allowed({ request, action: 'invite', consumerId }),
    refuse,
  )

  app.notFound((c: Context) =>
    json(
      {
        message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`,
        code: 'not_found',
      },
      404,
    ),
  )
  app.onError((error, c) => {
    // The browser went away and its calls were abandoned: no one reads this, and it is no failure.
    if (
      c.req.raw.signal.aborted &&
      error instanceof IbvError &&
      (error.code === 'network' || error.code === 'timeout')
    ) {
      return json({ message: 'The request was aborted by its client.', code: 'aborted' }, 499)
    }
    // The request's own faults found while reading it: too slow (408), too large (413), not JSON (415).
    if (
      error instanceof IbvError &&
      (error.status === 408 || error.status === 413 || error.status === 415)
    ) {
      return json(
        { message: error.message, code: error.code, fields: error.fields ?? {} },
        error.status,
      )
    }
    return upstreamFailure(error, onError)
  })

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

/** A non-blank string: what a missing id is told apart by. */
function present(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}

function invalid(fields: Record<string, string[]>): Response {
  return json({ message: 'Validation error', code: 'invalid_request', fields }, 400)
}
