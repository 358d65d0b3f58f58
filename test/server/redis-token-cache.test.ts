// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createRedisTokenCache,
  RedisStoreError,
  type RedisTokenCache,
} from '../../src/server/redis/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { tokenBackend } from './token-backend.js'

describe('createRedisTokenCache on a real Redis', () => {
  let redis: TestRedis
  const caches: RedisTokenCache[] = []
  const open = (onError?: (error: unknown) => void) => {
    const cache = createRedisTokenCache({
      url: redis.url,
      keyPrefix: `test:${caches.length}:`,
      onError,
    })
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

  it('keeps a token as JSON until its ttl (SET PX, GET)', async () => {
    const cache = open()
    const token = { access_token: 'sbx_e_1', expires_in: 1800, expiresAt: Date.now() + 1_800_000 }
    expect(await cache.get('IBV-1')).toBeUndefined()
    await cache.set('IBV-1', token, 150)
    expect(await cache.get('IBV-1')).toEqual(token)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await cache.get('IBV-1')).toBeUndefined()
  })

  it('two backends sharing one Redis token cache cost one mint for both', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(Date.now()),
      apiKey: 'sk_test_token-cache',
    })
    const shared = { url: redis.url, keyPrefix: 'test:shared:' }
    const cacheA = createRedisTokenCache(shared)
    const cacheB = createRedisTokenCache(shared)
    caches.push(cacheA, cacheB)
    const a = tokenBackend({ sandbox, tokenCache: cacheA })
    const b = tokenBackend({ sandbox, tokenCache: cacheB })
    const id = await a.productRequest()
    const first = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.token({ type: 'embedded_report_token', product_request_id: id }),
      ),
    )
    const second = await Promise.all(
      Array.from({ length: 20 }, () =>
        b.token({ type: 'embedded_report_token', product_request_id: id }),
      ),
    )
    expect(a.mints.embedded + b.mints.embedded).toBe(1)
    const tokens = new Set([...first, ...second].map((answer) => answer.body.access_token))
    expect(tokens.size).toBe(1)
    expect(await b.status([...tokens][0]!)).toMatchObject({ valid: true })
    for (const answer of [...first, ...second]) expect(answer.body.expires_in).toBeGreaterThan(1790)
  })

  it('with Redis stopped, requests still succeed (each mints) and onError is told', async () => {
    const errors: unknown[] = []
    const cache = open((error) => errors.push(error))
    const backendErrors: unknown[] = []
    const { mints, token, productRequest, status } = tokenBackend({
      tokenCache: cache,
      onError: (error) => backendErrors.push(error),
    })
    const id = await productRequest()
    expect((await token({ type: 'embedded_report_token', product_request_id: id })).status).toBe(
      200,
    )
    await redis.stop()
    const answers = await Promise.all(
      [1, 2].map(() => token({ type: 'embedded_report_token', product_request_id: id })),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(await status(answer.body.access_token)).toMatchObject({ valid: true })
    }
    expect(mints.embedded).toBeGreaterThanOrEqual(2)
    expect(errors.some((error) => error instanceof RedisStoreError)).toBe(true)
    expect(backendErrors.some((error) => error instanceof RedisStoreError)).toBe(true)
  })
})
