import type { WebhookClaim, WebhookStore } from '../webhook-store.js'
import { keyedScripts, openRedis, type RedisConnection } from './connection.js'
import { RedisStoreError, safeReporter } from './errors.js'

/** Where Redis is (`url`, or a `client` of yours), and how the store uses it. */
export type RedisWebhookStoreOptions = RedisConnection & {
  /** Put before every webhook key, so several apps (or tests) can share one Redis. @default 'ibv:webhook:' */
  keyPrefix?: string
  /** How long a handled key is remembered, in milliseconds. @default 86400000 (24 hours) */
  ttlMs?: number
  /** How long a key may stay in progress before a copy may claim it again, in milliseconds. @default 60000 */
  leaseMs?: number
  /**
   * Told about Redis failures, for your logs: a lost connection and a failing command once per
   * outage each (every failure is also thrown, as a `RedisStoreError`).
   */
  onError?: (error: unknown) => void
}

/** The webhook store on Redis: every method answers a promise; `close()` ends a client it made. */
export interface RedisWebhookStore extends WebhookStore {
  claim(key: string, token: string): Promise<WebhookClaim>
  complete(key: string, token: string): Promise<void>
  release(key: string, token: string): Promise<void>
  /** Closes the Redis client the store made from `url`; a client you passed stays open. */
  close(): Promise<void>
}

// A key holds `in_progress:<token>` (with the lease as its expiry) or `done` (with the retention
// time). Each script reads and writes one key in one step, so no instance sees it half-changed,
// and expiry runs on Redis's clock, so the instances' clocks need not agree.
const CLAIM = `local v = redis.call('GET', KEYS[1])
if not v then
  redis.call('SET', KEYS[1], 'in_progress:' .. ARGV[1], 'PX', ARGV[2])
  return 'claimed'
end
if v == 'done' then return 'done' end
return 'in_progress'`
// As in the memory store: a claim may act while it holds the key, or once its lease ran out and no
// one took over; a handler that outlived its lease cannot undo the claim of the copy that did.
const COMPLETE = `local v = redis.call('GET', KEYS[1])
if v and v ~= 'in_progress:' .. ARGV[1] then return 0 end
redis.call('SET', KEYS[1], 'done', 'PX', ARGV[2])
return 1`
const RELEASE = `if redis.call('GET', KEYS[1]) == 'in_progress:' .. ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

const CLAIMS: readonly string[] = ['claimed', 'in_progress', 'done'] satisfies WebhookClaim[]

const milliseconds = (name: string, value: number) => {
  if (!Number.isFinite(value) || value < 1)
    throw new RangeError(
      `createRedisWebhookStore: ${name} must be a positive number of milliseconds, not ${value}.`,
    )
  return String(Math.ceil(value))
}

/**
 * The webhook store for several instances: claims, completions and releases are Lua
 * compare-and-set scripts on one Redis key each, so a delivery is handled once whichever
 * instances its copies land on. While Redis is unreachable every call throws a
 * `RedisStoreError` (the webhook route answers `503` with `Retry-After`, so the service retries);
 * the client made from `url` reconnects by itself.
 *
 * @example
 * const webhookStore = createRedisWebhookStore({ url: process.env.REDIS_URL!, onError: console.error })
 * const backend = createIbvBackend({ client, authorize, verifyWebhook, webhookStore })
 */
export function createRedisWebhookStore(options: RedisWebhookStoreOptions): RedisWebhookStore {
  const { keyPrefix = 'ibv:webhook:' } = options
  const lease = milliseconds('leaseMs', options.leaseMs ?? 60_000)
  const ttl = milliseconds('ttlMs', options.ttlMs ?? 86_400_000)
  const report = safeReporter(options.onError)
  const redis = openRedis(options, report)
  const run = keyedScripts(
    redis,
    keyPrefix,
    report,
    (what) => `The webhook store could not ${what} a key in Redis`,
  )

  return {
    async claim(key, token) {
      const answer = await run('claim', CLAIM, key, [token, lease])
      if (typeof answer === 'string' && CLAIMS.includes(answer)) return answer as WebhookClaim
      const error = new RedisStoreError(
        `The webhook store got an unexpected answer from Redis: ${String(answer)}`,
        { cause: answer },
      )
      report(error)
      throw error
    },
    async complete(key, token) {
      await run('complete', COMPLETE, key, [token, ttl])
    },
    async release(key, token) {
      await run('release', RELEASE, key, [token])
    },
    close: () => redis.close(),
  }
}
