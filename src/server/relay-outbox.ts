import type { WebhookEvent } from '../core/index.js'
import type { IbvRelay } from './relay.js'
import type { WebhookStore } from './webhook-store.js'

/** A handled webhook whose event still has to be relayed and whose key has to be completed. */
interface Handled {
  event: WebhookEvent
  key: string
  token: string
}

/** What became of a handled event: relayed now, kept to relay later, or refused (the outbox is full). */
export type OutboxResult = 'relayed' | 'pending' | 'full'

export interface RelayOutbox {
  /** Relays `handled.event` and completes its key; if either fails, keeps it and retries both. */
  deliver(handled: Handled): Promise<OutboxResult>
  /** Events waiting for the relay. */
  readonly pending: number
}

export interface RelayOutboxOptions {
  relay: IbvRelay
  store: WebhookStore
  onError?: (error: unknown) => void
  /** Events kept at most while the relay refuses them. @default 10000 */
  maxPending?: number
}

/** The first retry waits this long, each next one twice as long, up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 5_000

/**
 * Relays what `onWebhook` handled, then marks its key done. Once `onWebhook` has run, the
 * delivery must not be handled again, so a relay or store that fails (Redis restarting) does not
 * turn it into a failed delivery: the event waits here, in order, and is relayed and its key
 * completed as soon as they answer again. Streams then get it through their catch-up.
 * What waits here is lost only if this process dies before the relay comes back; past
 * `maxPending` events, a delivery is refused (`full`) so the service retries it.
 */
export function createRelayOutbox(options: RelayOutboxOptions): RelayOutbox {
  const { relay, store, onError } = options
  const maxPending = options.maxPending ?? 10_000
  const pending: Handled[] = []
  let delay = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let flushing = false

  // Both, or it stays pending. A retry after a completion that failed does not publish again, and
  // the relay publishes once per key, so a retry after an answer that was lost is no second event.
  const publish = async (handled: Handled & { relayed?: boolean }) => {
    if (!handled.relayed) await relay.publish(handled.event, { key: handled.key })
    handled.relayed = true
    await store.complete(handled.key, handled.token)
  }

  const retryLater = () => {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, delay)
    // A process may end while events wait: they are lost with it either way.
    timer.unref?.()
    delay = Math.min(delay * 2, MAX_RETRY_MS)
  }

  async function flush() {
    if (flushing) return
    flushing = true
    try {
      for (let first = pending[0]; first; first = pending[0]) {
        try {
          await publish(first)
        } catch (error) {
          onError?.(error)
          retryLater()
          return
        }
        pending.shift()
        delay = FIRST_RETRY_MS
      }
    } finally {
      flushing = false
    }
  }

  return {
    async deliver(handled: Handled): Promise<OutboxResult> {
      // Behind what already waits, so every subscriber sees this instance's events in order.
      if (pending.length > 0) {
        if (pending.length >= maxPending) return 'full'
        pending.push(handled)
        return 'pending'
      }
      try {
        await publish(handled)
        return 'relayed'
      } catch (error) {
        onError?.(error)
        pending.push(handled)
        retryLater()
        return 'pending'
      }
    },
    get pending() {
      return pending.length
    },
  }
}
