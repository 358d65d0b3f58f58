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
} from '../core/index.js'
import { DEFAULT_MAX_RESPONSE_BYTES } from './read-capped.js'
import { createRedactor } from './redact.js'
import { withRetry } from './retry.js'
import { serviceCaller } from './service-call.js'
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

import type { IbvClient, IbvClientOptions, IssuedToken, ReportResult } from './client-types.js'

export type {
  IbvCallOptions,
  IbvClient,
  IbvClientOptions,
  IssuedToken,
  ReportResult,
} from './client-types.js'

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

  const call = serviceCaller({ apiKey, send, timeoutMs, maxResponseBytes, redact })

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
