import { IbvError } from './errors.js'
import { fieldsOf } from './record.js'

/** How long before expiry a token is renewed, unless told otherwise: two minutes. */
export const DEFAULT_RENEW_LEAD_SECONDS = 120

/** The shortest `expires_in` accepted: one second. A shorter token cannot be used in time. */
export const MIN_EXPIRES_IN_SECONDS = 1

/** The longest `expires_in` accepted: one year. Anything longer is taken for a broken answer. */
export const MAX_EXPIRES_IN_SECONDS = 365 * 24 * 60 * 60

const NUMERIC = /^\s*\d+(\.\d+)?\s*$/

export interface TokenLifetime {
  /** Validity in seconds, as a number whatever the service sent. */
  expiresIn: number
  /** When the token stops working, in epoch milliseconds. */
  expiresAt: number
  /** When to fetch the next token, in epoch milliseconds; always before `expiresAt`. */
  renewAt: number
}

export interface TokenLifetimeOptions {
  /**
   * Seconds before expiry at which to renew. Capped at half the lifetime, so a short-lived token
   * is not renewed the moment it arrives.
   * @default 120
   */
  renewLeadSeconds?: number
}

/**
 * A token answer as the backend sends it (the service's, passed on): the one wire type of a token.
 * `expires_in` is seconds, a number or a numeric string. Inside, a token is a `HeldToken`.
 */
export interface TokenResponse {
  access_token: string
  expires_in: number | string
}

/**
 * A token answer after its check (`parseTokenResponse`), `expires_in` normalised to a number:
 * what the backend sends on, and what `prefetchReport` hands over (with its `issued_at`).
 */
export interface NormalizedTokenResponse extends TokenResponse {
  expires_in: number
}

/**
 * `expires_in` in seconds, if valid: a number of seconds from one to a year, or a string of one
 * (the service API documents a string and shows a number). The one check of it: the zod schema
 * (`tokenResponseSchema`) and `parseExpiresIn` both ask this.
 */
export function expiresInSeconds(value: unknown): number | undefined {
  const seconds =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && NUMERIC.test(value)
        ? Number(value)
        : NaN
  return seconds >= MIN_EXPIRES_IN_SECONDS && seconds <= MAX_EXPIRES_IN_SECONDS
    ? seconds
    : undefined
}

/**
 * Reads `expires_in` (`expiresInSeconds`). Zero, negative, under a second, non-numeric, missing or
 * absurdly large values throw an `IbvError` (`malformed_response`).
 */
export function parseExpiresIn(value: unknown): number {
  const seconds = expiresInSeconds(value)
  if (seconds === undefined) {
    throw new IbvError(
      'malformed_response',
      `expires_in must be a positive number of seconds, from ${MIN_EXPIRES_IN_SECONDS} to ${MAX_EXPIRES_IN_SECONDS}; got ${describe(value)}.`,
    )
  }
  return seconds
}

/**
 * When a token expires and when to renew it, from the token answer and the time it was received.
 *
 * @example
 * const { renewAt } = tokenLifetime({ access_token, expires_in: '1800' }, Date.now())
 */
export function tokenLifetime(
  response: unknown,
  receivedAt: number | Date,
  options: TokenLifetimeOptions = {},
): TokenLifetime {
  const start = typeof receivedAt === 'number' ? receivedAt : receivedAt.getTime()
  if (!Number.isFinite(start))
    throw new TypeError('tokenLifetime: receivedAt must be a valid time.')
  const record =
    typeof response === 'object' && response !== null
      ? (response as Record<string, unknown>)
      : undefined
  if (!record)
    throw new IbvError(
      'malformed_response',
      `A token answer must be a JSON object; got ${describe(response)}.`,
    )
  return lifetimeFrom(parseExpiresIn(record.expires_in), start, options.renewLeadSeconds)
}

/**
 * The lifetime of a token already validated (`expiresIn` from `parseExpiresIn` or
 * `parseTokenResponse`), received at `start` (epoch milliseconds).
 */
export function lifetimeFrom(
  expiresIn: number,
  start: number,
  renewLeadSeconds = DEFAULT_RENEW_LEAD_SECONDS,
): TokenLifetime {
  const lead = Math.min(Math.max(renewLeadSeconds, 0), expiresIn / 2)
  const expiresAt = start + expiresIn * 1000
  return { expiresIn, expiresAt, renewAt: expiresAt - lead * 1000 }
}

/**
 * Validates a successful token answer: a non-empty `access_token` and a valid `expires_in`,
 * returned as a number. Anything else throws an `IbvError` (`malformed_response`).
 */
export function parseTokenResponse(body: unknown): NormalizedTokenResponse {
  const { access_token: token, expires_in } = fieldsOf(body)
  if (typeof token !== 'string' || token === '') {
    throw new IbvError('malformed_response', 'The token answer has no access_token.')
  }
  return { access_token: token, expires_in: parseExpiresIn(expires_in) }
}

/** A number, string or null as sent (shortened), else only its type: never an object's content. */
function describe(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' || value === null
    ? JSON.stringify(value).slice(0, 42)
    : typeof value
}
