import { lifetimeFrom, parseTokenResponse, type TokenLifetime } from './token-lifetime.js'
import type { PrefetchedToken } from './prefetched.js'

// The one shape of a token in the browser: parsed once from the token answer, with one renewAt
// (from `lifetimeFrom`). The React components and the custom elements hold the same.

/** A token in memory with its lifetime. Never stored anywhere else. */
export interface HeldToken extends TokenLifetime {
  accessToken: string
  /**
   * After this (epoch milliseconds), it starts no new load, though it works until `expiresAt`: a
   * prefetched token's renewal time, as its age on the way is unknown. Unset: 5 s before expiry.
   */
  usableUntil?: number
}

/** A token is used for a new load only with this much life left. */
export const MIN_LIFE_MS = 5_000

/**
 * The token in a token answer, received at `receivedAt` (epoch milliseconds). A malformed answer
 * throws an `IbvError` (`malformed_response`).
 */
export function heldToken(body: unknown, receivedAt: number, renewLeadSeconds?: number): HeldToken {
  const { access_token, expires_in } = parseTokenResponse(body)
  return {
    accessToken: access_token,
    ...lifetimeFrom(expires_in, receivedAt, renewLeadSeconds),
  }
}

/** Whether `token` can still be used to load something now. */
export function isUsable(token: HeldToken | undefined): token is HeldToken {
  return (
    token !== undefined &&
    Math.min(token.expiresAt - MIN_LIFE_MS, token.usableUntil ?? Infinity) > Date.now()
  )
}

/** When to renew `token` if renewed `renewLeadSeconds` before expiry; unset: its own `renewAt`. */
export function renewAtOf(token: HeldToken, renewLeadSeconds: number | undefined): number {
  if (renewLeadSeconds === undefined) return token.renewAt
  const receivedAt = token.expiresAt - token.expiresIn * 1000
  return lifetimeFrom(token.expiresIn, receivedAt, renewLeadSeconds).renewAt
}

/**
 * A token `prefetchReport` handed over. It keeps its real expiry but is usable only until its
 * renewal time (`usableUntil`): a page that aged in a cache or on a slow network never starts a new
 * load with it. One past that is given only while hydrating, where the server's HTML already holds its
 * iframe and the first client render must match it; it is then renewed at once.
 */
export function prefetchedToken(
  token: PrefetchedToken | null | undefined,
  renewLeadSeconds: number | undefined,
  hydrating: boolean,
): HeldToken | undefined {
  if (!token) return undefined
  const lifetime = lifetimeFrom(token.expires_in, token.issued_at, renewLeadSeconds)
  return hydrating || Date.now() < lifetime.renewAt
    ? { accessToken: token.access_token, ...lifetime, usableUntil: lifetime.renewAt }
    : undefined
}
