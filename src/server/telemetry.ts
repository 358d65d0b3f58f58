import { IbvError } from '../core/index.js'
import { loadedTelemetryApi, withTelemetryApi, type TelemetryApi } from './telemetry-api.js'

// What the backend tells OpenTelemetry, when the app has `@opentelemetry/api` and registered an
// SDK (docs/guides/observability.md lists every name). Attributes name operations, route
// templates, statuses and counts: never a key, a token, an id or a field of a report.

/** The scope the spans and metrics are recorded under. */
const SCOPE = 'ibv-kit'
// The API's SpanKind and SpanStatusCode values (stable since its 1.0).
const SERVER = 1
const CLIENT = 2
const ERROR = 2

/** One of the service's operations, as the client calls it. */
export type UpstreamOperation =
  'create_consumer_token' | 'create_embedded_report_token' | 'get_report' | 'refresh'

/** One attempt at an upstream call: `url.template` is the path with its ids as placeholders. */
export interface UpstreamAttempt {
  operation: UpstreamOperation
  method: 'GET' | 'POST'
  template: string
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  attempt: number
}

/** How a webhook delivery ended, as its span says. */
export type WebhookOutcome =
  'handled' | 'duplicate' | 'refused' | 'invalid' | 'retry_later' | 'failed'

/** The kind of token a token metric counts. */
export type TokenKind = 'consumer' | 'embedded_report_token'

interface Instruments {
  retries: { add(value: number, attributes: Record<string, string>): void }
  minted: { add(value: number, attributes: Record<string, string>): void }
  cached: { add(value: number, attributes: Record<string, string>): void }
}

/** Every backend's open streams, observed together; a backend that is gone drops out. */
const streamSources = new Set<WeakRef<{ readonly live: number }>>()
const instrumentsByProvider = new WeakMap<object, Instruments>()

function instruments(api: TelemetryApi): Instruments {
  const provider = api.metrics.getMeterProvider()
  let made = instrumentsByProvider.get(provider)
  if (!made) {
    const meter = provider.getMeter(SCOPE)
    made = {
      retries: meter.createCounter('ibv.upstream.retries', {
        description: 'Upstream calls retried after a timeout, a network error or a 502/503/504.',
        unit: '{retry}',
      }),
      minted: meter.createCounter('ibv.tokens.minted', {
        description: 'Tokens created by the service (an upstream call each).',
        unit: '{token}',
      }),
      cached: meter.createCounter('ibv.tokens.cached', {
        description: 'Embedded report tokens served without an upstream call of their own.',
        unit: '{token}',
      }),
    }
    meter
      .createObservableUpDownCounter('ibv.streams.open', {
        description: 'Open /events streams of the backends in this process.',
        unit: '{stream}',
      })
      .addCallback((result) => {
        let open = 0
        for (const source of streamSources) {
          const streams = source.deref()
          if (streams) open += streams.live
          else streamSources.delete(source)
        }
        result.observe(open)
      })
    instrumentsByProvider.set(provider, made)
  }
  return made
}

/** Loads the API (when the app has it) and makes the instruments, so `ibv.streams.open` is read from the start. */
export function startTelemetry(): void {
  withTelemetryApi(instruments)
}

/** Counts a backend's open `/events` streams in `ibv.streams.open`, for as long as it lives. */
export function observeOpenStreams(streams: { readonly live: number }): void {
  streamSources.add(new WeakRef(streams))
  startTelemetry()
}

/** The `error.type` of a failure: an `IbvError`'s code, else the error's class name. */
function errorType(error: unknown): string {
  if (error instanceof IbvError) return error.code
  return error instanceof Error ? error.name : 'unknown'
}

/**
 * Runs one attempt at an upstream call in the span `ibv.upstream <operation>` (a client span,
 * one per attempt, so retries show as spans of their own with `ibv.attempt` 2, 3…). `run` reports
 * the HTTP status it got through `status`.
 */
export async function inUpstreamSpan<T>(
  attempt: UpstreamAttempt,
  run: (status: (code: number) => void) => Promise<T>,
): Promise<T> {
  const api = loadedTelemetryApi()
  if (!api) return run(() => {})
  const tracer = api.trace.getTracer(SCOPE)
  const attributes = {
    'ibv.operation': attempt.operation,
    'http.request.method': attempt.method,
    'url.template': attempt.template,
    'ibv.attempt': attempt.attempt,
  }
  return tracer.startActiveSpan(
    `ibv.upstream ${attempt.operation}`,
    { kind: CLIENT, attributes },
    async (span) => {
      try {
        const result = await run((code) => span.setAttribute('http.response.status_code', code))
        return result
      } catch (error) {
        // The error's code only: its message may quote what the service answered.
        span.setAttribute('error.type', errorType(error))
        span.setStatus({ code: ERROR })
        throw error
      } finally {
        span.end()
      }
    },
  )
}

/** Counts a retry of an upstream call in `ibv.upstream.retries`. */
export function countRetry(operation: UpstreamOperation, error: unknown): void {
  withTelemetryApi((api) =>
    instruments(api).retries.add(1, { 'ibv.operation': operation, 'error.type': errorType(error) }),
  )
}

/** Counts a token the service created, in `ibv.tokens.minted`. */
export function countMinted(kind: TokenKind): void {
  withTelemetryApi((api) => instruments(api).minted.add(1, { 'ibv.token.kind': kind }))
}

/**
 * Counts an embedded report token served with no upstream call of its own, in `ibv.tokens.cached`:
 * from the token cache, or shared with a mint already in flight for the same report.
 */
export function countCached(source: 'cache' | 'in_flight'): void {
  withTelemetryApi((api) =>
    instruments(api).cached.add(1, {
      'ibv.token.kind': 'embedded_report_token',
      'ibv.token.source': source,
    }),
  )
}

/**
 * Handles a webhook delivery in the span `ibv.webhook`: its event name (once parsed), its outcome
 * (read from the answer) and whether it was a duplicate.
 */
export async function inWebhookSpan(handle: () => Promise<Response>): Promise<Response> {
  const api = loadedTelemetryApi()
  if (!api) return handle()
  return api.trace
    .getTracer(SCOPE)
    .startActiveSpan('ibv.webhook', { kind: SERVER }, async (span) => {
      try {
        const response = await handle()
        const duplicate =
          response.status === 200 &&
          (await response
            .clone()
            .json()
            .then(
              (body: { duplicate?: unknown }) => body.duplicate === true,
              () => false,
            ))
        const outcome = webhookOutcome(response.status, duplicate)
        span.setAttributes({
          'ibv.webhook.outcome': outcome,
          'ibv.webhook.duplicate': duplicate,
          'http.response.status_code': response.status,
        })
        if (outcome === 'failed') span.setStatus({ code: ERROR })
        return response
      } catch (error) {
        span.setAttributes({
          'ibv.webhook.outcome': 'failed',
          'ibv.webhook.duplicate': false,
          'error.type': errorType(error),
        })
        span.setStatus({ code: ERROR })
        throw error
      } finally {
        span.end()
      }
    })
}

/** Names the event of the webhook being handled on its `ibv.webhook` span (the event name only). */
export function noteWebhookEvent(event: { event: string }): void {
  withTelemetryApi((api) =>
    api.trace.getActiveSpan()?.setAttribute('ibv.webhook.event', event.event),
  )
}

function webhookOutcome(status: number, duplicate: boolean): WebhookOutcome {
  if (status === 200) return duplicate ? 'duplicate' : 'handled'
  if (status === 400) return 'invalid'
  if (status === 503) return 'retry_later'
  if (status >= 400 && status < 500) return 'refused'
  return 'failed'
}
