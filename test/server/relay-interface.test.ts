// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  createMemoryWebhookStore,
  EventRelay,
  type IbvRelay,
  type RelayedEvent,
} from '../../src/server/index.js'
import { createRelayOutbox } from '../../src/server/relay-outbox.js'
import { handleWebhook } from '../../src/server/webhook-route.js'
import type { WebhookEvent } from '../../src/core/index.js'
import { APP, backendUnderAttack, generated } from '../security/backend-under-attack.js'
import { readSse } from './sse.js'

const event = (id: string): WebhookEvent => ({
  event: 'report_generated',
  status: 'complete',
  productRequestId: id,
  consumerId: 'LND-42',
  reportUrl: 'https://service.test/r',
  payload: generated(id),
})

async function until(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The in-memory relay behind promises, with a `since` that answers only when told to. */
function asyncRelay() {
  const inner = new EventRelay()
  let answerSince: (() => void) | undefined
  let failing = false
  const relay: IbvRelay = {
    async publish(published) {
      await Promise.resolve()
      if (failing) throw new Error('relay down')
      return inner.publish(published)
    },
    since(lastId) {
      // Reads the history now, answers later: what is published meanwhile comes live.
      const missed = inner.since(lastId)
      return new Promise<RelayedEvent[]>((resolve) => (answerSince = () => resolve(missed)))
    },
    subscribe: (listener) => inner.subscribe(listener),
    get subscribers() {
      return inner.subscribers
    },
  }
  return {
    relay,
    inner,
    release: () => answerSince?.(),
    fail: (value: boolean) => (failing = value),
  }
}

describe('a relay that answers promises', () => {
  it('a resuming subscriber gets the history, then what arrived meanwhile, each once and in order', async () => {
    const { relay, inner, release } = asyncRelay()
    const { backend } = backendUnderAttack({ relay })
    for (let index = 1; index <= 3; index++) inner.publish(event(`IBV-${index}`))
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
    )
    // Published after the history was read, before it was answered: held, then sent once.
    inner.publish(event('IBV-4'))
    release()
    inner.publish(event('IBV-5'))
    const { messages } = await readSse(response, (got) => got.length >= 4)
    expect(messages.map((message) => message.id)).toEqual(['2', '3', '4', '5'])
  })

  it('an event both in the history and live is sent once', async () => {
    const inner = new EventRelay()
    for (let index = 1; index <= 2; index++) inner.publish(event(`IBV-${index}`))
    let listener: ((relayed: RelayedEvent) => void) | undefined
    const relay: IbvRelay = {
      publish: (published) => inner.publish(published),
      // The live feed repeats event 2 after subscribing; the history has it too.
      since: async (lastId) => {
        listener?.(inner.since(0)[1]!)
        return inner.since(lastId)
      },
      subscribe: (next) => {
        listener = next
        return inner.subscribe(next)
      },
      subscribers: 0,
    }
    const { backend } = backendUnderAttack({ relay })
    const resumed = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    inner.publish(event('IBV-3'))
    const { messages } = await readSse(resumed, (got) => got.length >= 2)
    expect(messages.map((message) => message.id)).toEqual(['2', '3'])
  })

  it('a publish that rejects after onWebhook ran: acknowledged, relayed once the relay takes it, never handled twice', async () => {
    const { relay, inner, fail } = asyncRelay()
    const { post, handled, errors } = backendUnderAttack({ relay })
    fail(true)
    const first = await post('/webhooks', JSON.stringify(generated('IBV-R1')))
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, relayed: false })
    expect(errors).toHaveLength(1)
    // A copy meanwhile is not handled again: its key was completed first.
    const meanwhile = await post('/webhooks', JSON.stringify(generated('IBV-R1')))
    expect(await meanwhile.json()).toEqual({ received: true, duplicate: true })
    // Later deliveries wait behind it, so the relay keeps this instance's order.
    expect(await (await post('/webhooks', JSON.stringify(generated('IBV-R2')))).json()).toEqual({
      received: true,
      relayed: false,
    })
    fail(false)
    await until(() => inner.since(0).length === 2)
    expect(inner.since(0).map((relayed) => relayed.productRequestId)).toEqual(['IBV-R1', 'IBV-R2'])
    expect(handled.map((event) => event.productRequestId)).toEqual(['IBV-R1', 'IBV-R2'])
    const copy = await post('/webhooks', JSON.stringify(generated('IBV-R1')))
    expect(await copy.json()).toEqual({ received: true, duplicate: true })
  })

  it('a full outbox refuses a delivery with a retryable 503 before onWebhook runs; a copy of a waiting one is a duplicate', async () => {
    const { relay, inner, fail } = asyncRelay()
    const store = createMemoryWebhookStore()
    const errors: unknown[] = []
    const onError = (error: unknown) => void errors.push(error)
    const outbox = createRelayOutbox({ relay, store, maxPending: 2, onError })
    const handled: string[] = []
    const post = (id: string) =>
      handleWebhook(
        new Request(`${APP}/api/ibv/webhooks`, {
          method: 'POST',
          body: JSON.stringify(generated(id)),
        }),
        {
          store,
          outbox,
          onError,
          onWebhook: (received) => void handled.push(received.productRequestId ?? ''),
        },
      )
    fail(true)
    expect(await (await post('A')).json()).toEqual({ received: true, relayed: false })
    expect(await (await post('B')).json()).toEqual({ received: true, relayed: false })
    expect(outbox.full).toBe(true)
    const refused = await post('C')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await (await post('A')).json()).toEqual({ received: true, duplicate: true })
    expect(handled).toEqual(['A', 'B'])
    fail(false)
    await until(() => outbox.pending === 0)
    expect(await (await post('C')).json()).toEqual({ received: true })
    expect(inner.since(0).map((relayed) => relayed.productRequestId)).toEqual(['A', 'B', 'C'])
    expect(handled).toEqual(['A', 'B', 'C'])
  })

  it('a history that never answers cannot make a resuming stream hold events without limit: it is dropped', async () => {
    const inner = new EventRelay()
    const relay: IbvRelay = {
      publish: (published) => inner.publish(published),
      since: () => new Promise<RelayedEvent[]>(() => {}),
      subscribe: (listener) => inner.subscribe(listener),
      get subscribers() {
        return inner.subscribers
      },
    }
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: 64 * 1024 })
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
    )
    expect(relay.subscribers).toBe(1)
    for (let index = 0; index < 1000; index++) inner.publish(event(`IBV-${index}`))
    expect(relay.subscribers).toBe(0)
    await response.body?.cancel().catch(() => undefined)
  })
})
