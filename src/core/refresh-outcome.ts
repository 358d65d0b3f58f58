import type { RefreshResponse } from './schemas.js'

/** Links that the refresh answers carry, when they carry them. */
export interface RefreshLinks {
  /** The product request the answer names (the new one on success). */
  productRequestId?: string
  /** `ibv_report`: where the report is retrieved. */
  reportUrl?: string
  /** `ibv_connection_link`: where the consumer reconnects the bank. */
  connectionLink?: string
  /** The institution named in the message (the service API's `<FI Name>`), when it names one. */
  institutionName?: string
}

interface Base<K extends string> {
  kind: K
  /** The service's `message` (its first 1,000 characters), or an English sentence when it sent none. */
  message: string
  /** The HTTP status of the answer (the service API gives none for refresh errors; never relied on). */
  httpStatus: number
  /** The answer's body, as received. */
  body: RefreshResponse
}

/** The outcome of a refresh (operation 3), one kind per case of docs/service-api.md's refresh errors. */
export type RefreshOutcome =
  | (Base<'submitted'> & RefreshLinks & { productRequestId: string })
  | (Base<'invalid_connection'> & RefreshLinks)
  | (Base<'data_pull_failed'> & RefreshLinks)
  | Base<'consumer_not_found'>
  | (Base<'refresh_not_ready'> & RefreshLinks)
  | Base<'refresh_failed'>
  | (Omit<Base<'unknown'>, 'body'> & { body: unknown })

export type RefreshOutcomeKind = RefreshOutcome['kind']

// The most of a message that is matched or kept. The service API's messages are under 200 characters;
// cutting before matching keeps the lazy institution pattern from going quadratic on a huge one.
const MESSAGE_CUT = 1000

const FALLBACK: Record<RefreshOutcomeKind, string> = {
  submitted: 'Refresh request submitted.',
  invalid_connection: 'Connection no longer valid. Ask consumer to reconnect.',
  data_pull_failed:
    'Unable to pull IBV data. Ask the consumer to reconnect using the connection link.',
  consumer_not_found: 'Consumer ID does not exist.',
  refresh_not_ready: 'Reports can only be refreshed once every 24 hours.',
  refresh_failed: 'The product request failed to initiate.',
  unknown: 'The refresh answer was not understood.',
}

/**
 * Classifies an answer of the refresh operation. The service API gives no status codes for its error
 * cases, so this reads the body (`status`, `ibv_report_status`, then `message`) and uses the HTTP
 * status only to refuse calling a non-2xx answer a success. It never throws.
 *
 * @example
 * const outcome = classifyRefresh(response.status, await response.json())
 * if (outcome.kind === 'refresh_not_ready') showRetryLater(outcome.connectionLink)
 */
export function classifyRefresh(httpStatus: number, body: unknown): RefreshOutcome {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'unknown', message: FALLBACK.unknown, httpStatus, body }
  }
  const record = body as Record<string, unknown>
  const response = body as RefreshResponse
  const message = str(record.message)?.slice(0, MESSAGE_CUT)
  const status = str(record.status)
  const reportStatus = str(record.ibv_report_status)
  const ok = httpStatus >= 200 && httpStatus <= 299
  const make = <K extends RefreshOutcomeKind>(kind: K) => ({
    kind,
    message: message ?? FALLBACK[kind],
    httpStatus,
    body: response,
  })

  if (status === 'refresh_not_ready')
    return { ...make('refresh_not_ready'), ...links(record, message) }
  if (reportStatus === 'ibv_data_acquire_failed')
    return { ...make('data_pull_failed'), ...links(record, message) }
  if (
    status === 'in_progress' ||
    (message !== undefined && /refresh request submitted/i.test(message))
  ) {
    const productRequestId = str(record.product_request_id)
    if (ok && productRequestId)
      return { ...make('submitted'), ...links(record, message), productRequestId }
    return { kind: 'unknown', message: message ?? FALLBACK.unknown, httpStatus, body }
  }
  // The service API's invalid-connection sample has no `status`, reports `initiated` and carries the
  // reconnect link; its message may be the data-pull one, so structure decides, not wording.
  const invalidConnection =
    (message !== undefined && /connection no longer valid/i.test(message)) ||
    (status === undefined &&
      reportStatus === 'initiated' &&
      str(record.ibv_connection_link) !== undefined)
  if (invalidConnection) return { ...make('invalid_connection'), ...links(record, message) }
  if (message !== undefined && /does not exist/i.test(message)) return make('consumer_not_found')
  if (message !== undefined && /failed to initiate/i.test(message)) return make('refresh_failed')
  return { kind: 'unknown', message: message ?? FALLBACK.unknown, httpStatus, body }
}

function links(record: Record<string, unknown>, message: string | undefined): RefreshLinks {
  const result: RefreshLinks = {}
  const productRequestId = str(record.product_request_id)
  const reportUrl = str(record.ibv_report)
  const connectionLink = str(record.ibv_connection_link)
  const institutionName = message === undefined ? undefined : institutionIn(message)
  if (productRequestId) result.productRequestId = productRequestId
  if (reportUrl) result.reportUrl = reportUrl
  if (connectionLink) result.connectionLink = connectionLink
  if (institutionName) result.institutionName = institutionName
  return result
}

/**
 * The `<FI Name>` of "…reconnect to <FI Name> using the connection link", if the first 1,000
 * characters of the message have one.
 */
export function institutionIn(message: string): string | undefined {
  const name = /reconnect to (.+?) using the connection link/i
    .exec(message.slice(0, MESSAGE_CUT))?.[1]
    ?.trim()
  return name && name !== '<FI Name>' ? name : undefined
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}
