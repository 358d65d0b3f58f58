import { fieldsOf } from './record.js'
/**
 * Stable, machine-readable reasons for an `IbvError`. Match on these, never on messages.
 */
export type IbvErrorCode =
  /** The service or the lender's backend refused the credentials (HTTP 401). */
  | 'unauthorized'
  /** The lender's `authorize` hook refused the caller (HTTP 403). */
  | 'forbidden'
  /** The request was invalid (HTTP 400); `fields` says which fields and why. */
  | 'invalid_request'
  /** The resource does not exist (HTTP 404). */
  | 'not_found'
  /** Too many requests (HTTP 429). */
  | 'rate_limited'
  /** The service failed (HTTP 5xx). */
  | 'server_error'
  /** The request never got an answer: offline, DNS, connection reset. */
  | 'network'
  /** The request got no answer in time. */
  | 'timeout'
  /** An answer arrived but does not have the shape the service API gives it. */
  | 'malformed_response'
  /** A webhook body that is not one of the service API's events. */
  | 'invalid_webhook'
  /** Anything else, with the HTTP status when there was one. */
  | 'unknown'

/**
 * Which side failed, so an app can say the right thing: `backend`, the lender's own server (its
 * answer, its refusal, no answer in time); `service`, the verification service (your backend
 * passes its failures on saying so); `network`, no answer at all (offline, DNS, a connection
 * reset); `app`, the page's own setup (an option or attribute that cannot work).
 */
export type IbvErrorSource = 'backend' | 'service' | 'network' | 'app'

/** Field name → list of error strings, as in the service API's 400 responses. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export interface IbvErrorOptions {
  /** HTTP status of the answer that caused the error, when there was one. */
  status?: number
  /** Per-field validation messages (`invalid_request`, `invalid_webhook`). */
  fields?: FieldErrors
  /**
   * Which side failed. ibv-kit sets it on every error it makes.
   * @default `network` for the code `network`, else `backend` (an error your own fetcher throws)
   */
  source?: IbvErrorSource
  cause?: unknown
}

/**
 * The one error type of ibv-kit. Its `code` is stable; its message is for people.
 *
 * @example
 * if (error instanceof IbvError && error.code === 'invalid_request') showFields(error.fields)
 */
export class IbvError extends Error {
  override readonly name = 'IbvError'
  readonly code: IbvErrorCode
  readonly status: number | undefined
  readonly fields: FieldErrors | undefined
  /** Which side failed: the lender's `backend`, the `service`, the `network`, or the page's own setup (`app`). */
  readonly source: IbvErrorSource

  constructor(code: IbvErrorCode, message: string, options: IbvErrorOptions = {}) {
    // Error reads only `cause` from the options.
    super(message, options)
    this.code = code
    this.status = options.status
    this.fields = options.fields
    this.source = options.source ?? (code === 'network' ? 'network' : 'backend')
  }

  /** Whether trying again can help (network failures, timeouts, 429 and 5xx). */
  get retryable(): boolean {
    return isRetryable(this)
  }

  /** What `JSON.stringify` shows: code, source, message, status and fields, never the cause. */
  toJSON(): {
    name: string
    code: IbvErrorCode
    source: IbvErrorSource
    message: string
    status?: number
    fields?: FieldErrors
  } {
    return {
      name: this.name,
      code: this.code,
      source: this.source,
      message: this.message,
      status: this.status,
      fields: this.fields,
    }
  }
}

const RETRYABLE_CODES: ReadonlySet<IbvErrorCode> = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
])

/**
 * Whether an operation that failed with `error` is worth retrying. An `IbvError` answers by its
 * code; any other error with a numeric `status` by that status (5xx, 408 and 429 yes, other 4xx
 * no); an error without a status is taken for a network failure, so yes.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof IbvError) return RETRYABLE_CODES.has(error.code)
  const { status } = fieldsOf(error)
  return typeof status !== 'number' || RETRYABLE_CODES.has(codeForStatus(status))
}

const CODE_BY_STATUS: Readonly<Record<number, IbvErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  422: 'invalid_request',
  429: 'rate_limited',
}

/** The error code that an HTTP status stands for. */
export function codeForStatus(status: number): IbvErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 && status <= 599 ? 'server_error' : 'unknown')
}

/**
 * Builds the `IbvError` for an HTTP error answer from `source` (the service, or the lender's
 * backend), taking the message from the body's `message` or `error` (the service uses both) and
 * the per-field messages from `fields`. Without a message, it names the side that answered.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  source: 'service' | 'backend' = 'service',
): IbvError {
  const record = fieldsOf(body)
  const text = [record.message, record.error].find(
    (value) => typeof value === 'string' && value.trim() !== '',
  )
  const message =
    typeof text === 'string'
      ? text
      : `${source === 'service' ? 'The verification service' : 'Your backend'} answered HTTP ${status}.`
  return new IbvError(codeForStatus(status), message, {
    status,
    fields: readFieldErrors(record.fields),
    source,
  })
}

/**
 * `error` as an `IbvError`: itself when it is one; else an error from the app's own fetcher (a
 * call to its backend), kept as the cause, with `message` for people, and the code its numeric
 * `status` stands for (`unknown` without one).
 */
export function asIbvError(error: unknown, message: string): IbvError {
  if (error instanceof IbvError) return error
  const { status } = fieldsOf(error)
  if (typeof status !== 'number') return new IbvError('unknown', message, { cause: error })
  return new IbvError(codeForStatus(status), message, { status, cause: error })
}

/** Keeps the well-formed entries of a `fields` map (name → list of strings); undefined if none. */
export function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const fields: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(value)) {
    // One message or a list of them; anything that is not a string is dropped.
    const strings = [messages]
      .flat()
      .filter((message): message is string => typeof message === 'string')
    if (strings.length > 0) fields[name] = strings
  }
  return Object.keys(fields).length > 0 ? fields : undefined
}
