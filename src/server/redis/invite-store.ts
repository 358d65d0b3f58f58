import type { InviteStore } from '../invite-store.js'
import { keyedScripts, openRedis, type RedisConnection } from './connection.js'
import { safeReporter } from './errors.js'

/** Where Redis is (`url`, or a `client` of yours), and how the store uses it. */
export type RedisInviteStoreOptions = RedisConnection & {
  /** Put before every invite id, so several apps (or tests) can share one Redis. @default 'ibv:invite:' */
  keyPrefix?: string
  /** Told about every Redis failure (each is also thrown, as a `RedisStoreError`; the backend then refuses the invite for now), for your logs. */
  onError?: (error: unknown) => void
}

/** The invite store on Redis; `close()` ends a client it made. */
export interface RedisInviteStore extends InviteStore {
  /** Closes the Redis client the store made from `url`; a client you passed stays open. */
  close(): Promise<void>
}

// Sent as scripts so any client with node-redis's `eval` fits (the same `client` as the other
// stores'). A record is kept until its invite expires (PX), on Redis's clock; marked twice, it
// keeps the later expiry (PTTL is -2 for a missing key).
const MARK = `if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return 1`
const IS_USED = `return redis.call('EXISTS', KEYS[1])`

/**
 * The invite store for several instances: one key per used invite, kept until the invite expires,
 * so a link used through one instance is refused by all. While Redis is unreachable both methods
 * throw a `RedisStoreError`, and `createIbvBackend` answers the invite with a retryable 503 rather
 * than take it for unused.
 *
 * @example
 * const store = createRedisInviteStore({ url: process.env.REDIS_URL!, onError: console.error })
 * const backend = createIbvBackend({ client, authorize, invites: { secret, pageUrl, store } })
 */
export function createRedisInviteStore(options: RedisInviteStoreOptions): RedisInviteStore {
  const { keyPrefix = 'ibv:invite:' } = options
  const report = safeReporter(options.onError)
  const redis = openRedis(options, report)
  const run = keyedScripts(redis, keyPrefix, report, (what) => `The invite store could not ${what} an invite in Redis`)

  return {
    async markUsed(id, ttlMs) {
      await run('record', MARK, id, [String(Math.max(1, Math.ceil(ttlMs)))])
    },
    async isUsed(id) {
      return (await run('read', IS_USED, id, [])) === 1
    },
    close: () => redis.close(),
  }
}
