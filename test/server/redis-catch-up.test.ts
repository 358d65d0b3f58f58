// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from 'redis'
import { createRedisEventRelay, type RedisEventRelay } from '../../src/server/redis/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { APP, backendUnderAttack } from '../security/backend-under-attack.js'
import { bulky, readSlowly } from './catch-up-helpers.js'

describe('catching up from a real Redis, in bounded reads', () => {
  let redis: TestRedis
  let raw: ReturnType<typeof createClient>
  /** Each history read's reply: entries, and bytes of event JSON. */
  const reads: { entries: number; bytes: number }[] = []
  let prefixes = 0
  const relays: RedisEventRelay[] = []

  /** A relay on a fresh prefix, over a real client whose history replies are measured. */
  const relayOnRedis = async () => {
    const keyPrefix = `catch-up:${++prefixes}`
    await raw.set(`${keyPrefix}:id`, '0')
    const client = {
      eval: async (script: string, options: { keys: string[]; arguments: string[] }) => {
        const reply = await raw.eval(script, options)
        if (script.includes('XRANGE') && !script.includes('XREVRANGE') && Array.isArray(reply)) {
          reads.push({ entries: reply.length, bytes: JSON.stringify(reply).length })
        }
        return reply
      },
      duplicate: () => raw.duplicate(),
    }
    const relay = createRedisEventRelay({ client, keyPrefix })
    relays.push(relay)
    await relay.ready()
    return relay
  }

  beforeAll(async () => {
    redis = await startRedis()
    raw = createClient({ url: redis.url })
    await raw.connect()
  })
  afterAll(async () => {
    await Promise.all(relays.map((relay) => relay.close()))
    await raw.close()
    await redis.stop()
  })

  it('since() answers within its limits, and without limits reads the history in pages', async () => {
    const relay = await relayOnRedis()
    for (let index = 0; index < 300; index++) await relay.publish(bulky(`LND-${index}`, 2000))
    reads.length = 0
    expect((await relay.since(1, { count: 50 })).map((relayed) => relayed.id)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 2),
    )
    expect(reads).toHaveLength(1)
    expect(reads[0]?.entries).toBe(50)
    expect((await relay.since(0, { bytes: 5000 })).map((relayed) => relayed.id)).toEqual([1, 2, 3])
    expect((await relay.since(0, { bytes: 1 })).map((relayed) => relayed.id)).toEqual([1])
    reads.length = 0
    expect((await relay.since(0)).map((relayed) => relayed.id)).toEqual(
      Array.from({ length: 300 }, (_, index) => index + 1),
    )
    expect(reads.length).toBeGreaterThan(1)
    expect(Math.max(...reads.map((read) => read.entries))).toBeLessThanOrEqual(100)
  })

  it('sends a slow subscriber behind ten buffers of history every event, in order, once, each read bounded', async () => {
    const relay = await relayOnRedis()
    const bufferBytes = 64 * 1024
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: bufferBytes })
    for (let index = 0; index < 300; index++) await relay.publish(bulky(`LND-${index}`, 2000))
    reads.length = 0
    const answer = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
    )
    expect(answer.status).toBe(200)
    expect(await readSlowly(answer, 299)).toEqual(
      Array.from({ length: 299 }, (_, index) => index + 2),
    )
    expect(reads.length).toBeGreaterThan(5)
    for (const read of reads) {
      expect(read.entries).toBeLessThanOrEqual(100)
      expect(read.bytes).toBeLessThan(bufferBytes)
    }
  })
})
