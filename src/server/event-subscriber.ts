import type { IbvRelay, RelayedEvent } from './relay.js'
import type { EncodeEvent } from './event-encoding.js'
import type { StreamBudget } from './stream-budget.js'

export interface SubscriberOptions {
  relay: IbvRelay
  request: Request
  /** Whether this subscriber may see this event (the backend's `authorize`, action `event`). */
  maySee(request: Request, relayed: RelayedEvent): Promise<boolean>
  /** Whether the subscriber's query asks for this event. */
  wanted(relayed: RelayedEvent): boolean
  /** Bytes the subscriber may leave unread, or queued behind a slow `maySee`, before it is dropped. */
  maxBufferBytes: number
  /** Encodes an event as its SSE message, shared with the other streams (see event-encoding.ts). */
  encode: EncodeEvent
  /** The instance's budget for all streams together: past it, the readers holding the most are dropped. */
  budget: StreamBudget
  /** Where a reconnecting subscriber resumes; undefined for a new one. */
  lastId: number | undefined
  /** Called once, when the stream ends however it ends. */
  onEnd(): void
}

/**
 * Where a subscriber's bytes go: a Web `ReadableStream` (the fetch path) or Node's `ServerResponse`
 * (`toNodeHandler`); see event-sinks.ts.
 */
export interface SubscriberSink {
  /** Queues bytes for the reader (shared with other streams: never changed); throws once the reader is gone. */
  write(bytes: Uint8Array): void
  /** Bytes written that the reader has not taken yet. */
  unread(): number
  /** Ends the stream; with an error, drops what is queued (the client reconnects and catches up). */
  end(error?: Error): void
}

/** One running `/events` subscriber. */
export interface Subscriber {
  /** Called by the route's one shared timer. */
  heartbeat(): void
  /** Ends the stream (idempotent): the reader left, or the backend is closing. */
  stop(): void
  /** Called by the sink once the reader has taken everything written. */
  taken(): void
}

const encoder = new TextEncoder()
const HEARTBEAT = encoder.encode(': heartbeat\n\n')
const RETRY = encoder.encode('retry: 3000\n\n')
/** Events asked of `since` at once while catching up. */
const PAGE_COUNT = 100

/**
 * Runs one subscriber, writing to `sink`. Subscribed first, then caught up from the history page by page
 * (`since` with COUNT and byte limits), each page written only once the reader took the one before
 * it: any backlog the history holds reaches even a slow reader, and only what it may see is sent.
 * What arrives live meanwhile is held and goes out after the history, unless the history had it;
 * if too much arrives, it is let go and read from the history instead. Then live events are sent
 * in order as `maySee` allows, and a reader that leaves more than `maxBufferBytes`, or takes
 * nothing for a whole heartbeat while bytes wait, is dropped (its browser reconnects and catches up);
 * so is one of the readers holding the most when all streams together pass their `budget`.
 */
export function runSubscriber(options: SubscriberOptions, sink: SubscriberSink): Subscriber {
  const { relay, request, maySee, wanted, maxBufferBytes, lastId, encode: message } = options
  const pageBytes = Math.max(1, Math.floor(maxBufferBytes / 2))
  let open = true
  // Live events waiting for `maySee`, in bytes; with what the reader left unread, what we hold.
  let waiting = 0
  // Resolves when the reader has taken everything written (or the stream ended).
  let wake: (() => void) | undefined
  // The newest id this stream has had: a relay may hand over live an event the history already
  // gave (a Redis reader lags behind `since`); it is sent once, never out of order.
  let newest = lastId ?? 0
  let held: RelayedEvent[] | undefined = lastId === undefined ? undefined : []
  let heldBytes = 0
  let overflowed = false
  // While a `since` is being answered: held events that overflow then mean a history that does
  // not answer, and the stream is dropped (it reconnects later) rather than kept waiting.
  let readingHistory = false
  let queue = Promise.resolve()
  let unsubscribe = () => {}

  const { unread } = sink
  const account = options.budget.join({ unread, drop: () => drop() })
  const write = (bytes: Uint8Array) => {
    if (!open) return false
    try {
      sink.write(bytes)
    } catch {
      stop()
      return false
    }
    // May drop this very stream, when it holds the most of an instance past its budget.
    account.update()
    return open
  }
  const end = (error?: Error) => {
    try {
      sink.end(error)
    } catch {
      // Already closed or errored.
    }
    stop()
  }
  const stop = () => {
    if (!open) return
    open = false
    account.leave()
    unsubscribe()
    wake?.()
    end()
    options.onEnd()
  }
  // Erroring drops what is queued; the client reconnects and catches up from the history.
  const drop = () => end(new Error('The subscriber fell too far behind.'))
  const drained = () =>
    !open || unread() <= 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))

  const send = (relayed: RelayedEvent) => {
    if (!open || relayed.id <= newest) return
    newest = relayed.id
    if (!wanted(relayed)) return
    waiting += relayed.data.length
    if (waiting + unread() > maxBufferBytes) return drop()
    // One at a time, so events keep their order though `maySee` is async; each link handles its
    // own failure, so one event can never stall the ones after it.
    queue = queue
      .then(async () => {
        const mayWrite = open && (await maySee(request, relayed).catch(() => false))
        waiting -= relayed.data.length
        if (mayWrite && write(message(relayed)) && unread() > maxBufferBytes) drop()
      })
      .catch(() => undefined)
  }

  const catchUp = async () => {
    for (;;) {
      readingHistory = true
      const page = await relay.since(newest, { count: PAGE_COUNT, bytes: pageBytes })
      readingHistory = false
      const before = newest
      let pageSize = 0
      for (const relayed of page) {
        if (!open) return
        pageSize += relayed.data.length
        if (relayed.id <= newest) continue
        newest = relayed.id
        if (!wanted(relayed) || !(await maySee(request, relayed).catch(() => false))) continue
        // A relay that ignores the limits answers all at once: it still goes out a page at a time.
        if (write(message(relayed)) && unread() >= pageBytes) await drained()
      }
      if (!open) return
      await drained()
      // A full page may have more behind it; one that made no progress is all a relay has.
      if (newest > before && (page.length >= PAGE_COUNT || pageSize >= pageBytes)) continue
      // Caught up. What arrived live meanwhile goes out now, unless some was let go: then it is
      // read from the history too.
      if (!overflowed) break
      overflowed = false
      held = []
      heldBytes = 0
    }
    const arrived = held ?? []
    held = undefined
    for (const relayed of arrived) send(relayed)
  }

  // A reader gone already (the write fails and stops it) subscribes to nothing.
  if (write(RETRY)) {
    unsubscribe = relay.subscribe((relayed) => {
      if (!held) return send(relayed)
      if (overflowed) return
      held.push(relayed)
      heldBytes += relayed.data.length
      if (heldBytes > maxBufferBytes) {
        if (readingHistory) return drop()
        overflowed = true
        held = []
        heldBytes = 0
      }
    })
    // No history (Redis down): the stream ends, and the client reconnects and retries.
    if (held) catchUp().catch(() => end(new Error('The event history is unavailable.')))
  }
  // Whether bytes were left unread at the last heartbeat, and the reader has taken none since.
  let stalled = false
  return {
    heartbeat: () => {
      // A reader that took nothing for a whole heartbeat is gone or stuck: dropped, so what it was
      // sent (a catch-up page waits for it with no deadline of its own) is not held for hours.
      if (stalled) return drop()
      if (write(HEARTBEAT) && unread() > maxBufferBytes) return drop()
      stalled = unread() > 0
    },
    stop,
    taken: () => {
      account.update()
      stalled = false
      wake?.()
      wake = undefined
    },
  }
}
