import { randomUUID } from 'node:crypto'
import type { ReportApiVersion } from '../../core/index.js'
import type { ReportResult } from '../client.js'
import { reportTtlOption, type ReportCache, type ReportCacheOptions } from '../report-cache.js'
import { openRedis, type RedisConnection } from './connection.js'
import { reportedFailure, safeReporter } from './errors.js'

/** Where Redis is (`url`, or a `client` of yours), and how the cache uses it. */
export type RedisReportCacheOptions = RedisConnection &
  ReportCacheOptions & {
    /** Put before every key, so several apps (or tests) can share one Redis. @default 'ibv:reports:' */
    keyPrefix?: string
    /** Told about every Redis failure (each is also thrown, as a `RedisStoreError`; the backend then reads upstream), for your logs. */
    onError?: (error: unknown) => void
  }

/** The report cache on Redis; `close()` ends a client it made. */
export interface RedisReportCache extends ReportCache {
  /** Closes the Redis client the cache made from `url`; a client you passed stays open. */
  close(): Promise<void>
}

/** How long a product request's generation is remembered after its last webhook: far past the slowest read. */
const GENERATION_MS = 10 * 60_000

// The keys of one product request share a hash tag (`{id}`), so the scripts run on a cluster too.
// KEYS: generation, answer. Lua's false ends a table, hence '' for no answer.
const READ = `return { redis.call('GET', KEYS[1]) or '0', redis.call('GET', KEYS[2]) or '' }`
// KEYS: generation, answer; ARGV: generation seen, answer, ttl.
const WRITE = `if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`
// KEYS: claim; ARGV: claim id, hold.
const CLAIM = `return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0`
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`
// KEYS: generation, v1 answer, v2 answer; ARGV: how long the generation is remembered.
const FORGET = `redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('DEL', KEYS[2], KEYS[3])`

/**
 * The report cache for several instances: each answer under its own key for `ttlMs` (`SET … PX`,
 * on Redis's clock), a claim per read (`SET NX PX`) so one instance reads upstream while the
 * others wait for its answer, and a generation per product request that a webhook moves on, so
 * an answer read before the webhook is never shared after it. Answers hold personal data: protect
 * this Redis as you protect the token cache's. While Redis is unreachable every method throws a
 * `RedisStoreError`, and `createIbvBackend` reads upstream as without a cache (and tells `onError`).
 *
 * @example
 * const reportCache = createRedisReportCache({ url: process.env.REDIS_URL!, ttlMs: 2000, onError: console.error })
 * const backend = createIbvBackend({ client, authorize, tokenCache, reportCache })
 */
export function createRedisReportCache(options: RedisReportCacheOptions): RedisReportCache {
  const ttlMs = reportTtlOption('createRedisReportCache', options.ttlMs)
  const { keyPrefix = 'ibv:reports:' } = options
  const report = safeReporter(options.onError)
  const redis = openRedis(options, report)
  const keys = (id: string) => {
    const at = `${keyPrefix}{${id}}`
    return {
      generation: `${at}:generation`,
      answer: (version: ReportApiVersion) => `${at}:${version}`,
      claim: (version: ReportApiVersion) => `${at}:${version}:claim`,
    }
  }
  const run = async (
    what: string,
    script: string,
    scriptKeys: string[],
    args: string[],
  ): Promise<unknown> => {
    try {
      await redis.ready()
      return await redis.client.eval(script, { keys: scriptKeys, arguments: args })
    } catch (cause) {
      throw reportedFailure(report, `The report cache could not ${what} in Redis`, cause)
    }
  }

  return {
    async read(productRequestId, version) {
      const of = keys(productRequestId)
      const value = await run('read an answer', READ, [of.generation, of.answer(version)], [])
      const [generation, text] = Array.isArray(value) ? value.map(String) : ['0', '']
      return { answer: asReportResult(text), generation: generation ?? '0' }
    },
    async write(productRequestId, version, answer, generation) {
      const of = keys(productRequestId)
      await run(
        'share an answer',
        WRITE,
        [of.generation, of.answer(version)],
        [generation, JSON.stringify(answer), String(ttlMs)],
      )
    },
    async claim(productRequestId, version, holdMs) {
      const claim = randomUUID()
      const got = await run(
        'claim a read',
        CLAIM,
        [keys(productRequestId).claim(version)],
        [claim, String(Math.max(1, Math.ceil(holdMs)))],
      )
      return got === 1 ? claim : undefined
    },
    async release(productRequestId, version, claim) {
      await run('release a read', RELEASE, [keys(productRequestId).claim(version)], [claim])
    },
    async forget(productRequestId) {
      const of = keys(productRequestId)
      await run(
        'forget a report',
        FORGET,
        [of.generation, of.answer('v1'), of.answer('v2')],
        [String(GENERATION_MS)],
      )
    },
    close: () => redis.close(),
  }
}

/** A shared answer read back from Redis, when it is one; anything else is no answer. */
function asReportResult(text: string | undefined): ReportResult | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<ReportResult> | null
    if (value?.kind === 'ready' && typeof value.report === 'object' && value.report !== null)
      return value as ReportResult
    if (value?.kind === 'pending' && typeof value.pending === 'object' && value.pending !== null)
      return value as ReportResult
  } catch {
    // not ours: read upstream
  }
  return undefined
}
