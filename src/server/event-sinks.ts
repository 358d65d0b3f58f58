import type { ServerResponse } from 'node:http'
import type { Subscriber, SubscriberSink } from './event-subscriber.js'

/** Starts a subscriber writing to the sink it is given. */
export type StartSubscriber = (sink: SubscriberSink) => Subscriber

// The Node response of each request `toNodeHandler` passes on: an `/events` stream writes to it
// directly instead of through a Web `ReadableStream` and the adapter's reader loop, which cost
// two streams and a chain of promises per idle stream.
const nodeResponses = new WeakMap<Request, ServerResponse>()

/** Called by `toNodeHandler` for each request it passes on. */
export function rememberNodeResponse(request: Request, response: ServerResponse): void {
  nodeResponses.set(request, response)
}

/** The Node response to write an `/events` stream to; none outside `toNodeHandler`. */
export function nodeResponseOf(request: Request): ServerResponse | undefined {
  return nodeResponses.get(request)
}

/**
 * A subscriber as a Web `ReadableStream` (fetch handlers: Next.js, Bun, Deno, workers). It stops
 * when the request aborts or the reader cancels.
 */
export function toReadableStream(
  signal: AbortSignal,
  start: StartSubscriber,
): ReadableStream<Uint8Array> {
  let subscriber: Subscriber | undefined
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        subscriber = start({
          // A copy: the bytes are shared between streams, and a Web reader may keep or transfer its chunk.
          write: (bytes) => controller.enqueue(bytes.slice()),
          unread: () => -(controller.desiredSize ?? 0),
          end: (error) => (error ? controller.error(error) : controller.close()),
        })
        signal.addEventListener('abort', subscriber.stop, { once: true })
        // A request already aborted fires no event: stop now, or the stream would hold its place.
        if (signal.aborted) subscriber.stop()
      },
      pull: () => subscriber?.taken(),
      cancel: () => subscriber?.stop(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  )
}

/**
 * A subscriber written straight to Node's `ServerResponse` (`toNodeHandler`). It stops when the
 * connection closes; what Node has not yet handed to the socket counts as unread.
 */
export function toServerResponse(
  response: ServerResponse,
  headers: Record<string, string>,
  start: StartSubscriber,
): Subscriber {
  if (!response.destroyed) response.writeHead(200, headers).flushHeaders()
  // Node calls back once a write reached the socket; everything written did once none is left.
  const taken = () => {
    if (response.writableLength === 0) subscriber.taken()
  }
  const subscriber = start({
    write: (bytes) => {
      if (response.destroyed || response.writableEnded) throw new Error('The reader is gone.')
      response.write(bytes, taken)
    },
    unread: () => response.writableLength,
    // Dropped: the connection is cut, so the client sees a broken stream and reconnects.
    end: (error) => (error ? response.destroy() : response.end()),
  })
  response.once('close', subscriber.stop)
  if (response.destroyed) subscriber.stop()
  return subscriber
}
