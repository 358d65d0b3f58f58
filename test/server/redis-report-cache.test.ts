// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createRedisReportCache,
  RedisStoreError,
  type RedisReportCache,
} from '../../src/server/redis/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { reportBackend } from './report-backend.js'

describe('createRedisReportCache on a real Redis', () => {
  let redis: TestRedis
  const caches: RedisReportCache[] = []
  const open = (keyPrefix: string, onError?: (error: unknown) => void) => {
    const cache = createRedisReportCache({ url: redis.url, keyPrefix, ttlMs: 60_000, onError })
    caches.push(cache)
    return cache
  }

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await Promise.all(caches.map((cache) => cache.close()))
    await redis.stop()
  })

  it('two backends, 10 concurrent viewers on each: 1 upstream read, 20 authorize calls', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(Date.now()),
      apiKey: 'sk_test_report-reads',
    })
    const a = reportBackend({ sandbox, reportCache: open('test:two:') })
    const b = reportBackend({ sandbox, reportCache: open('test:two:') })
    const id = await a.productRequest()
    await a.advance(10)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? a : b).read(id)),
    )
    expect(a.counts.reads + b.counts.reads).toBe(1)
    expect(a.counts.authorize + b.counts.authorize).toBe(20)
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 200,
        body: { product_request_id: id, ibv_report_status: 'complete' },
      })
  })

  it('a webhook on one instance makes the other read afresh; a read from before it is not kept', async () => {
    const cache = open('test:forget:')
    const { counts, read, productRequest, advance, webhook } = reportBackend({
      reportCache: cache,
      latencyMs: 1,
    })
    const id = await productRequest()
    expect((await read(id)).body.ibv_report_status).toBe('initiated')
    const before = await cache.read(id, 'v2')
    expect(before.answer).toMatchObject({ kind: 'pending', status: 'initiated' })
    await advance(10)
    await webhook({
      consumer_id: 'LND-42',
      product_request_id: id,
      ibv_report: `https://service.test/api/v2/ibv/requests/${id}`,
      ibv_report_status: 'complete',
      event: 'report_generated',
    })
    expect((await cache.read(id, 'v2')).answer).toBeUndefined()
    // A read that began before the webhook and ends after it: its answer is not shared.
    await cache.write(id, 'v2', before.answer!, before.generation)
    expect((await cache.read(id, 'v2')).answer).toBeUndefined()
    expect(await read(id)).toMatchObject({ status: 200, body: { ibv_report_status: 'complete' } })
    expect(counts.reads).toBe(2)
  })

  it('a claim is held by one caller until released or lapsed', async () => {
    const cache = open('test:claim:')
    const first = await cache.claim('IBV1', 'v2', 200)
    expect(first).toEqual(expect.any(String))
    expect(await cache.claim('IBV1', 'v2', 200)).toBeUndefined()
    await cache.release('IBV1', 'v2', 'not-the-holder')
    expect(await cache.claim('IBV1', 'v2', 200)).toBeUndefined()
    await cache.release('IBV1', 'v2', first!)
    const second = await cache.claim('IBV1', 'v2', 100)
    expect(second).toEqual(expect.any(String))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await cache.claim('IBV1', 'v2', 100)).toEqual(expect.any(String))
  })

  it('with Redis stopped, viewers still get their report and onError is told', async () => {
    const errors: unknown[] = []
    const backendErrors: unknown[] = []
    const { read, productRequest } = reportBackend({
      reportCache: open('test:down:', (error) => errors.push(error)),
      onError: (error) => backendErrors.push(error),
      latencyMs: 1,
    })
    const id = await productRequest()
    expect((await read(id)).status).toBe(202)
    await redis.stop()
    expect((await read(id)).status).toBe(202)
    expect(errors.some((error) => error instanceof RedisStoreError)).toBe(true)
    expect(backendErrors.some((error) => error instanceof RedisStoreError)).toBe(true)
  })

  it('refuses a ttlMs above 60 s', () => {
    expect(() => createRedisReportCache({ url: 'redis://127.0.0.1:1', ttlMs: 600_000 })).toThrow(
      /ttlMs must be at most 60000/,
    )
  })
})
