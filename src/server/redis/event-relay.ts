import type { WebhookEvent } from '../../core/index.js'
import type { IbvRelay, PublishOptions, RelayedEvent } from '../relay.js'
import { openRedis, type RedisScriptClient } from './connection.js'
import { reportedFailure, safeReporter } from './errors.js'

/**
 * What the relay needs of a client of yours: `eval` for publishing and the history, and
 * `duplicate()` for the second connection its reader blocks on (a node-redis client fits).
 */
export interface RedisRelayClient extends RedisScriptClient {
  duplicate(): unknown
}

/** Where Redis is (`url`, or a `client` of yours), and how the relay uses it. */
export type RedisEventRelayOptions = ({ url: string; client?: never } | { client: RedisRelayClient; url?: never }) & {
  /** Put before the relay's keys (`<prefix>:id`, `<prefix>:stream`, `<prefix>:published:<webhook key>` for an hour), so several apps can share one Redis. @default 'ibv:events' */
  keyPrefix?: string
  /** How many past events a reconnecting subscriber can catch up on, at least (Redis trims in whole blocks). @default 500 */
  historySize?: number
  /** Told about every Redis failure, for your logs; a failing `publish` or `since` also rejects with a `RedisStoreError`. */
  onError?: (error: unknown) => void
}

/** The relay for several instances; `close()` stops its reader and closes the clients it made. */
export interface RedisEventRelay extends IbvRelay {
  publish(event: WebhookEvent, options?: PublishOptions): Promise<RelayedEvent>
  since(lastId: number): Promise<RelayedEvent[]>
  /**
   * Resolves once the relay knows where the stream stood when it started (or after a short wait
   * if Redis is down): from then on every event, from any instance, reaches its subscribers.
   */
  ready(): Promise<void>
  close(): Promise<void>
}

/** The node-redis client methods the reader uses on its own connection. */
interface ReaderClient {
  connect(): Promise<unknown>
  sendCommand(args: string[]): Promise<unknown>
  on(event: 'error', listener: (error: unknown) => void): unknown
  destroy(): void
  readonly isOpen: boolean
}

// The id and the stream entry in one step, so the stream's order is the ids' order on every instance.
// A missing counter (a new Redis, or one that restarted empty) starts from Redis's clock in
// microseconds, so ids keep growing past any a browser still holds and its resume misses nothing.
// With a delivery key (KEYS[3]), an event already published for it answers its id and adds
// nothing: a publish retried after its answer was lost (Redis went down just then) is not a second event.
const PUBLISH = `if KEYS[3] then
  local seen = redis.call('GET', KEYS[3])
  if seen then return tonumber(seen) end
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  redis.call('SET', KEYS[1], now[1] .. string.rep('0', 6 - #now[2]) .. now[2])
end
local id = redis.call('INCR', KEYS[1])
-- Not tostring: Lua 5.1 writes numbers with 14 digits, and these ids have 16.
local fields = { 'id', string.format('%d', id) }
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[1], '*', unpack(fields))
if KEYS[3] then redis.call('SET', KEYS[3], fields[2], 'PX', ARGV[2]) end
return id`
const HISTORY = `return redis.call('XRANGE', KEYS[1], '-', '+')`
const NEWEST = `local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return '0-0' end
return last[1][1]`

/** How long a delivery key is remembered as published, in milliseconds: far longer than a retry waits. */
const PUBLISHED_MS = '3600000'
/** How long one XREAD waits for new entries before it asks again, in milliseconds. */
const BLOCK_MS = '2000'
/** How long the reader waits after a failure before it tries again, in milliseconds. */
const RETRY_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A stream entry (`[entryId, [field, value, …]]`) as a relayed event, or undefined if it is not one. */
function parseEntry(entry: unknown): { entryId: string; relayed?: RelayedEvent } | undefined {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1])) return undefined
  const flat = entry[1] as unknown[]
  const fields: Record<string, string> = {}
  for (let index = 0; index + 1 < flat.length; index += 2) fields[String(flat[index])] = String(flat[index + 1])
  const id = Number(fields.id)
  if (!Number.isSafeInteger(id) || id < 1 || fields.name === undefined || fields.data === undefined) return { entryId: entry[0] }
  const relayed: RelayedEvent = { id, name: fields.name as RelayedEvent['name'], data: fields.data }
  if (fields.productRequestId !== undefined) relayed.productRequestId = fields.productRequestId
  if (fields.consumerId !== undefined) relayed.consumerId = fields.consumerId
  return { entryId: entry[0], relayed }
}

/**
 * The entry lists of an XREAD reply: `[[key, entries], …]` in RESP2, a map of key to entries as
 * node-redis gives it (an object, or a `Map`); nothing for no reply (the BLOCK ran out).
 */
function streamEntries(reply: unknown): unknown[][] {
  if (reply === null || typeof reply !== 'object') return []
  const streams = Array.isArray(reply)
    ? reply.map((stream: unknown) => (Array.isArray(stream) ? stream[1] : undefined))
    : reply instanceof Map
      ? [...(reply as Map<unknown, unknown>).values()]
      : Object.values(reply)
  return streams.filter((entries): entries is unknown[] => Array.isArray(entries))
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
  const { keyPrefix = 'ibv:events', historySize = 500 } = options
  if (!Number.isSafeInteger(historySize) || historySize < 1) throw new RangeError(`createRedisEventRelay: historySize must be a positive integer, not ${historySize}.`)
  const idKey = `${keyPrefix}:id`
  const streamKey = `${keyPrefix}:stream`
  const report = safeReporter(options.onError)
  const failure = (what: string, cause: unknown) => reportedFailure(report, `The event relay could not ${what}`, cause)
  const redis = openRedis(options.url === undefined ? { client: options.client } : { url: options.url }, report)
  const run = async (script: string, keys: string[], args: string[] = []) => {
    await redis.ready()
    return redis.client.eval(script, { keys, arguments: args })
  }

  // The reader's own connection: XREAD BLOCK holds it, so it cannot share the publishing one.
  const reader = (redis.client as unknown as RedisRelayClient).duplicate() as ReaderClient
  reader.on('error', (error) => report(error))
  const readerConnected = reader.connect().catch((error: unknown) => report(error))

  const listeners = new Set<(relayed: RelayedEvent) => void>()
  let closed = false

  const deliver = (relayed: RelayedEvent) => {
    for (const listener of listeners) {
      try {
        listener(relayed)
      } catch {
        // One subscriber's failure is its own; the others still get the event.
      }
    }
  }

  // Where the stream is as this relay starts, asked on the publishing connection before any
  // publish of ours, so its subscribers get every event from then on, their own included.
  const newest = async () => {
    const entryId = await run(NEWEST, [streamKey])
    return typeof entryId === 'string' ? entryId : '0-0'
  }
  const started = newest()
  started.catch(() => undefined)

  const read = async () => {
    let position = await started.catch(() => undefined)
    let failing = false
    await readerConnected
    while (!closed) {
      try {
        position ??= await newest()
        const reply = await reader.sendCommand(['XREAD', 'COUNT', '100', 'BLOCK', BLOCK_MS, 'STREAMS', streamKey, position])
        failing = false
        if (closed) return
        for (const entries of streamEntries(reply)) {
          for (const entry of entries) {
            const parsed = parseEntry(entry)
            if (!parsed) continue
            position = parsed.entryId
            if (parsed.relayed) deliver(parsed.relayed)
          }
        }
      } catch (cause) {
        if (closed) return
        // Once per outage, not once per attempt.
        if (!failing) failure('read new events from Redis (it keeps trying)', cause)
        failing = true
        await sleep(RETRY_MS)
      }
    }
  }
  const reading = read().catch((error: unknown) => report(error))

  return {
    async publish(event, { key } = {}) {
      const relayed: RelayedEvent = { id: 0, name: event.event, data: JSON.stringify(event) }
      if (event.productRequestId !== undefined) relayed.productRequestId = event.productRequestId
      if (event.consumerId !== undefined) relayed.consumerId = event.consumerId
      const fields = ['name', relayed.name, 'data', relayed.data]
      if (relayed.productRequestId !== undefined) fields.push('productRequestId', relayed.productRequestId)
      if (relayed.consumerId !== undefined) fields.push('consumerId', relayed.consumerId)
      let id: unknown
      try {
        const keys = key === undefined ? [idKey, streamKey] : [idKey, streamKey, `${keyPrefix}:published:${key}`]
        id = await run(PUBLISH, keys, [String(historySize), PUBLISHED_MS, ...fields])
      } catch (cause) {
        throw failure('publish an event to Redis', cause)
      }
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw failure('publish an event to Redis', new Error(`unexpected answer ${String(id)}`))
      relayed.id = id
      return relayed
    },
    async since(lastId) {
      let entries: unknown
      try {
        entries = await run(HISTORY, [streamKey])
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
    },
    subscribe(listener) {
      const own = (relayed: RelayedEvent) => listener(relayed)
      listeners.add(own)
      return () => void listeners.delete(own)
    },
    get subscribers() {
      return listeners.size
    },
    async ready() {
      await started.catch(() => undefined)
    },
    async close() {
      if (closed) return
      closed = true
      listeners.clear()
      // Destroyed, not closed: a close would wait out the XREAD that is blocking.
      if (reader.isOpen) reader.destroy()
      await reading
      await redis.close()
    },
  }
}
