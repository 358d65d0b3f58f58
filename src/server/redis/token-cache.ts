import { asCachedToken, type CachedToken, type TokenCache } from '../token-cache.js'
import { keyedScripts, openRedis, type RedisConnection } from './connection.js'
import { safeReporter } from './errors.js'

/** Where Redis is (`url`, or a `client` of yours), and how the cache uses it. */
export type RedisTokenCacheOptions = RedisConnection & {
  /** Put before every product request id, so several apps (or tests) can share one Redis. @default 'ibv:tokens:' */
  keyPrefix?: string
  /** Told about every Redis failure (each is also thrown, as a `RedisStoreError`; the backend then mints), for your logs. */
  onError?: (error: unknown) => void
}

/** The token cache on Redis; `close()` ends a client it made. */
export interface RedisTokenCache extends TokenCache {
  /** Closes the Redis client the cache made from `url`; a client you passed stays open. */
  close(): Promise<void>
}

// Plain GET and SET PX, sent as scripts so any client with node-redis's `eval` fits (the same
// `client` as the webhook store's). Expiry runs on Redis's clock.
const GET = `return redis.call('GET', KEYS[1])`
const SET = `return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`

/**
 * The token cache for several instances: one key per product request holding the token as JSON,
 * kept until the token's renewal time (`SET … PX`), so every instance hands out the same token.
 * While Redis is unreachable `get` and `set` throw a `RedisStoreError`, and `createIbvBackend`
 * mints as without a cache (and tells `onError`).
 *
 * @example
 * const tokenCache = createRedisTokenCache({ url: process.env.REDIS_URL!, onError: console.error })
 * const backend = createIbvBackend({ client, authorize, tokenCache })
 */
export function createRedisTokenCache(options: RedisTokenCacheOptions): RedisTokenCache {
  const { keyPrefix = 'ibv:tokens:' } = options
  const report = safeReporter(options.onError)
  const redis = openRedis(options, report)
  const run = keyedScripts(
    redis,
    keyPrefix,
    report,
    (what) => `The token cache could not ${what} a token in Redis`,
  )

  return {
    async get(productRequestId) {
      const value = await run('read', GET, productRequestId, [])
      if (typeof value !== 'string') return undefined
      try {
        return asCachedToken(JSON.parse(value))
      } catch {
        return undefined
      }
    },
    async set(productRequestId, token: CachedToken, ttlMs) {
      if (!(ttlMs >= 1)) return
      const value = JSON.stringify({
        access_token: token.access_token,
        expires_in: token.expires_in,
        expiresAt: token.expiresAt,
      })
      await run('store', SET, productRequestId, [value, String(Math.ceil(ttlMs))])
    },
    close: () => redis.close(),
  }
}
