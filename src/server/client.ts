import {
  IbvError,
  classifyRefresh,
  describeStatus,
  errorFromResponse,
  ibvReportSchema,
  parseTokenResponse,
  parseWith,
  pendingReportSchema,
  refreshUrl,
  reportUrl,
  tokensUrl,
  type IbvReport,
  type PendingReport,
  type RefreshOutcome,
  type ReportApiVersion,
} from '../core/index.js'
import { DEFAULT_MAX_RESPONSE_BYTES, readCapped } from './read-capped.js'
import { createRedactor } from './redact.js'
import { withRetry, type RetryOptions } from './retry.js'
import { anySignal, deadlineSignal, stoppedBy, untilAborted } from './upstream-signal.js'
import {
  countMinted,
  countRetry,
  inUpstreamSpan,
  startTelemetry,
  type TokenKind,
  type UpstreamOperation,
} from './telemetry.js'

/**
 * The longest `access_token` accepted, in characters. Tokens are normally under 2 KB; a longer
 * one is taken for a broken answer rather than handed to the browser (and put in an iframe URL).
 */
const MAX_ACCESS_TOKEN_LENGTH = 4096

export interface IbvClientOptions {
  /**
   * The environment's `x-api-key`. Never logged, echoed or put in an error; should the service
   * echo it, it is redacted from everything the client returns or throws.
   */
  apiKey: string
  /** The service's base URL, such as `https://api.example.com` (a path prefix is kept). */
  serviceUrl: string
  /** The fetch to use (a sandbox's `fetch` in tests). @default globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>
  /** How long one attempt may take, in milliseconds. @default 10000 */
  timeoutMs?: number
  /** Retries of report retrieval and token creation (never of refresh, which is not idempotent). */
  retry?: RetryOptions
  /**
   * The most bytes of one answer that are read; a larger one is cancelled and fails with
   * `malformed_response`, so a broken or hostile upstream cannot fill the backend's memory.
   * @default 4194304 (4 MiB)
   */
  maxResponseBytes?: number
}

/** A token with `expires_in` normalised to seconds and its expiry as epoch milliseconds. */
export interface IssuedToken {
  access_token: string
  expires_in: number
  expiresAt: number
}

/** What a call to the service may be given. */
export interface IbvCallOptions {
  /**
   * Stops the call, its retries and the waits between them included: once it aborts, the attempt
   * under way is cancelled and no other starts. The call then fails with `timeout` when the
   * signal's reason is a `TimeoutError` (`AbortSignal.timeout(ms)`), else with `network`.
   */
  signal?: AbortSignal
}

/** A report answer: ready (200), or pending (202) with its status, final or not. */
export type ReportResult =
  | { kind: 'ready'; report: IbvReport }
  | { kind: 'pending'; status: string; final: boolean; pending: PendingReport }

export interface IbvClient {
  /** Operation 1: a consumer token, for the connect widget. */
  createConsumerToken(consumerId: string, options?: IbvCallOptions): Promise<IssuedToken>
  /** Operation 2: an embedded report token, for the report iframe. */
  createEmbeddedReportToken(
    productRequestId: string,
    options?: IbvCallOptions,
  ): Promise<IssuedToken>
  /** Operation 4 of docs/service-api.md, v2 unless told `v1` (what the service API uses after a refresh webhook). */
  getReport(
    productRequestId: string,
    options?: IbvCallOptions & { version?: ReportApiVersion },
  ): Promise<ReportResult>
  /** Operation 3: one outcome per case of the service API. Throws only when the key is refused or nothing usable came back. */
  refresh(consumerId: string, options?: IbvCallOptions): Promise<RefreshOutcome>
  /**
   * A copy of `value`, a parsed JSON value that came from the service some other way (the backend
   * passes webhook events through it), with the API key redacted as from the client's own answers.
   */
  redact?: <T>(value: T) => T
}

/**
 * A typed client of the service for the lender's backend, the only holder of the API key.
 *
 * @example
 * const client = createIbvClient({ apiKey: process.env.IBV_API_KEY!, serviceUrl: 'https://api.example.com' })
 * const { access_token } = await client.createConsumerToken('LND-42')
 */
export function createIbvClient(options: IbvClientOptions): IbvClient {
  if (typeof options.apiKey !== 'string' || options.apiKey === '')
    throw new TypeError('createIbvClient: apiKey is required.')
  // Checked here, so that a key with a stray newline never reaches a Headers error that would quote it.
  if (!/^[\x21-\x7e]+$/.test(options.apiKey)) {
    throw new TypeError(
      'createIbvClient: apiKey contains spaces or characters that cannot be sent in an HTTP header (check for a stray newline).',
    )
  }
  if (typeof options.serviceUrl !== 'string' || options.serviceUrl === '')
    throw new TypeError('createIbvClient: serviceUrl is required.')
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  if (!(Number.isSafeInteger(maxResponseBytes) && maxResponseBytes > 0)) {
    throw new TypeError(
      'createIbvClient: maxResponseBytes must be a positive whole number of bytes.',
    )
  }
  const { apiKey, serviceUrl } = options
  // Everything derived from an answer passes through this before it leaves the client.
  const redact = createRedactor(apiKey)

  // Each attempt is a span (telemetry.ts); its attributes name the route template, never the id.
  startTelemetry()
  const traced =
    <T>(
      operation: UpstreamOperation,
      method: 'GET' | 'POST',
      template: string,
      run: (status: (code: number) => void) => Promise<T>,
    ) =>
    (attempt: number) =>
      inUpstreamSpan({ operation, method, template, attempt }, run)

  async function call(
    url: string,
    init: RequestInit,
    signal?: AbortSignal,
    onStatus?: (code: number) => void,
  ): Promise<{ status: number; body: unknown }> {
    // Checked before anything is sent: a custom fetch might not look at an aborted signal.
    if (signal?.aborted) throw stoppedBy(signal)
    const timeout = deadlineSignal(timeoutMs)
    const combined = signal ? anySignal([signal, timeout]) : timeout
    const request = new Request(url, {
      ...init,
      headers: {
        'x-api-key': apiKey,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: combined,
    })
    let response: Response
    let text: string
    try {
      // Raced with the signal: a custom fetch that ignores it still ends at the timeout.
      response = await untilAborted(send(request), combined)
      onStatus?.(response.status)
      text = await readCapped(response, maxResponseBytes, combined)
    } catch (cause) {
      // readCapped's refusal of an oversized answer: already the error to give.
      if (cause instanceof IbvError) throw cause
      if (signal?.aborted) throw stoppedBy(signal)
      if (timeout.aborted)
        throw new IbvError('timeout', `The IBV service did not answer within ${timeoutMs} ms.`, {
          cause,
        })
      throw new IbvError(
        'network',
        `The IBV service could not be reached at ${new URL(url).origin}.`,
        { cause },
      )
    }
    if (text.trim() === '') return { status: response.status, body: undefined }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      if (!response.ok) return { status: response.status, body: undefined }
      // No cause: JSON.parse's SyntaxError quotes the start of the body, which may hold the key.
      throw new IbvError(
        'malformed_response',
        `The IBV service answered HTTP ${response.status} with a body that is not JSON.`,
        { status: response.status },
      )
    }
    return { status: response.status, body: redact.value(parsed) }
  }

  // Every error leaves through here: what a fetch threw, or what was built from an answer, is
  // copied without the key and without references to the request (redact.ts says how).
  async function guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      throw redact.error(error)
    }
  }

  function token(
    kind: TokenKind,
    body: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<IssuedToken> {
    const operation = kind === 'consumer' ? 'create_consumer_token' : 'create_embedded_report_token'
    return guard(() =>
      withRetry(
        traced(operation, 'POST', '/api/v1/auth/tokens', async (onStatus) => {
          const { status, body: answer } = await call(
            tokensUrl(serviceUrl),
            { method: 'POST', body: JSON.stringify(body) },
            signal,
            onStatus,
          )
          if (status !== 200) throw errorFromResponse(status, answer)
          const parsed = parseTokenResponse(answer)
          if (parsed.access_token.length > MAX_ACCESS_TOKEN_LENGTH) {
            throw new IbvError(
              'malformed_response',
              `The token answer's access_token is longer than ${MAX_ACCESS_TOKEN_LENGTH} characters.`,
              { status },
            )
          }
          countMinted(kind)
          return { ...parsed, expiresAt: Date.now() + parsed.expires_in * 1000 }
        }),
        options.retry,
        signal,
        (error) => countRetry(operation, error),
      ),
    )
  }

  return {
    createConsumerToken: (consumerId, { signal } = {}) =>
      token('consumer', { consumer_id: consumerId }, signal),
    createEmbeddedReportToken: (productRequestId, { signal } = {}) =>
      token(
        'embedded_report_token',
        { product_request_id: productRequestId, type: 'embedded_report_token' },
        signal,
      ),

    getReport: (productRequestId, { version = 'v2', signal } = {}) =>
      guard(() => {
        const url = reportUrl(serviceUrl, productRequestId, version)
        return withRetry<ReportResult>(
          traced(
            'get_report',
            'GET',
            `/api/${version === 'v1' ? 'v1' : 'v2'}/ibv/requests/{product_request_id}`,
            async (onStatus) => {
              const { status, body } = await call(url, { method: 'GET' }, signal, onStatus)
              if (status === 200)
                return {
                  kind: 'ready',
                  report: parseWith(ibvReportSchema, body, 'malformed_response', 'report'),
                }
              if (status === 202) {
                const pending = parseWith(
                  pendingReportSchema,
                  body,
                  'malformed_response',
                  'pending report',
                )
                const final = describeStatus(pending.ibv_report_status).terminal
                return { kind: 'pending', status: pending.ibv_report_status, final, pending }
              }
              throw errorFromResponse(status, body)
            },
          ),
          options.retry,
          signal,
          (error) => countRetry('get_report', error),
        )
      }),

    redact: <T>(value: T) => redact.value(value) as T,

    // Never retried, so always attempt 1.
    refresh: (consumerId, { signal } = {}) =>
      guard(() =>
        traced(
          'refresh',
          'POST',
          '/api/v1/ibv/requests/refresh/{client_consumer_id}',
          async (onStatus) => {
            const { status, body } = await call(
              refreshUrl(serviceUrl, consumerId),
              { method: 'POST' },
              signal,
              onStatus,
            )
            const outcome = classifyRefresh(status, body)
            if (outcome.kind === 'unknown' && (status === 401 || status === 403 || status >= 500))
              throw errorFromResponse(status, body)
            return outcome
          },
        )(1),
      ),
  }
}
