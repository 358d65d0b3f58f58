// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { prefetchReport, type AuthorizeContext } from '../../src/server/index.js'
import { backendUnderAttack } from './backend-under-attack.js'
import { inviteBackend } from '../server/invite-backend.js'

// Ids with `/`, `..` or `%` reached `authorize` decoded: a lender's check that builds a path or a
// query from them could be steered. Ids are refused outside [A-Za-z0-9_-]{1,256}, before authorize.
const BAD_IDS = ['a/b', '..', 'a%2Fb', 'LND 42', 'LND\n42', 'é', 'L'.repeat(257), 'a.b', '']

function attacked() {
  const asked: AuthorizeContext[] = []
  const parts = backendUnderAttack({ authorize: (context) => (asked.push(context), true) })
  return { ...parts, asked }
}

describe('ids in paths and bodies', () => {
  // `..` is not among them: URLs resolve it before routing, so it is a 404 that asks no one.
  it.each(BAD_IDS.filter((id) => id !== '' && id !== '..'))(
    'GET /reports/:id and POST /refresh/:id refuse %j with 400 naming the id, before authorize',
    async (id) => {
      const { backend, post, asked, upstream } = attacked()
      const report = await backend.fetch(
        new Request(`https://lender.test/api/ibv/reports/${encodeURIComponent(id)}`),
      )
      expect(report.status).toBe(400)
      expect(await report.json()).toMatchObject({
        code: 'invalid_request',
        fields: { productRequestId: [expect.any(String)] },
      })
      const refresh = await post(`/refresh/${encodeURIComponent(id)}`, '{}')
      expect(refresh.status).toBe(400)
      expect(await refresh.json()).toMatchObject({
        code: 'invalid_request',
        fields: { consumerId: [expect.any(String)] },
      })
      expect(asked).toEqual([])
      expect(upstream).toEqual([])
    },
  )

  it.each(BAD_IDS)(
    'POST /tokens refuses consumer_id and product_request_id %j with 400, before authorize',
    async (id) => {
      const { post, asked, upstream } = attacked()
      const consumer = await post('/tokens', JSON.stringify({ type: 'consumer', consumer_id: id }))
      expect(consumer.status).toBe(400)
      expect(await consumer.json()).toMatchObject({
        code: 'invalid_request',
        fields: { consumer_id: [expect.any(String)] },
      })
      const embedded = await post(
        '/tokens',
        JSON.stringify({ type: 'embedded_report_token', product_request_id: id }),
      )
      expect(embedded.status).toBe(400)
      expect(await embedded.json()).toMatchObject({
        code: 'invalid_request',
        fields: { product_request_id: [expect.any(String)] },
      })
      expect(asked).toEqual([])
      expect(upstream).toEqual([])
    },
  )

  it.each(BAD_IDS)('the invite routes refuse %j with 400, before authorize', async (id) => {
    const { call, asked } = inviteBackend()
    const invite = await call('/invites', { consumer_id: id })
    expect(invite.status).toBe(400)
    expect(invite.body).toMatchObject({
      code: 'invalid_request',
      fields: { consumer_id: [expect.any(String)] },
    })
    const complete = await call('/invites/complete', {
      invite: 'v1.abc.def',
      product_request_id: id,
    })
    expect(complete.status).toBe(400)
    expect(complete.body).toMatchObject({
      code: 'invalid_request',
      fields: { product_request_id: [expect.any(String)] },
    })
    expect(asked).toEqual([])
  })

  it.each(BAD_IDS.filter((id) => id.trim() !== ''))(
    'prefetchReport refuses %j with an invalid_request IbvError, before authorize',
    async (id) => {
      const { backend, asked } = attacked()
      await expect(
        prefetchReport(backend, new Request('https://lender.test/'), id),
      ).rejects.toMatchObject({
        code: 'invalid_request',
        fields: { productRequestId: [expect.any(String)] },
      })
      expect(asked).toEqual([])
    },
  )

  it('takes the sandbox ids and the lender ids the docs use, up to 256 characters', async () => {
    const { backend, post, sandbox, asked } = attacked()
    const created = await sandbox.fetch(
      new Request('https://service.test/sandbox/product_requests', {
        method: 'POST',
        headers: { 'x-api-key': 'sk_test_security-review', 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: 'LND-42' }),
      }),
    )
    const { product_request_id: id } = (await created.json()) as { product_request_id: string }
    expect(id).toMatch(/^IBV/)
    expect(
      (await backend.fetch(new Request(`https://lender.test/api/ibv/reports/${id}`))).status,
    ).toBe(202)
    expect(
      (await post('/tokens', JSON.stringify({ type: 'consumer', consumer_id: 'LND-42' }))).status,
    ).toBe(200)
    expect(
      (
        await post(
          '/tokens',
          JSON.stringify({ type: 'consumer', consumer_id: `a_${'L'.repeat(254)}` }),
        )
      ).status,
    ).toBe(200)
    expect(asked.length).toBe(3)
  })
})

// Issue 37 (info): ids inside a verified webhook were only length-checked, so `IBV1\r\nid: 9`
// reached `authorize` (through `/events`) and the webhook store's keys. They are checked as the
// ids of requests are.
describe('ids in webhooks', () => {
  const BAD_WEBHOOK_IDS = [
    'IBV1\r\nid: 9',
    'a/b',
    '..',
    'a%2Fb',
    'LND 42',
    'é',
    'L'.repeat(257),
    'a.b',
  ]
  it.each(BAD_WEBHOOK_IDS)('a report event naming %j is a 400, handled by no one', async (id) => {
    for (const field of ['product_request_id', 'consumer_id']) {
      const { post, handled } = attacked()
      const body = {
        event: 'report_generated',
        consumer_id: 'LND-42',
        product_request_id: 'IBV-1',
        ibv_report: 'https://service.test/r',
        ibv_report_status: 'complete',
        [field]: id,
      }
      const answer = await post('/webhooks', JSON.stringify(body))
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({
        code: 'invalid_webhook',
        fields: { [field]: [expect.any(String)] },
      })
      expect(handled).toEqual([])
    }
  })

  it.each(BAD_WEBHOOK_IDS)(
    'data_pull_via_connection_failed naming %j keeps its payload but not the id',
    async (id) => {
      const { post, handled } = attacked()
      const answer = await post(
        '/webhooks',
        JSON.stringify({
          event: 'data_pull_via_connection_failed',
          consumer_id: id,
          product_request_id: id,
        }),
      )
      expect(answer.status).toBe(200)
      expect(handled).toHaveLength(1)
      expect(handled[0]).not.toHaveProperty('productRequestId')
      expect(handled[0]).not.toHaveProperty('consumerId')
    },
  )
})
