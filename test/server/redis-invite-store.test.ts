// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisInviteStore, RedisStoreError, type RedisInviteStore } from '../../src/server/redis/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { inviteBackend } from './invite-backend.js'

describe('createRedisInviteStore on a real Redis', () => {
  let redis: TestRedis
  const stores: RedisInviteStore[] = []
  const open = (keyPrefix: string, onError?: (error: unknown) => void) => {
    const store = createRedisInviteStore({ url: redis.url, keyPrefix, onError })
    stores.push(store)
    return store
  }

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()))
    await redis.stop()
  })

  it('remembers a used invite until its ttl (SET PX), and marking it again changes nothing', async () => {
    const store = open('test:ttl:')
    expect(await store.isUsed('inv-1')).toBe(false)
    await store.markUsed('inv-1', 150)
    await store.markUsed('inv-1', 150)
    expect(await store.isUsed('inv-1')).toBe(true)
    expect(await store.isUsed('inv-2')).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await store.isUsed('inv-1')).toBe(false)
  })

  it('an invite used through one instance is refused by another sharing the Redis', async () => {
    const sandbox = createSandbox({ clock: createManualClock(Date.UTC(2026, 10, 26, 9)), apiKey: 'sk_test_invites' })
    const a = inviteBackend({ sandbox, invites: { store: open('test:shared:') } })
    const b = inviteBackend({ sandbox, invites: { store: open('test:shared:') } })
    const invite = await a.invite('LND-42')
    expect((await b.token(invite)).status).toBe(200)
    expect((await b.complete(invite, await b.productRequest('LND-42'))).status).toBe(200)
    expect((await a.token(invite)).status).toBe(401)
    expect((await b.token(invite)).status).toBe(401)
    // Each instance alone, on its own memory store, would not know.
    expect((await inviteBackend({ sandbox }).token(invite)).status).toBe(200)
  })

  it('with Redis stopped, an invite is refused for now (503), never taken for unused', async () => {
    const errors: unknown[] = []
    const store = open('test:down:', (error) => errors.push(error))
    const { invite, token } = inviteBackend({ invites: { store } })
    const code = await invite('LND-42')
    expect((await token(code)).status).toBe(200)
    await redis.stop()
    const answer = await token(code)
    expect(answer).toMatchObject({ status: 503, body: { code: 'server_error' } })
    expect(answer.text).not.toContain(code)
    expect(errors.some((error) => error instanceof RedisStoreError)).toBe(true)
    await redis.restart()
  })
})
