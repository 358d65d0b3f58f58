import { lifetimeFrom, parseTokenResponse, type TokenLifetime } from './token-lifetime.js'
import type { PrefetchedToken } from './prefetched.js'

// The one shape of a token in the browser: parsed once from the token answer, with one renewAt
// (from `lifetimeFrom`). The React components and the custom elements hold the same.

/** A token in memory with its lifetime. Never stored anywhere else. */
export interface HeldToken extends TokenLifetime {
  accessToken: string
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
  return token !== undefined && token.expiresAt - Date.now() > MIN_LIFE_MS
}

/**
 * A token `prefetchReport` handed over. It counts as expiring at its renewal time (plus the 5 s
 * `isUsable` asks for): a page that aged in a cache or on a slow network never starts a new load
 * with it. One past that is given only while hydrating, where the server's HTML already holds its
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
    ? {
        accessToken: token.access_token,
        ...lifetime,
        expiresAt: lifetime.renewAt + MIN_LIFE_MS,
      }
    : undefined
}
