import type { WebhookEvent } from '../core/index.js'
import type { IbvRelay } from './relay.js'
import type { WebhookStore } from './webhook-store.js'

/** A handled webhook whose key has to be completed and whose event has to be relayed. */
interface Handled {
  event: WebhookEvent
  key: string
  token: string
}

/** What became of a handled event: completed and relayed now, or kept to finish later. */
export type OutboxResult = 'relayed' | 'pending'

export interface RelayOutbox {
  /** Completes `handled.key` and relays its event; what fails is kept and retried. */
  deliver(handled: Handled): Promise<OutboxResult>
  /** Whether a delivery for `key` waits here (handled: a copy of it is a duplicate). */
  has(key: string): boolean
  /** Whether no more may wait: a new delivery must be refused before it is handled. */
  readonly full: boolean
  /** Events waiting. */
  readonly pending: number
  /** Tries what waits until it is done or `ms` ran out, then stops retrying; resolves to what is left. */
  drain(ms: number): Promise<number>
}

export interface RelayOutboxOptions {
  relay: IbvRelay
  store: WebhookStore
  onError: (error: unknown) => void
  /** Events kept at most while the relay or the store fails. @default 10000 */
  maxPending?: number
  /** Bytes of event JSON kept at most. @default 8388608 (8 MiB) */
  maxPendingBytes?: number
}

/** The first retry waits this long, each next one twice as long, up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 1_000

type Entry = Handled & { completed?: boolean; relayed?: boolean; bytes: number }

/**
 * Finishes what `onWebhook` handled: marks its key done, then relays its event. Once `onWebhook`
 * has run the delivery must not be handled again, so a store or relay that fails (Redis
 * restarting) does not turn it into a failed delivery: it waits here, in order, and each step is
 * retried (every second at most) until it succeeds. A copy arriving here meanwhile is a duplicate;
 * the streams get the event through their catch-up. What waits is lost only if the process dies
 * first (`backend.close()` drains it). The webhook route refuses new deliveries while it is `full`.
 */
export function createRelayOutbox(options: RelayOutboxOptions): RelayOutbox {
  const { relay, store, onError } = options
  const maxPending = options.maxPending ?? 10_000
  const maxPendingBytes = options.maxPendingBytes ?? 8 * 1024 * 1024
  const pending: Entry[] = []
  const keys = new Set<string>()
  let bytes = 0
  let delay = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let flushing: Promise<void> | undefined
  let stopped = false

  // Each step once: a retry after a failed relay does not complete again, and the relay publishes
  // once per key, so a retry after an answer that was lost is no second event.
  const finish = async (entry: Entry) => {
    if (!entry.completed) await store.complete(entry.key, entry.token)
    entry.completed = true
    if (!entry.relayed) await relay.publish(entry.event, { key: entry.key })
    entry.relayed = true
  }

  const retryLater = () => {
    if (timer !== undefined || stopped) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, delay)
    // A process may end while events wait: they are lost with it either way.
    timer.unref?.()
    delay = Math.min(delay * 2, MAX_RETRY_MS)
  }

  const flush = () =>
    (flushing ??= (async () => {
      try {
        for (let first = pending[0]; first; first = pending[0]) {
          try {
            await finish(first)
          } catch (error) {
            onError(error)
            retryLater()
            return
          }
          pending.shift()
          keys.delete(first.key)
          bytes -= first.bytes
          delay = FIRST_RETRY_MS
        }
      } finally {
        flushing = undefined
      }
    })())

  const keep = (entry: Entry) => {
    pending.push(entry)
    keys.add(entry.key)
    bytes += entry.bytes
  }

  return {
    async deliver(handled) {
      const entry: Entry = { ...handled, bytes: JSON.stringify(handled.event).length }
      // Behind what already waits, so every subscriber sees this instance's events in order.
      if (pending.length > 0) {
        keep(entry)
        return 'pending'
      }
      try {
        await finish(entry)
        return 'relayed'
      } catch (error) {
        onError(error)
        keep(entry)
        retryLater()
        return 'pending'
      }
    },
    has: (key) => keys.has(key),
    get full() {
      return pending.length >= maxPending || bytes >= maxPendingBytes
    },
    get pending() {
      return pending.length
    },
    async drain(ms) {
      const deadline = Date.now() + ms
      clearTimeout(timer)
      timer = undefined
      stopped = true
      while (pending.length > 0 && Date.now() < deadline) {
        await flush()
        if (pending.length > 0)
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(FIRST_RETRY_MS, Math.max(0, deadline - Date.now()))),
          )
      }
      return pending.length
    },
  }
}
