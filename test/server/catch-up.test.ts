// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { EventRelay, type IbvRelay } from '../../src/server/index.js'
import { APP, backendUnderAttack } from '../security/backend-under-attack.js'

import { bulky, readSlowly } from './catch-up-helpers.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const resume = (lastId: number, query = '') =>
  new Request(`${APP}/api/ibv/events${query}`, {
    headers: { 'last-event-id': String(lastId), cookie: 'session=slow' },
  })

describe('EventRelay.since with limits', () => {
  it('answers at most `count` events, none past the one that reaches `bytes`, oldest first', () => {
    const relay = new EventRelay({ historySize: 100 })
    for (let index = 0; index < 20; index++) relay.publish(bulky(`LND-${index}`, 1000))
    expect(relay.since(0).length).toBe(20)
    expect(relay.since(3, { count: 5 }).map((relayed) => relayed.id)).toEqual([4, 5, 6, 7, 8])
    const byBytes = relay.since(0, { bytes: 2500 })
    expect(byBytes.map((relayed) => relayed.id)).toEqual([1, 2, 3])
    expect(relay.since(0, { bytes: 1 }).map((relayed) => relayed.id)).toEqual([1])
    expect(relay.since(20, { count: 5 })).toEqual([])
  })
})

describe('catching up behind more than maxStreamBufferBytes', () => {
  const bufferBytes = 64 * 1024

  it('sends a slow subscriber every event of the history, in order, once', async () => {
    const relay = new EventRelay({ historySize: 1000, historyBytes: 16 * 1024 * 1024 })
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: bufferBytes })
    for (let index = 0; index < 300; index++) relay.publish(bulky(`LND-${index}`, 2000)) // ~600 KiB, ten times the buffer
    const answer = await backend.fetch(resume(1))
    expect(answer.status).toBe(200)
    const reading = readSlowly(answer, 299 + 5)
    await sleep(20)
    for (let index = 300; index < 305; index++) relay.publish(bulky(`LND-${index}`, 2000)) // live, meanwhile
    expect(await reading).toEqual(Array.from({ length: 304 }, (_, index) => index + 2))
  })

  it('does not charge a subscriber for the events it may not see', async () => {
    const relay = new EventRelay({ historySize: 1000, historyBytes: 16 * 1024 * 1024 })
    const { backend } = backendUnderAttack({
      relay,
      maxStreamBufferBytes: bufferBytes,
      authorize: ({ action, consumerId }) => action !== 'event' || consumerId === 'LND-mine',
    })
    // 2 MiB this subscriber may not see, then one it may.
    for (let index = 0; index < 100; index++) relay.publish(bulky('LND-theirs', 20_000))
    const mine = relay.publish(bulky('LND-mine', 100))
    expect(await readSlowly(await backend.fetch(resume(1)), 1)).toEqual([mine.id])
    // And filtered out by the query: not charged either.
    expect(await readSlowly(await backend.fetch(resume(1, '?consumer_id=LND-mine')), 1)).toEqual([
      mine.id,
    ])
  })

  it('works with a custom relay whose since() ignores the limits', async () => {
    const inner = new EventRelay({ historySize: 1000, historyBytes: 16 * 1024 * 1024 })
    const relay: IbvRelay = {
      publish: (event) => inner.publish(event),
      since: (lastId) => inner.since(lastId),
      subscribe: (listener) => inner.subscribe(listener),
      get subscribers() {
        return inner.subscribers
      },
    }
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: bufferBytes })
    for (let index = 0; index < 200; index++) relay.publish(bulky(`LND-${index}`, 2000))
    expect(await readSlowly(await backend.fetch(resume(100)), 100)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 101),
    )
  })
})
