import type { IbvRelay, RelayedEvent } from './relay.js'
import { json } from './responses.js'

export interface EventStreamsOptions {
  relay: IbvRelay
  /** Whether this subscriber may see this event (the backend's `authorize`, action `event`). */
  maySee(request: Request, relayed: RelayedEvent): Promise<boolean>
  heartbeatMs: number
  /** Live streams at most; one more is a 503. */
  maxStreams: number
  /** Live streams of one client (as `clientKey` tells) at most; one more is a 429. */
  maxStreamsPerClient: number
  /** Who a request comes from; see `defaultClientKey`. */
  clientKey(request: Request): string | Promise<string>
  /**
   * Bytes a subscriber may have waiting (unread, or queued behind a slow `maySee`) before it is
   * dropped (it reconnects and catches up).
   */
  maxBufferBytes: number
}

const encoder = new TextEncoder()
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
}

/**
 * `GET /events`: a Server-Sent Events stream of the webhook events the caller may see, optionally
 * narrowed by `?product_request_id=` or `?consumer_id=`. Each event has an `id`; a reconnecting
 * client sends `Last-Event-ID` (or `?last_event_id=`) and first gets what it missed; a new
 * client gets only what happens from now on. A comment line every `heartbeatMs` keeps proxies
 * from closing an idle stream. `HEAD` gets the headers and opens nothing.
 */
export function eventStreams(options: EventStreamsOptions) {
  let live = 0
  const stops = new Set<() => void>()
  // Open streams per client key (hashed credentials, never the credentials themselves).
  const perClient = new Map<string, number>()

  async function open(request: Request): Promise<Response> {
    if (request.method === 'HEAD') return new Response(null, { headers: SSE_HEADERS })
    // The key first: the counts below are checked and taken with no await between them.
    const client = String(await options.clientKey(request))
    if (live >= options.maxStreams) {
      return json({ message: 'Too many live event streams; try again shortly.', code: 'too_many_streams' }, 503, { 'retry-after': '5' })
    }
    const clientStreams = perClient.get(client) ?? 0
    if (clientStreams >= options.maxStreamsPerClient) {
      return json({ message: 'You have too many live event streams open; close a tab or try again shortly.', code: 'too_many_streams' }, 429, { 'retry-after': '5' })
    }
    perClient.set(client, clientStreams + 1)
    const url = new URL(request.url)
    const productRequestId = url.searchParams.get('product_request_id')
    const consumerId = url.searchParams.get('consumer_id')
    const lastId = resumePoint(request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id'))
    const wanted = (relayed: RelayedEvent) =>
      (!productRequestId || relayed.productRequestId === productRequestId) && (!consumerId || relayed.consumerId === consumerId)

    live++
    let stop = () => {}
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let open = true
          // Events waiting for `maySee`, in bytes: with what the reader left unread (with a
          // high-water mark of 0, minus the desired size), what this subscriber makes us hold.
          let waiting = 0
          const overBudget = () => waiting - (controller.desiredSize ?? 0) > options.maxBufferBytes
          const drop = () => {
            // Erroring drops what is queued; the client reconnects and catches up from the history.
            controller.error(new Error('The subscriber fell too far behind.'))
            stop()
          }
          const write = (text: string) => {
            if (!open) return
            try {
              controller.enqueue(encoder.encode(text))
              if (overBudget()) drop()
            } catch {
              stop()
            }
          }
          // One at a time, so events keep their order even though `maySee` is async; each link
          // handles its own failure, so one event can never stall the ones after it.
          let queue = Promise.resolve()
          // The newest id this stream has had: a relay may hand over live an event the history
          // already gave (a Redis reader lags behind `since`); it is sent once, never out of order.
          let newest = lastId ?? 0
          const send = (relayed: RelayedEvent) => {
            if (!open || relayed.id <= newest) return
            newest = relayed.id
            if (!wanted(relayed)) return
            waiting += relayed.data.length
            if (overBudget()) return drop()
            queue = queue
              .then(async () => {
                const mayWrite = open && (await options.maySee(request, relayed).catch(() => false))
                // No longer waiting: once written, it counts as unread instead.
                waiting -= relayed.data.length
                if (mayWrite) write(`id: ${relayed.id}\nevent: ${relayed.name}\ndata: ${relayed.data}\n\n`)
              })
              .catch(() => undefined)
          }
          write('retry: 3000\n\n')
          // Subscribed first, then caught up: what arrives live meanwhile waits, and goes out after
          // the history unless the history already had it, so nothing falls between the two.
          let held: RelayedEvent[] | undefined = lastId === undefined ? undefined : []
          let heldBytes = 0
          const unsubscribe = options.relay.subscribe((relayed) => {
            if (!held) return send(relayed)
            held.push(relayed)
            // Held events count against the same budget: a history that never answers cannot pile them up.
            heldBytes += relayed.data.length
            if (heldBytes > options.maxBufferBytes) {
              held = undefined
              drop()
            }
          })
          const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs)
          stop = () => {
            if (!open) return
            open = false
            live--
            const left = (perClient.get(client) ?? 1) - 1
            if (left > 0) perClient.set(client, left)
            else perClient.delete(client)
            stops.delete(stop)
            clearInterval(heartbeat)
            unsubscribe()
            try {
              controller.close()
            } catch {
              // Already closed or errored.
            }
          }
          stops.add(stop)
          request.signal.addEventListener('abort', () => stop(), { once: true })
          // A request already aborted fires no event: stop now, or the stream would hold its place.
          if (request.signal.aborted) stop()
          if (open && lastId !== undefined) {
            const catchUp = (missed: RelayedEvent[]) => {
              for (const relayed of missed) send(relayed)
              const arrived = held ?? []
              held = undefined
              for (const relayed of arrived) send(relayed)
            }
            const failed = () => {
              // No history (Redis down): the stream ends, and the client reconnects and retries.
              held = undefined
              try {
                controller.error(new Error('The event history is unavailable.'))
              } catch {
                // Already closed.
              }
              stop()
            }
            try {
              const missed = options.relay.since(lastId)
              if (Array.isArray(missed)) catchUp(missed)
              else missed.then(catchUp, failed)
            } catch {
              failed()
            }
          }
        },
        cancel() {
          stop()
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    )
    return new Response(stream, { headers: SSE_HEADERS })
  }

  return {
    open,
    /** Streams open now. */
    get live() {
      return live
    },
    /** Ends every open stream (a browser's `EventSource` reconnects, to another instance). */
    endAll() {
      for (const stop of [...stops]) stop()
    },
  }
}

/** Only a positive integer resumes; anything else (garbage, `-5`, `1e309`, `0`) starts from now. */
function resumePoint(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined
  const id = Number(value)
  return Number.isSafeInteger(id) ? id : undefined
}
