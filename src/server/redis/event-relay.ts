import type { LiveStreamEvent } from '../../core/index.js'
import type { IbvRelay, PublishOptions, RelayedEvent, SinceLimits } from '../relay.js'
import { openRedis, type RedisScriptClient } from './connection.js'
import { reportedFailure, safeReporter } from './errors.js'
import { HISTORY, HISTORY_PAGE, NEWEST, PING, parseEntry, PUBLISH } from './relay-stream.js'
import { readStream } from './relay-reader.js'

/**
 * What the relay needs of a client of yours: `eval` for publishing and the history, and
 * `duplicate()` for the second connection its reader blocks on (a node-redis client fits).
 */
export interface RedisRelayClient extends RedisScriptClient {
  duplicate(): unknown
}

/** Where Redis is (`url`, or a `client` of yours), and how the relay uses it. */
export type RedisEventRelayOptions = (
  { url: string; client?: never } | { client: RedisRelayClient; url?: never }
) & {
  /** Put before the relay's keys (`<prefix>:id`, `<prefix>:stream`, `<prefix>:published:<webhook key>`), so several apps can share one Redis. @default 'ibv:events' */
  keyPrefix?: string
  /** How many past events a reconnecting subscriber can catch up on, at least (Redis trims in whole blocks). @default 500 */
  historySize?: number
  /**
   * How long a delivery's key is remembered as published, in milliseconds, so a publish retried
   * after a lost answer adds no second event. Keep it equal to the webhook store's `ttlMs`.
   * @default 86400000 (24 hours)
   */
  publishedTtlMs?: number
  /** Told about every Redis failure, for your logs; a failing `publish` or `since` also rejects with a `RedisStoreError`. */
  onError?: (error: unknown) => void
}

/** The relay for several instances; `close()` stops its reader and closes the clients it made. */
export interface RedisEventRelay extends IbvRelay {
  publish(event: LiveStreamEvent, options?: PublishOptions): Promise<RelayedEvent>
  /**
   * Events after `lastId`, oldest first: one `XRANGE … COUNT` read within `limits` (at most 100
   * events), or, without limits, the whole history read 100 entries at a time.
   */
  since(lastId: number, limits?: SinceLimits): Promise<RelayedEvent[]>
  /**
   * Resolves once the relay knows where the stream stood when it started (or after a short wait
   * if Redis is down): from then on every event, from any instance, reaches its subscribers.
   */
  ready(): Promise<void>
  /** Resolves when Redis answers a PING on the publishing connection; rejects with a `RedisStoreError` when not. */
  ping(): Promise<void>
  close(): Promise<void>
}

/**
 * The `/events` relay for several instances: every event gets its id from one Redis counter (so
 * `Last-Event-ID` resumes on any instance) and goes into one Redis stream, trimmed to about
 * `historySize` events. Each relay reads that stream on its own connection and hands every event
 * to its own subscribers once, in id order, whichever instance published it. While Redis is
 * unreachable `publish` rejects with a `RedisStoreError` (the webhook route keeps the handled
 * event and publishes it, once, when Redis is back), and the reader waits and carries on from
 * where it was.
 *
 * @example
 * const relay = createRedisEventRelay({ url: process.env.REDIS_URL!, onError: console.error })
 * const backend = createIbvBackend({ client, authorize, verifyWebhook, webhookStore, relay })
 */
export function createRedisEventRelay(options: RedisEventRelayOptions): RedisEventRelay {
  const { keyPrefix = 'ibv:events', historySize = 500, publishedTtlMs = 86_400_000 } = options
  if (!Number.isSafeInteger(historySize) || historySize < 1)
    throw new RangeError(
      `createRedisEventRelay: historySize must be a positive integer, not ${historySize}.`,
    )
  if (!Number.isSafeInteger(publishedTtlMs) || publishedTtlMs < 1)
    throw new RangeError(
      `createRedisEventRelay: publishedTtlMs must be a positive whole number of milliseconds, not ${publishedTtlMs}.`,
    )
  const idKey = `${keyPrefix}:id`
  const streamKey = `${keyPrefix}:stream`
  const report = safeReporter(options.onError)
  const failure = (what: string, cause: unknown) =>
    reportedFailure(report, `The event relay could not ${what}`, cause)
  const redis = openRedis(
    options.url === undefined ? { client: options.client } : { url: options.url },
    report,
  )
  const run = async (script: string, keys: string[], args: string[] = []) => {
    await redis.ready()
    return redis.client.eval(script, { keys, arguments: args })
  }
  let closed = false

  // Where the stream is as this relay starts, asked on the publishing connection before any
  // publish of ours, so its subscribers get every event from then on, their own included.
  const newest = async () => {
    const entryId = await run(NEWEST, [streamKey])
    return typeof entryId === 'string' ? entryId : '0-0'
  }
  const started = newest()
  started.catch(() => undefined)
  const reader = readStream({
    connection: (redis.client as unknown as RedisRelayClient).duplicate(),
    streamKey,
    started,
    newest,
    report,
    failure,
  })

  const readPage = async (
    lastId: number,
    { count = HISTORY_PAGE, bytes = Number.MAX_SAFE_INTEGER }: SinceLimits,
  ) => {
    let entries: unknown
    try {
      const whole = (value: number, most: number) =>
        String(Number.isFinite(value) ? Math.max(1, Math.min(Math.floor(value), most)) : most)
      entries = await run(
        HISTORY,
        [streamKey],
        [String(lastId), whole(count, HISTORY_PAGE), whole(bytes, Number.MAX_SAFE_INTEGER)],
      )
    } catch (cause) {
      throw failure('read the event history from Redis', cause)
    }
    const missed: RelayedEvent[] = []
    if (!Array.isArray(entries)) return missed
    for (const entry of entries as unknown[]) {
      const relayed = parseEntry(entry)?.relayed
      if (relayed && relayed.id > lastId) missed.push(relayed)
    }
    return missed
  }

  return {
    async publish(event, { key } = {}) {
      const relayed: RelayedEvent = { id: 0, name: event.event, data: JSON.stringify(event) }
      if (event.productRequestId !== undefined) relayed.productRequestId = event.productRequestId
      if (event.consumerId !== undefined) relayed.consumerId = event.consumerId
      const fields = ['name', relayed.name, 'data', relayed.data]
      if (relayed.productRequestId !== undefined)
        fields.push('productRequestId', relayed.productRequestId)
      if (relayed.consumerId !== undefined) fields.push('consumerId', relayed.consumerId)
      let id: unknown
      try {
        const keys =
          key === undefined
            ? [idKey, streamKey]
            : [idKey, streamKey, `${keyPrefix}:published:${key}`]
        id = await run(PUBLISH, keys, [String(historySize), String(publishedTtlMs), ...fields])
      } catch (cause) {
        throw failure('publish an event to Redis', cause)
      }
      if (typeof id !== 'number' || !Number.isSafeInteger(id))
        throw failure('publish an event to Redis', new Error(`unexpected answer ${String(id)}`))
      relayed.id = id
      return relayed
    },
    async since(lastId, limits) {
      if (limits) return readPage(lastId, limits)
      const missed: RelayedEvent[] = []
      for (
        let page = await readPage(lastId, {});
        page.length > 0;
        page = await readPage(page[page.length - 1]?.id ?? lastId, {})
      )
        missed.push(...page)
      return missed
    },
    async ping() {
      try {
        await run(PING, [])
      } catch (cause) {
        throw failure('reach Redis', cause)
      }
    },
    subscribe: reader.subscribe,
    get subscribers() {
      return reader.subscribers
    },
    async ready() {
      await started.catch(() => undefined)
    },
    async close() {
      if (closed) return
      closed = true
      await reader.stop()
      await redis.close()
    },
  }
}
