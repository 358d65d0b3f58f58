import type { EventRelay, RelayedEvent } from './relay.js'

export interface EventStreamOptions {
  relay: EventRelay
  /** Whether this subscriber may see this event (the backend's `authorize`, action `event`). */
  maySee(request: Request, relayed: RelayedEvent): Promise<boolean>
  heartbeatMs: number
}

const encoder = new TextEncoder()

/**
 * `GET /events`: a Server-Sent Events stream of the webhook events the caller may see, optionally
 * narrowed by `?product_request_id=` or `?consumer_id=`. Each event has an `id`; a reconnecting
 * client sends `Last-Event-ID` (or `?last_event_id=`) and first gets what it missed; a new
 * client gets only what happens from now on. A comment
 * line every `heartbeatMs` keeps proxies from closing an idle stream.
 */
export function eventStream(request: Request, options: EventStreamOptions): Response {
  const url = new URL(request.url)
  const productRequestId = url.searchParams.get('product_request_id')
  const consumerId = url.searchParams.get('consumer_id')
  // Only a client that says where it stopped gets what it missed; a new one starts from now.
  const resumeFrom = request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id')
  const lastId = resumeFrom === null ? undefined : Number(resumeFrom) || 0
  const wanted = ({ event }: RelayedEvent) =>
    (!productRequestId || event.productRequestId === productRequestId) && (!consumerId || event.consumerId === consumerId)

  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true
      const write = (text: string) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          stop()
        }
      }
      // One at a time, so events keep their order even though `maySee` is async.
      let queue = Promise.resolve()
      const send = (relayed: RelayedEvent) => {
        if (!wanted(relayed)) return
        queue = queue.then(async () => {
          if (open && (await options.maySee(request, relayed).catch(() => false))) {
            write(`id: ${relayed.id}\nevent: ${relayed.event.event}\ndata: ${JSON.stringify(relayed.event)}\n\n`)
          }
        })
      }
      write('retry: 3000\n\n')
      if (lastId !== undefined) for (const relayed of options.relay.since(lastId)) send(relayed)
      const unsubscribe = options.relay.subscribe(send)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs)
      stop = () => {
        if (!open) return
        open = false
        clearInterval(heartbeat)
        unsubscribe()
        try {
          controller.close()
        } catch {
          // Already closed by the client going away.
        }
      }
      request.signal.addEventListener('abort', () => stop(), { once: true })
    },
    cancel() {
      stop()
    },
  })
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  })
}
