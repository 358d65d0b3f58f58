// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from 'redis'
import {
  createRedisEventRelay,
  RedisStoreError,
  type RedisEventRelay,
  type RedisEventRelayOptions,
} from '../../src/server/redis/index.js'
import type { RelayedEvent } from '../../src/server/index.js'
import type { WebhookEvent } from '../../src/core/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { APP, backendUnderAttack, generated } from '../security/backend-under-attack.js'
import { readSse, readSseFor } from './sse.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`)
    await sleep(20)
  }
}

const event = (id: string): WebhookEvent => ({
  event: 'report_generated',
  status: 'complete',
  productRequestId: id,
  consumerId: 'LND-42',
  reportUrl: 'https://service.test/r',
  payload: generated(id),
})

describe('createRedisEventRelay on a real Redis', () => {
  let redis: TestRedis
  const relays: RedisEventRelay[] = []
  let prefixes = 0
  /** Relays on one fresh key prefix whose counter is set to 0, so ids start at 1 in every test. */
  const pair = async (options: Omit<RedisEventRelayOptions, 'url' | 'client'> = {}) => {
    const keyPrefix = `test:${++prefixes}`
    await setKey(`${keyPrefix}:id`, '0')
    const make = () => {
      const relay = createRedisEventRelay({ url: redis.url, keyPrefix, ...options })
      relays.push(relay)
      return relay
    }
    const made = [make(), make()] as const
    await Promise.all(made.map((relay) => relay.ready()))
    return made
  }
  const setKey = async (key: string, value: string) => {
    const client = createClient({ url: redis.url })
    await client.connect()
    await client.set(key, value)
    await client.close()
  }
  const collect = (relay: RedisEventRelay) => {
    const got: RelayedEvent[] = []
    relay.subscribe((relayed) => void got.push(relayed))
    return got
  }

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.close()))
  })
  afterAll(async () => {
    await redis.stop()
  })

  it('an event published on A reaches the subscribers of A and of B, each once', async () => {
    const [a, b] = await pair()
    const onA = collect(a)
    const onB = collect(b)
    const published = await a.publish(event('IBV-1'))
    expect(published).toMatchObject({
      id: 1,
      name: 'report_generated',
      productRequestId: 'IBV-1',
      consumerId: 'LND-42',
    })
    await until(() => onA.length >= 1 && onB.length >= 1)
    await sleep(100)
    expect(onA).toEqual([published])
    expect(onB).toEqual([published])
    expect(JSON.parse(onB[0]!.data)).toEqual(JSON.parse(JSON.stringify(event('IBV-1'))))
    expect(a.subscribers).toBe(1)
  })

  it("the backend's own invite_used goes through Redis like a webhook: named, with its ids, and in the history a reconnect reads", async () => {
    const [a, b] = await pair()
    const onB = collect(b)
    await a.publish(event('IBV-0'))
    const published = await a.publish({
      event: 'invite_used',
      consumerId: 'LND-42',
      productRequestId: 'IBV-1',
    })
    expect(published).toMatchObject({
      id: 2,
      name: 'invite_used',
      productRequestId: 'IBV-1',
      consumerId: 'LND-42',
    })
    await until(() => onB.length >= 2)
    expect(onB[1]).toEqual(published)
    expect(JSON.parse(onB[1]!.data)).toEqual({
      event: 'invite_used',
      consumerId: 'LND-42',
      productRequestId: 'IBV-1',
    })
    expect(await b.since(1)).toEqual([published])
  })

  it('200 events published alternately (and concurrently) on A and B reach every subscriber, each once, in id order', async () => {
    const [a, b] = await pair()
    const subscribers = [collect(a), collect(a), collect(b), collect(b)]
    await Promise.all(
      Array.from({ length: 200 }, (_, index) => (index % 2 ? b : a).publish(event(`IBV-${index}`))),
    )
    await until(() => subscribers.every((got) => got.length >= 200))
    await sleep(100)
    const ids = Array.from({ length: 200 }, (_, index) => index + 1)
    for (const got of subscribers) expect(got.map((relayed) => relayed.id)).toEqual(ids)
  })

  it('since(n) on B returns what was published on A after n, in order', async () => {
    const [a, b] = await pair()
    for (let index = 1; index <= 5; index++) await a.publish(event(`IBV-${index}`))
    expect((await b.since(2)).map((relayed) => [relayed.id, relayed.productRequestId])).toEqual([
      [3, 'IBV-3'],
      [4, 'IBV-4'],
      [5, 'IBV-5'],
    ])
    expect(await b.since(5)).toEqual([])
  })

  it('keeps about historySize events', async () => {
    const [a] = await pair({ historySize: 10 })
    for (let index = 1; index <= 300; index++) await a.publish(event(`IBV-${index}`))
    const history = await a.since(0)
    expect(history.length).toBeGreaterThanOrEqual(10)
    expect(history.length).toBeLessThan(300)
    expect(history.at(-1)?.id).toBe(300)
  })

  it('a subscriber that resumes with Last-Event-ID on another backend misses nothing', async () => {
    const [a, b] = await pair()
    const one = backendUnderAttack({ relay: a })
    const two = backendUnderAttack({ relay: b })
    const first = await one.backend.fetch(new Request(`${APP}/api/ibv/events`))
    await until(() => a.subscribers === 1)
    for (let index = 1; index <= 3; index++)
      expect((await one.post('/webhooks', JSON.stringify(generated(`IBV-${index}`)))).status).toBe(
        200,
      )
    const before = await readSse(first, (got) => got.length >= 3)
    expect(before.messages.map((message) => message.id)).toEqual(['1', '2', '3'])
    // Disconnected: these happen on the other backend meanwhile.
    for (let index = 4; index <= 6; index++)
      expect((await two.post('/webhooks', JSON.stringify(generated(`IBV-${index}`)))).status).toBe(
        200,
      )
    const resumed = await two.backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '3' } }),
    )
    for (let index = 7; index <= 8; index++)
      expect((await one.post('/webhooks', JSON.stringify(generated(`IBV-${index}`)))).status).toBe(
        200,
      )
    const after = await readSse(resumed, (got) => got.length >= 5)
    expect(after.messages.map((message) => message.id)).toEqual(['4', '5', '6', '7', '8'])
    expect(after.messages.map((message) => JSON.parse(message.data!).productRequestId)).toEqual([
      'IBV-4',
      'IBV-5',
      'IBV-6',
      'IBV-7',
      'IBV-8',
    ])
  })

  it('Redis stopped: publish rejects with a RedisStoreError, onError hears it, nothing crashes; a handled webhook waits and is relayed after the restart', async () => {
    const errors: unknown[] = []
    const [a, b] = await pair({ onError: (error) => void errors.push(error) })
    const onB = collect(b)
    const before = await a.publish(event('IBV-before'))
    await until(() => onB.length === 1)
    await redis.stop()
    await expect(a.publish(event('IBV-down'))).rejects.toBeInstanceOf(RedisStoreError)
    await expect(b.since(0)).rejects.toBeInstanceOf(RedisStoreError)
    expect(errors.some((error) => error instanceof RedisStoreError)).toBe(true)
    // onWebhook ran (the store here is in memory): the delivery is acknowledged, the event waits.
    const backend = backendUnderAttack({ relay: a })
    const answer = await backend.post('/webhooks', JSON.stringify(generated('IBV-down')))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ received: true, relayed: false })
    await sleep(300)
    await redis.restart()
    await until(() => onB.some((relayed) => relayed.productRequestId === 'IBV-down'), 15_000)
    const after = await a.publish(event('IBV-after'))
    await until(() => onB.some((relayed) => relayed.productRequestId === 'IBV-after'), 15_000)
    expect(onB.map((relayed) => relayed.productRequestId)).toEqual([
      'IBV-before',
      'IBV-down',
      'IBV-after',
    ])
    expect(backend.handled.map((handled) => handled.productRequestId)).toEqual(['IBV-down'])
    // Redis came back empty: the ids went on from its clock, above every id handed out before.
    expect(onB[1]!.id).toBeGreaterThan(before.id)
    expect(after.id).toBe(onB[1]!.id + 1)
  }, 40_000)

  it("ids start from Redis's clock, in microseconds, so a Redis that restarts empty never hands out an id a browser already holds", async () => {
    const keyPrefix = `test:${++prefixes}`
    const relay = createRedisEventRelay({ url: redis.url, keyPrefix })
    relays.push(relay)
    const since = Date.now() * 1000
    const first = await relay.publish(event('IBV-clock'))
    expect(first.id).toBeGreaterThanOrEqual(since - 5_000_000)
    expect(first.id).toBeLessThanOrEqual(Date.now() * 1000 + 5_000_000)
    expect(Number.isSafeInteger(first.id)).toBe(true)
    expect((await relay.publish(event('IBV-next'))).id).toBe(first.id + 1)
  })

  it('a publish with a delivery key adds one event however often it is retried (an answer lost as Redis went down)', async () => {
    const [a, b] = await pair()
    const onB = collect(b)
    const first = await a.publish(event('IBV-K'), { key: 'report_generated:IBV-K' })
    const again = await b.publish(event('IBV-K'), { key: 'report_generated:IBV-K' })
    const other = await a.publish(event('IBV-L'), { key: 'report_generated:IBV-L' })
    await until(() => onB.length >= 2)
    await sleep(100)
    expect(again.id).toBe(first.id)
    expect(onB.map((relayed) => [relayed.id, relayed.productRequestId])).toEqual([
      [first.id, 'IBV-K'],
      [other.id, 'IBV-L'],
    ])
  })

  it('a stream that resumes while events are being published gets each once, in order (the reader lags behind the history)', async () => {
    const [a, b] = await pair()
    const one = backendUnderAttack({ relay: a })
    for (let round = 0; round < 20; round++) {
      const last = await b.publish(event(`IBV-${round}-0`))
      const publishing = Promise.all([1, 2, 3].map((k) => b.publish(event(`IBV-${round}-${k}`))))
      const resumed = await one.backend.fetch(
        new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': String(last.id) } }),
      )
      await publishing
      const ids = (await readSseFor(resumed, 200)).map((message) => Number(message.id))
      expect(ids).toEqual([last.id + 1, last.id + 2, last.id + 3])
    }
  }, 30_000)

  it('publishedTtlMs: a delivery key is forgotten after it, so a delivery handled again then is relayed again', async () => {
    const [a] = await pair({ publishedTtlMs: 200 })
    const first = await a.publish(event('IBV-T'), { key: 'report_generated:IBV-T' })
    expect((await a.publish(event('IBV-T'), { key: 'report_generated:IBV-T' })).id).toBe(first.id)
    await sleep(300)
    expect((await a.publish(event('IBV-T'), { key: 'report_generated:IBV-T' })).id).toBe(
      first.id + 1,
    )
    expect(() => createRedisEventRelay({ url: redis.url, publishedTtlMs: 0 })).toThrow(RangeError)
  })

  it('works over a client of yours, and close() leaves that client open', async () => {
    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      const relay = createRedisEventRelay({ client, keyPrefix: 'test:own-client' })
      await relay.ready()
      const got = collect(relay)
      const published = await relay.publish(event('IBV-own'))
      await until(() => got.length === 1)
      expect(got).toEqual([published])
      await relay.close()
      expect(await client.ping()).toBe('PONG')
    } finally {
      await client.close()
    }
  })

  it('made while Redis is unreachable: publish rejects, and close() ends it without hanging', async () => {
    const errors: unknown[] = []
    const relay = createRedisEventRelay({
      url: 'redis://127.0.0.1:1',
      onError: (error) => void errors.push(error),
    })
    await expect(relay.publish(event('IBV-nowhere'))).rejects.toBeInstanceOf(RedisStoreError)
    await relay.close()
    expect(errors.length).toBeGreaterThan(0)
  })
})
