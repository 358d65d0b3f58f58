import type { RelayedEvent } from '../relay.js'
import { reportOncePerOutage } from './connection.js'
import { parseEntry, streamEntries } from './relay-stream.js'

/** The node-redis client methods the reader uses on its own connection. */
interface ReaderClient {
  connect(): Promise<unknown>
  sendCommand(args: string[]): Promise<unknown>
  on(event: 'error' | 'ready', listener: (error: unknown) => void): unknown
  destroy(): void
  readonly isOpen: boolean
}

/** How long one XREAD waits for new entries before it asks again, in milliseconds. */
const BLOCK_MS = '2000'
/** How long the reader waits after a failure before it tries again, in milliseconds. */
const RETRY_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the reader is given by its relay. */
interface ReaderParts {
  /** The reader's own connection (a duplicate): XREAD BLOCK holds it, so it cannot publish. */
  connection: unknown
  streamKey: string
  /** Where the stream stood as the relay started. */
  started: Promise<string>
  /** Asks where the stream stands now. */
  newest: () => Promise<string>
  report: (error: unknown) => void
  failure: (what: string, cause: unknown) => unknown
}

/**
 * Reads the relay's Redis stream on its own connection, from where it stood as the relay started,
 * and hands every event to the subscribers once, in id order. While Redis is unreachable it waits
 * and carries on from where it was, telling `failure` once per outage.
 */
export function readStream({
  connection,
  streamKey,
  started,
  newest,
  report,
  failure,
}: ReaderParts) {
  const reader = connection as ReaderClient
  reportOncePerOutage(reader, report)
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

  const read = async () => {
    let position = await started.catch(() => undefined)
    let failing = false
    await readerConnected
    while (!closed) {
      try {
        position ??= await newest()
        const reply = await reader.sendCommand([
          'XREAD',
          'COUNT',
          '100',
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          streamKey,
          position,
        ])
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
    subscribe(listener: (relayed: RelayedEvent) => void) {
      const own = (relayed: RelayedEvent) => listener(relayed)
      listeners.add(own)
      return () => void listeners.delete(own)
    },
    get subscribers() {
      return listeners.size
    },
    /** Stops reading: no subscriber hears anything after this. */
    async stop() {
      closed = true
      listeners.clear()
      // Destroyed, not closed: a close would wait out the XREAD that is blocking.
      if (reader.isOpen) reader.destroy()
      await reading
    },
  }
}
