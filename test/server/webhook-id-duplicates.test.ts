// @vitest-environment node
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacVerifier, standardWebhooksVerifier } from '../../src/server/index.js'
import { backendUnderAttack, generated } from '../security/backend-under-attack.js'
import { randomSecret, randomWebhookSecret } from '../secrets.js'

// Issue 37 (info): duplicates were known by content (the event and its product request), so a
// second, genuine delivery of the same event for the same product request (a report generated
// again) was taken for a copy of the first for 24 hours. A delivery signed with Standard Webhooks
// carries its own id, signed: copies are now known by it, and distinct deliveries are handled.
const SECRET = randomWebhookSecret()
const body = JSON.stringify(generated('IBV-DUP'))
const now = () => Math.floor(Date.now() / 1000)

function signed(id: string, payload = body) {
  const timestamp = now()
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64')
  const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest('base64')}`
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  }
}

describe('duplicates of a Standard Webhooks delivery', () => {
  it('are known by webhook-id: a retry is a duplicate, another delivery of the same event is handled', async () => {
    const { post, handled } = backendUnderAttack({
      verifyWebhook: standardWebhooksVerifier({ secret: SECRET }),
    })
    expect(await (await post('/webhooks', body, signed('msg_first'))).json()).toEqual({
      received: true,
    })
    expect(await (await post('/webhooks', body, signed('msg_first'))).json()).toEqual({
      received: true,
      duplicate: true,
    })
    expect(await (await post('/webhooks', body, signed('msg_second'))).json()).toEqual({
      received: true,
    })
    expect(handled.map((event) => event.productRequestId)).toEqual(['IBV-DUP', 'IBV-DUP'])
  })

  it('an unsigned webhook-id is not trusted: with hmacVerifier, copies are still known by content', async () => {
    const secret = randomSecret()
    const { post, handled } = backendUnderAttack({
      verifyWebhook: hmacVerifier({ header: 'x-ibv-signature', secret }),
    })
    const headers = (id: string) => ({
      'content-type': 'application/json',
      'webhook-id': id,
      'x-ibv-signature': createHmac('sha256', secret).update(body).digest('hex'),
    })
    expect((await post('/webhooks', body, headers('a'))).status).toBe(200)
    expect(await (await post('/webhooks', body, headers('b'))).json()).toEqual({
      received: true,
      duplicate: true,
    })
    expect(handled).toHaveLength(1)
  })
})
