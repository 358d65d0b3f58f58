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

  it('remembers the first product request of a used invite until its ttl; marking it again keeps the first', async () => {
    const store = open('test:ttl:')
    expect(await store.usedFor('inv-1')).toBeUndefined()
    expect(await store.markUsed('inv-1', 'IBV-FIRST', 150)).toBe('IBV-FIRST')
    expect(await store.markUsed('inv-1', 'IBV-SECOND', 150)).toBe('IBV-FIRST')
    expect(await store.usedFor('inv-1')).toBe('IBV-FIRST')
    expect(await store.usedFor('inv-2')).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await store.usedFor('inv-1')).toBeUndefined()
  })

  it("confirms a pending claim once, for its owner only, and drops the others' claims", async () => {
    const store = open('test:claims:')
    await store.claim('IBV-1', 'LND-42', 60_000)
    await store.claim('IBV-1', 'LND-OTHER', 60_000)
    expect(await store.confirm('IBV-1', 'LND-42')).toEqual({ confirmed: true, foreign: 1 })
    expect(await store.confirm('IBV-1', 'LND-42')).toEqual({ confirmed: false, foreign: 0 })
    // Claimed again (a retried completion): a settled claim stays settled.
    await store.claim('IBV-1', 'LND-42', 60_000)
    expect(await store.confirm('IBV-1', 'LND-42')).toEqual({ confirmed: false, foreign: 0 })
    expect(await store.confirm('IBV-NONE', 'LND-42')).toEqual({ confirmed: false, foreign: 0 })
  })

  it('an invite used through one instance is refused by another sharing the Redis', async () => {
    const sandbox = createSandbox({ clock: createManualClock(Date.UTC(2026, 10, 26, 9)), apiKey: 'sk_test_invites' })
    const a = inviteBackend({ sandbox, invites: { store: open('test:shared:') } })
    const b = inviteBackend({ sandbox, invites: { store: open('test:shared:') } })
    const invite = await a.invite('LND-42')
    expect((await b.token(invite)).status).toBe(200)
    const id = await b.productRequest('LND-42')
    expect((await b.complete(invite, id)).status).toBe(200)
    expect((await a.token(invite)).status).toBe(401)
    expect((await b.token(invite)).status).toBe(401)
    expect((await a.complete(invite, await a.productRequest('LND-42'))).status).toBe(409)
    expect((await a.complete(invite, id)).status).toBe(200)
    expect([...a.used, ...b.used]).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
    // Each instance alone, on its own memory store, would not know.
    expect((await inviteBackend({ sandbox }).token(invite)).status).toBe(200)
  })

  it('a pending completion on one instance is confirmed by the webhook landing on another', async () => {
    let deliver: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 })
    const sandbox = createSandbox({
      clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
      apiKey: 'sk_test_invites',
      webhookUrl: 'https://lender.test/api/ibv/webhooks',
      webhookHosts: ['lender.test'],
      fetch: async (input, init) => deliver(new Request(input, init)),
    })
    const a = inviteBackend({ sandbox, invites: { store: open('test:webhook:') } })
    const b = inviteBackend({ sandbox, invites: { store: open('test:webhook:') } })
    deliver = (request) => a.backend.fetch(request)
    const invite = await b.invite('LND-42')
    const id = await b.productRequest('LND-42', false)
    expect((await b.complete(invite, id)).status).toBe(202)
    await sandbox.advance(60)
    expect(a.used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
    expect(b.used).toEqual([])
    expect(await b.complete(invite, id)).toMatchObject({ status: 200, body: { confirmed: true } })
    expect(b.used).toEqual([])
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
