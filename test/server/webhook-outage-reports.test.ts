// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisWebhookStore } from '../../src/server/redis/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { generated } from '../security/backend-under-attack.js'

// Issue 37 (info): during a Redis outage `onError` was told twice per webhook delivery (the store
// reported each failed command, the route each failed claim): 400 calls for 200 deliveries, where
// the docs say once per outage. Now each part tells it once per outage, and again after a recovery.
let redis: TestRedis
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})

describe('onError during a Redis outage', { timeout: 60_000 }, () => {
  it('hears of it a few times per outage (not per delivery), and again in the next outage', async () => {
    const errors: unknown[] = []
    const onError = (error: unknown) => void errors.push(error)
    const webhookStore = createRedisWebhookStore({ url: redis.url, onError })
    const backend = createIbvBackend({
      client: createIbvClient({ apiKey: 'sk_test_outage', serviceUrl: 'https://service.test' }),
      authorize: () => true,
      verifyWebhook: () => true,
      webhookStore,
      onError,
    })
    let n = 0
    const deliver = () =>
      backend.fetch(
        new Request('https://lender.test/api/ibv/webhooks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(generated(`IBV-${++n}`)),
        }),
      )
    try {
      for (let tries = 0; (await deliver()).status !== 200; tries++) expect(tries).toBeLessThan(200)
      const healthy = errors.length
      await redis.stop()
      const during = []
      for (let index = 0; index < 200; index++) during.push((await deliver()).status)
      expect(during.every((status) => status === 503)).toBe(true)
      const firstOutage = errors.length - healthy
      expect(firstOutage).toBeGreaterThan(0)
      expect(firstOutage).toBeLessThanOrEqual(3)

      await redis.restart()
      for (let tries = 0; (await deliver()).status !== 200; tries++) {
        expect(tries).toBeLessThan(200)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const recovered = errors.length
      await redis.stop()
      for (let index = 0; index < 200; index++) expect((await deliver()).status).toBe(503)
      expect(errors.length - recovered).toBeGreaterThan(0)
      expect(errors.length - recovered).toBeLessThanOrEqual(3)
      await redis.restart()
    } finally {
      await backend.close()
      await webhookStore.close()
    }
  })
})
