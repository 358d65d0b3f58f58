// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from 'redis'
import {
  createRedisWebhookStore,
  RedisStoreError,
  type RedisWebhookStore,
  type RedisWebhookStoreOptions,
} from '../../src/server/redis/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Calls `attempt` until it resolves (not throws) with a value `accept` takes, within `ms`. */
async function eventually<T>(
  attempt: () => Promise<T>,
  accept: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      const value = await attempt()
      if (accept(value)) return value
    } catch (error) {
      if (Date.now() > deadline) throw error
    }
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`)
    await sleep(50)
  }
}

describe('createRedisWebhookStore on a real Redis', () => {
  let redis: TestRedis
  const stores: RedisWebhookStore[] = []
  const open = (options: Omit<RedisWebhookStoreOptions, 'url' | 'client'> = {}) => {
    const store = createRedisWebhookStore({ url: redis.url, ...options })
    stores.push(store)
    return store
  }
  let n = 0
  const fresh = () => `report_generated:IBV-${++n}`

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })
  afterAll(async () => {
    await redis.stop()
  })

  it('knows the three states: absent → claimed, in progress, done', async () => {
    const store = open()
    const key = fresh()
    expect(await store.claim(key, 'a')).toBe('claimed')
    expect(await store.claim(key, 'b')).toBe('in_progress')
    await store.complete(key, 'a')
    expect(await store.claim(key, 'c')).toBe('done')
    expect(await store.claim(key, 'd')).toBe('done')
  })

  it('30 concurrent claims of one key from 3 instances (3 clients): exactly one is claimed', async () => {
    const instances = [open(), open(), open()]
    const key = fresh()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => instances[i % 3]!.claim(key, `token-${i}`)),
    )
    expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1)
    expect(answers.filter((answer) => answer === 'in_progress')).toHaveLength(29)
    const winner = answers.indexOf('claimed')
    await instances[(winner + 1) % 3]!.complete(key, `token-${winner}`)
    const later = await Promise.all(instances.map((store, i) => store.claim(key, `late-${i}`)))
    expect(later).toEqual(['done', 'done', 'done'])
  })

  it('release makes the key claimable again (the service retry is handled)', async () => {
    const [a, b] = [open(), open()]
    const key = fresh()
    expect(await a.claim(key, 'first')).toBe('claimed')
    await a.release(key, 'first')
    expect(await b.claim(key, 'retry')).toBe('claimed')
    await b.complete(key, 'retry')
    expect(await a.claim(key, 'again')).toBe('done')
  })

  it('only the token holding the claim can complete or release it', async () => {
    const store = open()
    const key = fresh()
    expect(await store.claim(key, 'holder')).toBe('claimed')
    await store.complete(key, 'someone-else')
    expect(await store.claim(key, 'x')).toBe('in_progress')
    await store.release(key, 'someone-else')
    expect(await store.claim(key, 'x')).toBe('in_progress')
    await store.complete(key, 'holder')
    await store.release(key, 'holder') // too late: done stays done
    expect(await store.claim(key, 'x')).toBe('done')
  })

  it('a lease that runs out frees a crashed claim, and the late handler cannot undo the new one', async () => {
    const store = open({ leaseMs: 300 })
    const key = fresh()
    expect(await store.claim(key, 'crashed')).toBe('claimed')
    expect(await store.claim(key, 'copy')).toBe('in_progress')
    await sleep(700)
    expect(await store.claim(key, 'copy')).toBe('claimed')
    await store.release(key, 'crashed')
    await store.complete(key, 'crashed')
    expect(await store.claim(key, 'third')).toBe('in_progress')
    await store.complete(key, 'copy')
    expect(await store.claim(key, 'third')).toBe('done')
  })

  it('a done key is forgotten after ttlMs', async () => {
    const store = open({ ttlMs: 300 })
    const key = fresh()
    expect(await store.claim(key, 'a')).toBe('claimed')
    await store.complete(key, 'a')
    expect(await store.claim(key, 'b')).toBe('done')
    await sleep(700)
    expect(await store.claim(key, 'b')).toBe('claimed')
  })

  it('a handler that outlived its lease may still complete a key no one took over', async () => {
    const store = open({ leaseMs: 200 })
    const key = fresh()
    expect(await store.claim(key, 'slow')).toBe('claimed')
    await sleep(500)
    await store.complete(key, 'slow')
    expect(await store.claim(key, 'copy')).toBe('done')
  })

  it('keyPrefix isolates stores, and keys live under it', async () => {
    const key = fresh()
    const one = open({ keyPrefix: 'app-one:' })
    const two = open({ keyPrefix: 'app-two:' })
    const standard = open()
    expect(await one.claim(key, 'a')).toBe('claimed')
    expect(await two.claim(key, 'a')).toBe('claimed')
    expect(await standard.claim(key, 'a')).toBe('claimed')
    await one.complete(key, 'a')
    expect(await one.claim(key, 'b')).toBe('done')
    expect(await two.claim(key, 'b')).toBe('in_progress')

    const raw = createClient({ url: redis.url })
    await raw.connect()
    try {
      expect(await raw.get(`app-one:${key}`)).toBe('done')
      expect(await raw.get(`app-two:${key}`)).toBe('in_progress:a')
      expect(await raw.get(`ibv:webhook:${key}`)).toBe('in_progress:a')
      expect(await raw.pTTL(`app-two:${key}`)).toBeLessThanOrEqual(60_000)
      expect(await raw.pTTL(`app-one:${key}`)).toBeGreaterThan(60_000)
    } finally {
      await raw.close()
    }
  })

  it('uses a client you pass, and close() leaves it open', async () => {
    const client = createClient({ url: redis.url })
    client.on('error', () => {})
    await client.connect()
    try {
      const store = createRedisWebhookStore({ client })
      const key = fresh()
      expect(await store.claim(key, 'a')).toBe('claimed')
      await store.close()
      expect(client.isReady).toBe(true)
      expect(await client.get(`ibv:webhook:${key}`)).toBe('in_progress:a')
    } finally {
      await client.close()
    }
  })

  it('a failing command or an unexpected answer is a RedisStoreError, even when onError itself throws', async () => {
    const throwingLogger = () => {
      throw new Error('the logger is down too')
    }
    const failing = createRedisWebhookStore({
      client: { eval: () => Promise.reject(new Error('WRONGTYPE')) },
      onError: throwingLogger,
    })
    const failure = await failing.claim('k', 'a').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RedisStoreError)
    expect((failure as RedisStoreError).cause).toEqual(new Error('WRONGTYPE'))
    const odd = createRedisWebhookStore({
      client: { eval: () => Promise.resolve('maybe') },
      onError: throwingLogger,
    })
    await expect(odd.claim('k', 'a')).rejects.toBeInstanceOf(RedisStoreError)
  })

  it('refuses a lease or retention that Redis could not set', () => {
    expect(() => createRedisWebhookStore({ url: redis.url, leaseMs: 0 })).toThrow(RangeError)
    expect(() => createRedisWebhookStore({ url: redis.url, ttlMs: Number.NaN })).toThrow(RangeError)
    // From JavaScript, with neither: a clear error, not a silent connection to localhost:6379.
    expect(() => createRedisWebhookStore({} as never)).toThrow(/needs a url or a client/)
  })
})

describe('createRedisWebhookStore while Redis is down', () => {
  let redis: TestRedis
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)

  beforeAll(async () => {
    redis = await startRedis()
    process.on('unhandledRejection', onUnhandled)
  })
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    await redis.stop()
  })

  it('rejects with RedisStoreError and tells onError, never crashes, and works again after a restart', async () => {
    const errors: unknown[] = []
    const store = createRedisWebhookStore({
      url: redis.url,
      onError: (error) => void errors.push(error),
    })
    try {
      expect(
        await eventually(
          () => store.claim('before', 'a'),
          () => true,
        ),
      ).toBe('claimed')

      await redis.stop()
      const failure = await store.claim('during', 'a').then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(RedisStoreError)
      expect(errors).toContain(failure)
      await expect(store.complete('before', 'a')).rejects.toBeInstanceOf(RedisStoreError)
      await expect(store.release('before', 'a')).rejects.toBeInstanceOf(RedisStoreError)

      await redis.restart()
      // The restarted Redis is empty (nothing is saved): the key is absent, so claimable.
      expect(
        await eventually(
          () => store.claim('during', 'b'),
          () => true,
        ),
      ).toBe('claimed')
      expect(await store.claim('during', 'c')).toBe('in_progress')
      expect(unhandled).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('close() ends a client that is still trying to reach a Redis that is down', async () => {
    await redis.stop()
    const errors: unknown[] = []
    const store = createRedisWebhookStore({
      url: redis.url,
      onError: (error) => void errors.push(error),
    })
    await expect(store.claim('k', 'a')).rejects.toBeInstanceOf(RedisStoreError)
    await store.close()
    await redis.restart()
    await sleep(100)
    expect(unhandled).toEqual([])
  })

  it('a backend on the Redis store answers 503 while Redis is down, then handles the delivery once', async () => {
    const KEY = 'sk_test_redis-store'
    const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
    const client = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'https://service.test',
      fetch: sandbox.fetch,
    })
    const webhookStore = createRedisWebhookStore({ url: redis.url, keyPrefix: 'backend-test:' })
    const handled: unknown[] = []
    const backendErrors: unknown[] = []
    const backend = createIbvBackend({
      client,
      authorize: () => true,
      verifyWebhook: () => true,
      webhookStore,
      onWebhook: (event) => void handled.push(event),
      onError: (error) => void backendErrors.push(error),
    })
    const delivery = JSON.stringify({
      consumer_id: 'LND-42',
      product_request_id: 'IBV-REDIS',
      ibv_report: 'https://service.test/api/v2/ibv/requests/IBV-REDIS',
      ibv_report_status: 'complete',
      event: 'report_generated',
    })
    const post = () =>
      backend.fetch(
        new Request('https://lender.test/api/ibv/webhooks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: delivery,
        }),
      )
    try {
      await eventually(
        () => webhookStore.claim('ready', 'probe'),
        () => true,
      )

      await redis.stop()
      const down = await post()
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await down.json()).toMatchObject({ code: 'store_unavailable' })
      expect(handled).toHaveLength(0)
      expect(backendErrors.some((error) => error instanceof RedisStoreError)).toBe(true)

      await redis.restart()
      const back = await eventually(post, (answer) => answer.status !== 503)
      expect(back.status).toBe(200)
      expect(await back.json()).toEqual({ received: true })
      const again = await post()
      expect(await again.json()).toEqual({ received: true, duplicate: true })
      expect(handled).toHaveLength(1)
      expect(unhandled).toEqual([])
    } finally {
      await webhookStore.close()
      sandbox.close()
    }
  })
})
