import { describe, expect, it } from 'vitest'
import {
  createMemoryInviteStore,
  type InviteStore,
  type RelayedEvent,
} from '../../src/server/index.js'
import { inviteBackend } from './invite-backend.js'
import { readSse, readSseFor } from './sse.js'

const DAY = 86_400

describe('GET /invites: what staff see of the invites sent', () => {
  it('lists an applicant’s invites newest first: sent, opened once a token is minted, connected with its product request, expired', async () => {
    const { invite, token, complete, productRequest, list, sandbox } = inviteBackend({
      invites: { ttlSeconds: DAY },
    })
    const first = await invite('LND-42')
    await sandbox.advance(60)
    const second = await invite('LND-42')
    await invite('LND-OTHER')
    const sent = await list('LND-42')
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({
      invites: [
        { state: 'sent', sent_at: expect.any(String), expires_at: expect.any(String) },
        { state: 'sent', sent_at: expect.any(String), expires_at: expect.any(String) },
      ],
    })
    const [newest, oldest] = (sent.body.invites as { sent_at: string; expires_at: string }[]).map(
      (each) => Date.parse(each.sent_at),
    )
    expect(newest! - oldest!).toBe(60_000)

    expect((await token(second)).status).toBe(200)
    expect((await list('LND-42')).body.invites).toMatchObject([
      { state: 'opened' },
      { state: 'sent' },
    ])
    const id = await productRequest('LND-42')
    expect((await complete(second, id)).status).toBe(200)
    expect((await list('LND-42')).body.invites).toEqual([
      {
        state: 'connected',
        sent_at: expect.any(String),
        expires_at: expect.any(String),
        product_request_id: id,
      },
      expect.objectContaining({ state: 'sent' }),
    ])

    await sandbox.advance(DAY)
    const later = await list('LND-42')
    expect(later.body.invites).toMatchObject([
      { state: 'connected', product_request_id: id },
      { state: 'expired' },
    ])
    // The invites are credentials: no answer holds one.
    for (const code of [first, second]) expect(later.text).not.toContain(code)
    expect((await list('LND-OTHER')).body.invites).toMatchObject([{ state: 'expired' }])
    expect((await list('LND-NONE')).body).toEqual({ invites: [] })
  })

  it('shows connected only once the service names the applicant as the owner: opened while pending, never another applicant’s', async () => {
    const { invite, token, complete, productRequest, list, sandbox } = inviteBackend()
    const ours = await invite('LND-42')
    expect((await token(ours)).status).toBe(200)
    const id = await productRequest('LND-42', false)
    expect((await complete(ours, id)).status).toBe(202)
    expect((await list('LND-42')).body.invites).toEqual([
      { state: 'opened', sent_at: expect.any(String), expires_at: expect.any(String) },
    ])
    await sandbox.advance(60)
    expect((await list('LND-42')).body.invites).toMatchObject([
      { state: 'connected', product_request_id: id },
    ])

    // A pending product request of another applicant, reported with an invite for LND-7.
    const stolen = await invite('LND-7')
    const theirs = await productRequest('LND-OTHER', false)
    expect((await complete(stolen, theirs)).status).toBe(202)
    const pending = await list('LND-7')
    expect(pending.body.invites).toMatchObject([{ state: 'sent' }])
    await sandbox.advance(60)
    const refused = await list('LND-7')
    expect(refused.body.invites).toMatchObject([{ state: 'sent' }])
    expect(pending.text + refused.text).not.toContain(theirs)
  })

  it('asks authorize with action invite and the consumer id, as POST /invites does, and checks the id', async () => {
    const { list, asked } = inviteBackend({
      authorize: (context) => context.consumerId !== 'LND-SECRET',
    })
    expect((await list('LND-SECRET')).status).toBe(403)
    expect(asked).toEqual([expect.objectContaining({ action: 'invite', consumerId: 'LND-SECRET' })])
    expect((await list('')).status).toBe(400)
    expect((await list('a/b')).status).toBe(400)
    expect(asked).toHaveLength(1)
  })

  it('answers 501 with a store of your own that keeps no list, and still issues and honours invites', async () => {
    const memory = createMemoryInviteStore()
    const own: InviteStore = {
      markUsed: memory.markUsed,
      usedFor: memory.usedFor,
      claim: memory.claim,
      confirm: memory.confirm,
    }
    const { invite, token, list } = inviteBackend({ invites: { store: own } })
    const code = await invite('LND-42')
    expect((await token(code)).status).toBe(200)
    expect(await list('LND-42')).toMatchObject({ status: 501, body: { code: 'not_implemented' } })
  })

  it('answers 503 while the store cannot list, without the invite in the answer', async () => {
    const memory = createMemoryInviteStore()
    const failing: InviteStore = {
      ...memory,
      invitesOf: async () => Promise.reject(new Error('store down')),
    }
    const { invite, list, errors } = inviteBackend({ invites: { store: failing } })
    await invite('LND-42')
    expect(await list('LND-42')).toMatchObject({ status: 503, body: { code: 'server_error' } })
    expect(errors).toHaveLength(1)
  })
})

describe('invite_used on the live stream', () => {
  it('publishes invite_used naming the applicant and the product request once the completion is confirmed, once', async () => {
    const { backend, invite, complete, productRequest } = inviteBackend()
    const heard: RelayedEvent[] = []
    backend.relay.subscribe((relayed) => heard.push(relayed))
    const code = await invite('LND-42')
    const id = await productRequest('LND-42')
    heard.length = 0 // the sandbox's report_generated, before the completion
    expect((await complete(code, id)).status).toBe(200)
    expect((await complete(code, id)).status).toBe(200)
    expect(heard).toEqual([
      {
        id: expect.any(Number),
        name: 'invite_used',
        consumerId: 'LND-42',
        productRequestId: id,
        data: expect.any(String),
      },
    ])
    expect(JSON.parse(heard[0]!.data)).toEqual({
      event: 'invite_used',
      consumerId: 'LND-42',
      productRequestId: id,
    })
    expect(heard[0]!.data).not.toContain(code)
    // Kept in the history: a stream that reconnects with Last-Event-ID gets it.
    expect(await backend.relay.since(heard[0]!.id - 1)).toEqual(heard)
  })

  it('publishes it for a pending product request when the webhook names the applicant, before report_generated', async () => {
    const { backend, invite, complete, productRequest, sandbox } = inviteBackend()
    const heard: RelayedEvent[] = []
    backend.relay.subscribe((relayed) => heard.push(relayed))
    const code = await invite('LND-42')
    const id = await productRequest('LND-42', false)
    expect((await complete(code, id)).status).toBe(202)
    expect(heard.map((each) => each.name)).toEqual([])
    await sandbox.advance(60)
    expect(heard.map((each) => [each.name, each.consumerId, each.productRequestId])).toEqual([
      ['invite_used', 'LND-42', id],
      ['report_generated', 'LND-42', id],
    ])
  })

  it('reaches a stream that resumes with Last-Event-ID, asked of authorize and filtered by consumer_id like the webhooks', async () => {
    const { backend, invite, complete, productRequest, asked } = inviteBackend()
    const code = await invite('LND-42')
    const id = await productRequest('LND-42')
    const before = (await backend.relay.since(0)).at(-1)?.id ?? 0
    expect((await complete(code, id)).status).toBe(200)
    const stream = (query: string) =>
      backend.fetch(
        new Request(`https://lender.test/api/ibv/events${query}`, {
          headers: { 'last-event-id': String(before) },
        }),
      )
    const { messages } = await readSse(await stream(''), (got) =>
      got.some((message) => message.event === 'invite_used'),
    )
    expect(messages.find((message) => message.event === 'invite_used')).toMatchObject({
      id: String(before + 1),
      data: JSON.stringify({ event: 'invite_used', consumerId: 'LND-42', productRequestId: id }),
    })
    expect(messages.map((message) => message.data ?? '').join('')).not.toContain(code)
    expect(asked).toContainEqual(
      expect.objectContaining({ action: 'event', consumerId: 'LND-42', productRequestId: id }),
    )
    // Filtered by consumer as the webhooks are.
    expect(
      (await readSseFor(await stream('?consumer_id=LND-OTHER'), 300)).filter(
        (message) => message.event === 'invite_used',
      ),
    ).toEqual([])
  })

  it("never publishes for another applicant's product request", async () => {
    const { backend, invite, complete, productRequest, sandbox } = inviteBackend()
    const heard: RelayedEvent[] = []
    backend.relay.subscribe((relayed) => heard.push(relayed))
    const theirs = await productRequest('LND-OTHER', false)
    expect((await complete(await invite('LND-42'), theirs)).status).toBe(202)
    await sandbox.advance(60)
    expect(heard.map((each) => each.name)).toEqual(['report_generated'])
  })
})
