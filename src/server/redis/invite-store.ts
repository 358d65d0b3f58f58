import type { InviteStore } from '../invite-store.js'
import { keyedScripts, openRedis, type RedisConnection } from './connection.js'
import { safeReporter } from './errors.js'

/** Where Redis is (`url`, or a `client` of yours), and how the store uses it. */
export type RedisInviteStoreOptions = RedisConnection & {
  /** Put before every key (used invites and claims), so several apps (or tests) can share one Redis. @default 'ibv:invite:' */
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
// stores'), and each runs atomically. A used invite is one key whose value is the product request
// it was used for, set once (SET NX) until the invite expires (PX), on Redis's clock. The claims
// on a product request are one hash, consumer → 0 (open) or 1 (settled), kept until the latest
// invite that claimed it expires.
const MARK = `if redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[1]) then return ARGV[2] end
return redis.call('GET', KEYS[1])`
const USED_FOR = `return redis.call('GET', KEYS[1])`
const CLAIM = `redis.call('HSETNX', KEYS[1], ARGV[2], '0')
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`
const CONFIRM = `local fields = redis.call('HGETALL', KEYS[1])
local confirmed, foreign = 0, 0
for i = 1, #fields, 2 do
  if fields[i] == ARGV[1] then
    if fields[i + 1] == '0' then
      redis.call('HSET', KEYS[1], ARGV[1], '1')
      confirmed = 1
    end
  elseif fields[i + 1] == '0' then
    redis.call('HDEL', KEYS[1], fields[i])
    foreign = foreign + 1
  end
end
return { confirmed, foreign }`

/**
 * The invite store for several instances: one key per used invite and one per claimed product
 * request, kept until the invite expires, so a link used through one instance is refused by all,
 * and a webhook on any instance confirms a claim made through another. While Redis is unreachable both methods
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
  const run = keyedScripts(redis, keyPrefix, report, (what) => `The invite store could not ${what} in Redis`)

  return {
    async markUsed(id, productRequestId, ttlMs) {
      return String(await run('record an invite', MARK, id, [milliseconds(ttlMs), productRequestId]))
    },
    async usedFor(id) {
      const productRequestId = await run('read an invite', USED_FOR, id, [])
      return typeof productRequestId === 'string' ? productRequestId : undefined
    },
    async claim(productRequestId, consumerId, ttlMs) {
      await run('record a claim', CLAIM, CLAIM_PREFIX + productRequestId, [milliseconds(ttlMs), consumerId])
    },
    async confirm(productRequestId, consumerId) {
      const [confirmed, foreign] = (await run('confirm a claim', CONFIRM, CLAIM_PREFIX + productRequestId, [consumerId])) as [number, number]
      return { confirmed: confirmed === 1, foreign: Number(foreign) }
    },
    close: () => redis.close(),
  }
}

/** Claims live beside the used invites, under the same prefix (an invite id has no colon). */
const CLAIM_PREFIX = 'claim:'

function milliseconds(ttlMs: number): string {
  return String(Math.max(1, Math.ceil(ttlMs)))
}
