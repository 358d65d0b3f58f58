import type { WebhookEvent } from '../core/index.js'

/** One relayed event, with the id that `Last-Event-ID` resumes from. */
export interface RelayedEvent {
  id: number
  event: WebhookEvent
}

type Listener = (relayed: RelayedEvent) => void

/**
 * Fans webhook events out to live subscribers (the `/events` streams) and keeps the last few so a
 * reconnecting subscriber catches up from its `Last-Event-ID`. In memory: several backend
 * instances need sticky sessions, or one relay fed from a shared pub/sub.
 */
export class EventRelay {
  private readonly history: RelayedEvent[] = []
  private readonly listeners = new Set<Listener>()
  private nextId = 1

  constructor(private readonly historySize = 500) {}

  publish(event: WebhookEvent): RelayedEvent {
    const relayed = { id: this.nextId++, event }
    this.history.push(relayed)
    if (this.history.length > this.historySize) this.history.shift()
    for (const listener of this.listeners) listener(relayed)
    return relayed
  }

  /** Events after `lastId` still in the history, oldest first. */
  since(lastId: number): RelayedEvent[] {
    return this.history.filter((relayed) => relayed.id > lastId)
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get subscribers(): number {
    return this.listeners.size
  }
}
