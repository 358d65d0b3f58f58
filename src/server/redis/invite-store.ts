import type { InviteStore, SentInvite } from '../invite-store.js'
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

// What staff see of the invites sent to a consumer: one hash per consumer, field `<id>` the
// invite's JSON with `until` (epoch ms on this process's clock, when it may be forgotten), and
// `<id>:o` / `<id>:p` its opening and its product request, set once, only beside a kept invite.
// The hash lives as long as its longest-kept invite; a listing drops what is past its `until`.
const RECORD = `redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`
const UPDATE = `if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSETNX', KEYS[1], ARGV[1] .. ARGV[2], ARGV[3]) end
return 1`
const LIST = `local fields = redis.call('HGETALL', KEYS[1])
local now = tonumber(ARGV[1])
local kept = {}
for i = 1, #fields, 2 do
  if not string.find(fields[i], ':', 1, true) then
    if cjson.decode(fields[i + 1])['until'] <= now then
      redis.call('HDEL', KEYS[1], fields[i], fields[i] .. ':o', fields[i] .. ':p')
    else
      table.insert(kept, fields[i + 1])
      table.insert(kept, redis.call('HGET', KEYS[1], fields[i] .. ':o') or '')
      table.insert(kept, redis.call('HGET', KEYS[1], fields[i] .. ':p') or '')
    end
  end
end
return kept`

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
  const run = keyedScripts(
    redis,
    keyPrefix,
    report,
    (what) => `The invite store could not ${what} in Redis`,
  )

  return {
    async markUsed(id, productRequestId, ttlMs) {
      return String(
        await run('record an invite', MARK, id, [milliseconds(ttlMs), productRequestId]),
      )
    },
    async usedFor(id) {
      const productRequestId = await run('read an invite', USED_FOR, id, [])
      return typeof productRequestId === 'string' ? productRequestId : undefined
    },
    async claim(productRequestId, consumerId, ttlMs) {
      await run('record a claim', CLAIM, CLAIM_PREFIX + productRequestId, [
        milliseconds(ttlMs),
        consumerId,
      ])
    },
    async confirm(productRequestId, consumerId) {
      const [confirmed, foreign] = (await run(
        'confirm a claim',
        CONFIRM,
        CLAIM_PREFIX + productRequestId,
        [consumerId],
      )) as [number, number]
      return { confirmed: confirmed === 1, foreign: Number(foreign) }
    },
    async recordInvite(record, ttlMs) {
      const ms = milliseconds(ttlMs)
      await run('record an invite sent', RECORD, SENT_PREFIX + record.consumerId, [
        record.id,
        JSON.stringify({ ...record, until: Date.now() + Number(ms) }),
        ms,
      ])
    },
    async updateInvite(consumerId, id, change) {
      const [suffix, value] =
        'openedAt' in change ? [':o', String(change.openedAt)] : [':p', change.productRequestId]
      await run('update an invite sent', UPDATE, SENT_PREFIX + consumerId, [id, suffix, value])
    },
    async invitesOf(consumerId) {
      const flat = (await run('list the invites sent', LIST, SENT_PREFIX + consumerId, [
        String(Date.now()),
      ])) as string[]
      const invites: SentInvite[] = []
      for (let i = 0; i + 2 < flat.length; i += 3) {
        const {
          id,
          consumerId: consumer,
          sentAt,
          expiresAt,
        } = JSON.parse(flat[i] as string) as SentInvite
        const invite: SentInvite = { id, consumerId: consumer, sentAt, expiresAt }
        if (flat[i + 1]) invite.openedAt = Number(flat[i + 1])
        if (flat[i + 2]) invite.productRequestId = flat[i + 2]
        invites.push(invite)
      }
      return invites
    },
    close: () => redis.close(),
  }
}

/** The invites sent to a consumer, under the same prefix (an invite id has no colon). */
const SENT_PREFIX = 'sent:'

/** Claims live beside the used invites, under the same prefix (an invite id has no colon). */
const CLAIM_PREFIX = 'claim:'

function milliseconds(ttlMs: number): string {
  return String(Math.max(1, Math.ceil(ttlMs)))
}
