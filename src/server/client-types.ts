import type {
  IbvReport,
  NormalizedTokenResponse,
  PendingReport,
  RefreshOutcome,
  ReportApiVersion,
} from '../core/index.js'
import type { RetryOptions } from './retry.js'

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

/**
 * A token the service issued: its checked answer (`expires_in` in seconds), and when it stops
 * working. What token caches hold too (`CachedToken`).
 */
export interface IssuedToken extends NormalizedTokenResponse {
  /** When it stops working, in epoch milliseconds (the minting instance's clock). */
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
