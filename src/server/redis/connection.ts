import { createClient } from 'redis'
import { oncePerOutage } from '../safe-reporter.js'
import { reportedFailure } from './errors.js'

/**
 * What ibv-kit needs of a Redis client: node-redis's `eval(script, { keys, arguments })`. A
 * client, cluster or pool made with `redis` (node-redis) fits.
 */
export interface RedisScriptClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
}

/** Where to find Redis: a URL (ibv-kit makes and closes its own client) or a client of yours. */
export type RedisConnection =
  { url: string; client?: never } | { client: RedisScriptClient; url?: never }

export interface RedisHandle {
  client: RedisScriptClient
  /** Resolves once a client made here first connected, or after a short wait if Redis is down. */
  ready(): Promise<void>
  /** Closes the client if ibv-kit made it; a client you passed stays open. */
  close(): Promise<void>
}

/** How long a command waits for a new client's first connection before it fails like one to a Redis that is down. */
const FIRST_CONNECTION_WAIT_MS = 2_000

/** Reconnects at once, then backs off to 2 s between attempts, with jitter, for ever. */
const reconnectStrategy = (retries: number) =>
  Math.min(50 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100)

/** The client methods `reportOncePerOutage` listens with (a node-redis client has them). */
interface Observable {
  on(event: 'error' | 'ready', listener: (error: unknown) => void): unknown
}

/**
 * Tells `onError` about a client's connection failures once per outage (the first failed
 * attempt), not once per reconnection attempt, and again after it was ready in between. Listening
 * also keeps an `error` event from ending the process.
 */
export function reportOncePerOutage(client: Observable, onError: (error: unknown) => void) {
  let failing = false
  client.on('error', (error) => {
    if (!failing) onError(error)
    failing = true
  })
  client.on('ready', () => (failing = false))
}

/**
 * Opens the connection a store or relay uses. A client made here rejects commands at once while
 * Redis is unreachable (no offline queue), so a webhook gets its retryable 503 now rather than
 * after a timeout; it reconnects by itself, and reports a lost connection to `onError` once per
 * outage, never as an unhandled `error` event that would end the process.
 */
export function openRedis(
  connection: RedisConnection,
  onError: (error: unknown) => void,
): RedisHandle {
  if (connection.client)
    return { client: connection.client, ready: async () => {}, close: async () => {} }
  if (typeof connection.url !== 'string')
    throw new TypeError(
      'ibv-kit/server/redis needs a url or a client (options.url or options.client).',
    )
  const client = createClient({
    url: connection.url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy },
  })
  reportOncePerOutage(client, onError)
  // Not awaited here: the first commands wait for it (a little), so a store made at start-up
  // works at once, and one made while Redis is down fails soon rather than hangs.
  let connected = false
  const firstConnection = client.connect().then(
    () => void (connected = true),
    (error: unknown) => {
      if (client.isOpen) onError(error)
    },
  )
  return {
    client: client as unknown as RedisScriptClient,
    async ready() {
      if (connected) return
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        firstConnection,
        new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS))),
      ])
      clearTimeout(timer)
    },
    async close() {
      if (!client.isOpen) return
      if (client.isReady) await client.close()
      else client.destroy()
    },
  }
}

/**
 * Runs a Lua script on one key under `keyPrefix`, after the first connection (or its short wait);
 * any failure throws a `RedisStoreError` worded by `failed(what)`, told to `report` once per outage
 * (the first failure after a success), not once per command.
 */
export function keyedScripts(
  redis: RedisHandle,
  keyPrefix: string,
  report: (error: unknown) => void,
  failed: (what: string) => string,
) {
  const outage = oncePerOutage(report)
  return async (what: string, script: string, key: string, args: string[]): Promise<unknown> => {
    try {
      await redis.ready()
      const answer = await redis.client.eval(script, { keys: [keyPrefix + key], arguments: args })
      outage.recovered()
      return answer
    } catch (cause) {
      throw reportedFailure(outage.failed, failed(what), cause)
    }
  }
}
