// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createRedisInviteStore,
  RedisStoreError,
  type RedisInviteStore,
} from '../../src/server/redis/index.js'
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
    const sandbox = createSandbox({
      clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
      apiKey: 'sk_test_invites',
    })
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
    let deliver: (request: Request) => Promise<Response> = async () =>
      new Response(null, { status: 503 })
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

  it('keeps the invites sent to each applicant, their opening and product request, until their ttl', async () => {
    const store = open('test:sent:')
    const sent = { id: 'inv-a', consumerId: 'LND-42', sentAt: 1_000, expiresAt: 2_000 }
    await store.recordInvite!(sent, 60_000)
    await store.recordInvite!({ ...sent, id: 'inv-b', sentAt: 1_500 }, 200)
    await store.recordInvite!({ ...sent, id: 'inv-c', consumerId: 'LND-OTHER' }, 60_000)
    await store.updateInvite!('LND-42', 'inv-a', { openedAt: 1_100 })
    await store.updateInvite!('LND-42', 'inv-a', { openedAt: 1_900 })
    await store.updateInvite!('LND-42', 'inv-a', { productRequestId: 'IBV-1' })
    await store.updateInvite!('LND-42', 'inv-none', { productRequestId: 'IBV-2' })
    const byId = (list: { id: string }[]) => [...list].sort((a, b) => a.id.localeCompare(b.id))
    expect(byId(await store.invitesOf!('LND-42'))).toEqual([
      { ...sent, openedAt: 1_100, productRequestId: 'IBV-1' },
      { ...sent, id: 'inv-b', sentAt: 1_500 },
    ])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await store.invitesOf!('LND-42')).toEqual([
      { ...sent, openedAt: 1_100, productRequestId: 'IBV-1' },
    ])
    expect(await store.invitesOf!('LND-OTHER')).toEqual([
      { ...sent, id: 'inv-c', consumerId: 'LND-OTHER' },
    ])
    expect(await store.invitesOf!('LND-NONE')).toEqual([])
  })

  it('staff on one instance see an invite opened and used through another', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
      apiKey: 'sk_test_invites',
    })
    const a = inviteBackend({ sandbox, invites: { store: open('test:states:') } })
    const b = inviteBackend({ sandbox, invites: { store: open('test:states:') } })
    const invite = await a.invite('LND-42')
    expect((await b.list('LND-42')).body.invites).toMatchObject([{ state: 'sent' }])
    expect((await b.token(invite)).status).toBe(200)
    expect((await a.list('LND-42')).body.invites).toMatchObject([{ state: 'opened' }])
    const id = await b.productRequest('LND-42')
    expect((await b.complete(invite, id)).status).toBe(200)
    const listed = await a.list('LND-42')
    expect(listed.body.invites).toEqual([
      {
        state: 'connected',
        sent_at: expect.any(String),
        expires_at: expect.any(String),
        product_request_id: id,
      },
    ])
    expect(listed.text).not.toContain(invite)
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
