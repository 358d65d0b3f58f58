import { eventEncoder } from './event-encoding.js'
import {
  nodeResponseOf,
  toReadableStream,
  toServerResponse,
  type StartSubscriber,
} from './event-sinks.js'
import { runSubscriber, type Subscriber } from './event-subscriber.js'
import { principalOf, type Identify, type Principal } from './principal.js'
import type { IbvRelay, RelayedEvent } from './relay.js'
import { json } from './responses.js'
import { streamBudget } from './stream-budget.js'

export interface EventStreamsOptions {
  relay: IbvRelay
  /** Whether this subscriber may see this event (the backend's `authorize`, action `event`). */
  maySee(request: Request, relayed: RelayedEvent): Promise<boolean>
  heartbeatMs: number
  /** Live streams at most; one more is a 503. */
  maxStreams: number
  /** Live streams of one principal (as `identify` tells) at most; one more is a 429. */
  maxStreamsPerClient: number
  /** Who a request comes from (the lender's `identify`); without it, streams are counted per instance only. */
  identify: Identify | undefined
  /**
   * Bytes a subscriber may have waiting (unread, or queued behind a slow `maySee`) before it is
   * dropped (it reconnects and catches up).
   */
  maxBufferBytes: number
  /** Bytes all subscribers together may have waiting; past it, the ones holding the most are dropped. */
  maxBufferBytesTotal: number
}

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
 * from closing an idle stream: one timer for all the streams, running while any is open. `HEAD`
 * gets the headers and opens nothing.
 */
export function eventStreams(options: EventStreamsOptions) {
  const subscribers = new Set<Subscriber>()
  // Open streams per principal (the lender's user ids, and one key for all anonymous callers).
  const perClient = new Map<Principal, number>()
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const budget = streamBudget(options.maxBufferBytesTotal)
  const encode = eventEncoder()

  async function open(request: Request): Promise<Response> {
    if (request.method === 'HEAD') return new Response(null, { headers: SSE_HEADERS })
    // The principal first: the counts below are checked and taken with no await between them.
    const client = options.identify ? await principalOf(options.identify, request) : undefined
    if (subscribers.size >= options.maxStreams) {
      return json(
        { message: 'Too many live event streams; try again shortly.', code: 'too_many_streams' },
        503,
        { 'retry-after': '5' },
      )
    }
    const clientStreams = client === undefined ? 0 : (perClient.get(client) ?? 0)
    if (clientStreams >= options.maxStreamsPerClient) {
      return json(
        {
          message: 'You have too many live event streams open; close a tab or try again shortly.',
          code: 'too_many_streams',
        },
        429,
        { 'retry-after': '5' },
      )
    }
    if (client !== undefined) perClient.set(client, clientStreams + 1)
    // Read once here: the stream's closures keep these strings, not the URL.
    const query = new URL(request.url).searchParams
    const productRequestId = query.get('product_request_id')
    const consumerId = query.get('consumer_id')
    const lastId = resumePoint(request.headers.get('last-event-id') ?? query.get('last_event_id'))
    let ended = false
    let subscriber: Subscriber | undefined
    const start: StartSubscriber = (sink) =>
      (subscriber = runSubscriber(
        {
          relay: options.relay,
          request,
          maySee: options.maySee,
          maxBufferBytes: options.maxBufferBytes,
          budget,
          encode,
          lastId,
          wanted: (relayed) =>
            (!productRequestId || relayed.productRequestId === productRequestId) &&
            (!consumerId || relayed.consumerId === consumerId),
          onEnd: () => {
            ended = true
            if (subscriber) subscribers.delete(subscriber)
            if (client !== undefined) {
              const left = (perClient.get(client) ?? 1) - 1
              if (left > 0) perClient.set(client, left)
              else perClient.delete(client)
            }
            if (subscribers.size === 0 && heartbeat !== undefined) {
              clearInterval(heartbeat)
              heartbeat = undefined
            }
          },
        },
        sink,
      ))
    // Under `toNodeHandler`, written straight to Node's response; elsewhere a Web stream.
    const nodeResponse = nodeResponseOf(request)
    const stream = nodeResponse ? undefined : toReadableStream(request.signal, start)
    if (nodeResponse) toServerResponse(nodeResponse, SSE_HEADERS, start)
    // A request aborted before it opened has ended already: it takes no place.
    if (!ended && subscriber) {
      subscribers.add(subscriber)
      heartbeat ??= setInterval(() => {
        for (const each of subscribers) each.heartbeat()
      }, options.heartbeatMs)
    }
    // Under Node the response is written already: `toNodeHandler` sends nothing more for it.
    return new Response(stream ?? null, { headers: SSE_HEADERS })
  }

  return {
    open,
    /** Streams open now. */
    get live() {
      return subscribers.size
    },
    /** Ends every open stream (a browser's `EventSource` reconnects, to another instance). */
    endAll() {
      for (const subscriber of [...subscribers]) subscriber.stop()
    },
  }
}

/** Only a positive integer resumes; anything else (garbage, `-5`, `1e309`, `0`) starts from now. */
function resumePoint(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined
  const id = Number(value)
  return Number.isSafeInteger(id) ? id : undefined
}
