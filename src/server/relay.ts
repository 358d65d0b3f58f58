import type { LiveStreamEvent, LiveStreamEventName } from '../core/index.js'

/**
 * One relayed event, with the id that `Last-Event-ID` resumes from. Only strings: the history
 * keeps no parsed payload, whose object graph can weigh many times its JSON.
 */
export interface RelayedEvent {
  id: number
  /** The event's name, such as `report_generated` (a webhook's), or `invite_used` (the backend's own). */
  name: LiveStreamEventName
  /** What the event is about, when it says (for filtering and for `authorize`). */
  productRequestId?: string
  consumerId?: string
  /** The event (a `WebhookEvent`, or an `InviteUsedEvent`) as JSON, serialized once when it was published. */
  data: string
}

type Listener = (relayed: RelayedEvent) => void

/** What the webhook route tells `publish` about the delivery an event came from. */
export interface PublishOptions {
  /**
   * The delivery's webhook key. A relay whose answers can be lost (a network between it and its
   * store) publishes an event once per key, so a publish retried after a lost answer is not
   * relayed twice.
   */
  key?: string
}

/**
 * How much one `since` call may answer: at most `count` events, and no more once their JSON
 * (`data`) reaches `bytes` (the event that reaches it is included, so there is always one when any
 * follows `lastId`). An answer with fewer than `count` events and fewer than `bytes` means "that is
 * all for now"; otherwise the `/events` route asks again from the last event it got. A relay
 * written before these limits, which answers everything, still works: it just reads the whole
 * backlog at once.
 */
export interface SinceLimits {
  /** Events at most. */
  count?: number
  /** Bytes of event JSON (`data`) after which no more events are added. */
  bytes?: number
}

/**
 * What `/events` and `/webhooks` need of a relay: the in-memory `EventRelay`, or one shared by
 * several instances (`createRedisEventRelay` from `ibv-kit/server/redis`). `publish` and `since`
 * may answer promises; a rejected `publish` is retried by the webhook route until it succeeds.
 */
export interface IbvRelay {
  /**
   * Gives `event` the next id, keeps it in the history and sends it to every subscriber once. The
   * events are the webhooks and the backend's own `invite_used` (a relay typed for `WebhookEvent`
   * alone still compiles: it must relay any event with an `event` name the same way).
   */
  publish(event: LiveStreamEvent, options?: PublishOptions): RelayedEvent | Promise<RelayedEvent>
  /** Events after `lastId` still in the history, oldest first, within `limits` when given. */
  since(lastId: number, limits?: SinceLimits): RelayedEvent[] | Promise<RelayedEvent[]>
  /** Calls `listener` with each event from now on, in id order; returns the unsubscribe. */
  subscribe(listener: Listener): () => void
  /** Local subscribers now (open `/events` streams of this instance). */
  readonly subscribers: number
  /**
   * Optional: resolves when the relay's store (Redis) answers, rejects when it does not. `GET
   * {basePath}/health` answers 503 while it rejects; a relay without it counts as healthy.
   */
  ping?(): Promise<void>
}

export interface EventRelayOptions {
  /** How many past events a reconnecting subscriber can catch up on. @default 500 */
  historySize?: number
  /** How many bytes of JSON the history holds at most; the oldest events go first. @default 8388608 (8 MiB) */
  historyBytes?: number
}

/**
 * Fans webhook events out to live subscribers (the `/events` streams) and keeps the last few so a
 * reconnecting subscriber catches up from its `Last-Event-ID`. In memory: several backend
 * instances need sticky sessions, or one relay fed from a shared pub/sub.
 */
export class EventRelay implements IbvRelay {
  private readonly history: RelayedEvent[] = []
  private historyBytes = 0
  private readonly listeners = new Set<Listener>()
  private readonly limits: Required<EventRelayOptions>
  private nextId = 1

  constructor(options: EventRelayOptions = {}) {
    this.limits = { historySize: 500, historyBytes: 8 * 1024 * 1024, ...options }
  }

  /**
   * Serializes `event` once and sends it to every subscriber. Throws, before anything is kept or
   * sent, when the event cannot be serialized.
   */
  publish(event: LiveStreamEvent): RelayedEvent {
    const relayed: RelayedEvent = {
      id: this.nextId,
      name: event.event,
      data: JSON.stringify(event),
    }
    if (event.productRequestId !== undefined) relayed.productRequestId = event.productRequestId
    if (event.consumerId !== undefined) relayed.consumerId = event.consumerId
    this.nextId++
    this.history.push(relayed)
    this.historyBytes += relayed.data.length
    while (
      this.history.length > this.limits.historySize ||
      this.historyBytes > this.limits.historyBytes
    ) {
      this.historyBytes -= this.history.shift()?.data.length ?? 0
    }
    for (const listener of this.listeners) {
      try {
        listener(relayed)
      } catch {
        // One subscriber's failure is its own; the others still get the event.
      }
    }
    return relayed
  }

  /** Events after `lastId` still in the history, oldest first, within `limits` when given. */
  since(lastId: number, limits: SinceLimits = {}): RelayedEvent[] {
    return withinLimits(
      this.history.filter((relayed) => relayed.id > lastId),
      limits,
    )
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get subscribers(): number {
    return this.listeners.size
  }
}

/** The first of `events` that fit `limits` (at least one, when there is any). */
export function withinLimits(
  events: RelayedEvent[],
  { count = Infinity, bytes = Infinity }: SinceLimits,
): RelayedEvent[] {
  let end = 0
  let used = 0
  while (end < events.length && end < count && used < bytes) {
    used += events[end]?.data.length ?? 0
    end++
  }
  return end === events.length ? events : events.slice(0, end)
}
