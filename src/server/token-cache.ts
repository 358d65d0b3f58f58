import type { IssuedToken } from './client-types.js'

/** An embedded report token as a token cache holds it: the token the client was issued. */
export type CachedToken = IssuedToken

/**
 * Where `createIbvBackend({ tokenCache })` keeps embedded report tokens, one per product request,
 * so every authorized viewer of a report reuses one token until its renewal time.
 * `createMemoryTokenCache()` for one process, `createRedisTokenCache` (`ibv-kit/server/redis`)
 * for several. A method that throws or rejects never fails a request: the backend mints instead.
 */
export interface TokenCache {
  /** The token cached for this product request, or `undefined`. */
  get(productRequestId: string): Promise<CachedToken | undefined>
  /** Keeps `token` for `ttlMs` milliseconds (until its renewal time). */
  set(productRequestId: string, token: CachedToken, ttlMs: number): Promise<void>
}

export interface MemoryTokenCacheOptions {
  /** Product requests kept at most; the oldest entry goes first. @default 10000 */
  maxEntries?: number
}

/**
 * The token cache of one process: a `Map` with expiry on read and the oldest entry dropped once
 * `maxEntries` are kept.
 *
 * @example
 * const backend = createIbvBackend({ client, authorize, tokenCache: createMemoryTokenCache() })
 */
export function createMemoryTokenCache(options: MemoryTokenCacheOptions = {}): TokenCache {
  const maxEntries = options.maxEntries ?? 10_000
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(
      `createMemoryTokenCache: maxEntries must be a positive integer, not ${maxEntries}.`,
    )
  const entries = new Map<string, { token: CachedToken; until: number }>()
  return {
    async get(productRequestId) {
      const entry = entries.get(productRequestId)
      if (!entry) return undefined
      if (Date.now() >= entry.until) {
        entries.delete(productRequestId)
        return undefined
      }
      return { ...entry.token }
    },
    async set(productRequestId, token, ttlMs) {
      entries.delete(productRequestId)
      if (!(ttlMs > 0)) return
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
      entries.set(productRequestId, { token: { ...token }, until: Date.now() + ttlMs })
    },
  }
}

/** A value read back from a cache (JSON from Redis, say) that is a usable token, else `undefined`. */
export function asCachedToken(value: unknown): CachedToken | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { access_token, expires_in, expiresAt } = value as Record<string, unknown>
  if (typeof access_token !== 'string' || access_token === '') return undefined
  if (
    typeof expires_in !== 'number' ||
    !Number.isFinite(expires_in) ||
    typeof expiresAt !== 'number' ||
    !Number.isFinite(expiresAt)
  )
    return undefined
  return { access_token, expires_in, expiresAt }
}
