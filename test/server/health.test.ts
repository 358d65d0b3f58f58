// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisEventRelay } from '../../src/server/redis/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { APP, backendUnderAttack } from '../security/backend-under-attack.js'

const health = (method = 'GET') => new Request(`${APP}/api/ibv/health`, { method })

describe('GET /health', () => {
  it('answers 200 with counts only, without asking authorize, never cached', async () => {
    const asked: string[] = []
    const { backend } = backendUnderAttack({
      authorize: ({ action }) => (asked.push(action), action === 'events'),
    })
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    asked.length = 0
    const answer = await backend.fetch(health())
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({
      status: 'ok',
      redis: 'not used',
      outboxDepth: 0,
      openStreams: 1,
    })
    expect(asked).toEqual([])
    await stream.body?.cancel()
  })

  it('answers 503 once the backend is shutting down', async () => {
    const { backend } = backendUnderAttack()
    await backend.close()
    const answer = await backend.fetch(health())
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ status: 'shutting_down' })
  })

  describe('on a real Redis', () => {
    let redis: TestRedis
    beforeAll(async () => {
      redis = await startRedis()
    })
    afterAll(async () => {
      await redis.stop()
    })

    it('answers 503 while Redis is unreachable and 200 once it is back', async () => {
      const relay = createRedisEventRelay({ url: redis.url, onError: () => undefined })
      await relay.ready()
      const { backend } = backendUnderAttack({ relay })
      const up = await backend.fetch(health())
      expect(up.status).toBe(200)
      expect(await up.json()).toMatchObject({ status: 'ok', redis: 'reachable' })

      await redis.stop()
      const down = await backend.fetch(health())
      expect(down.status).toBe(503)
      const body = await down.json()
      expect(body).toMatchObject({ status: 'unavailable', redis: 'unreachable' })
      expect(JSON.stringify(body)).not.toContain(String(redis.port))

      await redis.restart()
      const deadline = Date.now() + 10_000
      let again = await backend.fetch(health())
      while (again.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        again = await backend.fetch(health())
      }
      expect(again.status).toBe(200)
      await relay.close()
    })
  })
})
