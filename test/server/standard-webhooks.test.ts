// @vitest-environment node
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { standardWebhooksVerifier } from '../../src/server/index.js'
import { backendUnderAttack, generated } from '../security/backend-under-attack.js'
import { randomWebhookSecret } from '../secrets.js'

// The reference implementation's published test vector (standard-webhooks, libraries/javascript,
// "sign function works").
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
}
const SECRET = randomWebhookSecret()
const OLD_SECRET = randomWebhookSecret()
const body = JSON.stringify(generated('IBV-SW-1'))
const now = () => Math.floor(Date.now() / 1000)

/** `v1,<base64>` as a provider computes it, with Node's own HMAC. */
function sign(secret: string, id: string, timestamp: number, payload: string | Uint8Array): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const mac = createHmac('sha256', key)
    .update(`${id}.${timestamp}.`)
    .update(payload)
    .digest('base64')
  return `v1,${mac}`
}
const headers = (id: string, timestamp: number | string, signature: string) => ({
  'content-type': 'application/json',
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
})
const request = (payload: BodyInit, values: Record<string, string>) =>
  new Request('https://lender.test/api/ibv/webhooks', {
    method: 'POST',
    headers: values,
    body: payload,
  })

afterEach(() => void vi.useRealTimers())

describe('standardWebhooksVerifier', () => {
  it('accepts the published test vector of the reference implementation', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: VECTOR.timestamp * 1000 })
    const verify = standardWebhooksVerifier({ secret: VECTOR.secret })
    expect(
      await verify(request(VECTOR.body, headers(VECTOR.id, VECTOR.timestamp, VECTOR.signature))),
    ).toBe(true)
    expect(sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature)
    // One byte of the body changed: refused.
    expect(
      await verify(
        request(
          VECTOR.body.replace('2', '3'),
          headers(VECTOR.id, VECTOR.timestamp, VECTOR.signature),
        ),
      ),
    ).toBe(false)
  })

  it('lets a signed delivery through the backend, and refuses a wrong secret, a tampered body or a missing header with 401', async () => {
    const { post, handled } = backendUnderAttack({
      verifyWebhook: standardWebhooksVerifier({ secret: SECRET }),
    })
    const t = now()
    for (const wrong of [
      headers('msg_1', t, sign(OLD_SECRET, 'msg_1', t, body)),
      headers('msg_1', t, sign(SECRET, 'msg_1', t, body.replace('LND-42', 'LND-43'))),
      headers('msg_2', t, sign(SECRET, 'msg_1', t, body)),
      headers('msg_1', t + 1, sign(SECRET, 'msg_1', t, body)),
      { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': String(t) },
      headers('msg_1', t, sign(SECRET, 'msg_1', t, body).replace('v1,', 'v1a,')),
      headers('msg_1', t, 'v1,not base64!'),
      headers('msg_1', `${t}.5`, sign(SECRET, 'msg_1', t, body)),
    ]) {
      expect((await post('/webhooks', body, wrong)).status).toBe(401)
    }
    expect(handled).toHaveLength(0)
    expect(
      (await post('/webhooks', body, headers('msg_1', t, sign(SECRET, 'msg_1', t, body)))).status,
    ).toBe(200)
    expect(handled.map((event) => event.productRequestId)).toEqual(['IBV-SW-1'])
  })

  it('refuses a timestamp outside the tolerance, either way, and accepts one at its edge', async () => {
    const verify = standardWebhooksVerifier({ secret: SECRET, toleranceSeconds: 60 })
    const at = (timestamp: number) =>
      verify(request(body, headers('msg_t', timestamp, sign(SECRET, 'msg_t', timestamp, body))))
    vi.useFakeTimers({ toFake: ['Date'], now: 1_800_000_000_000 })
    expect(await at(1_800_000_000 - 61)).toBe(false)
    expect(await at(1_800_000_000 + 61)).toBe(false)
    expect(await at(1_800_000_000 - 60)).toBe(true)
    expect(await at(1_800_000_000 + 60)).toBe(true)
  })

  it('accepts any of several secrets while rotating, and any of several signatures in the header', async () => {
    const verify = standardWebhooksVerifier({ secrets: [SECRET, OLD_SECRET] })
    const t = now()
    expect(
      await verify(request(body, headers('msg_r', t, sign(OLD_SECRET, 'msg_r', t, body)))),
    ).toBe(true)
    expect(await verify(request(body, headers('msg_r', t, sign(SECRET, 'msg_r', t, body))))).toBe(
      true,
    )
    const both = `v1,${'A'.repeat(43)}= v1a,ignored ${sign(SECRET, 'msg_r', t, body)}`
    expect(
      await standardWebhooksVerifier({ secret: SECRET })(request(body, headers('msg_r', t, both))),
    ).toBe(true)
  })

  it('signs the bytes as they arrived, so a body with a byte-order mark still verifies', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)])
    const t = now()
    const { post, handled } = backendUnderAttack({
      verifyWebhook: standardWebhooksVerifier({ secret: SECRET }),
    })
    expect(
      (await post('/webhooks', bytes, headers('msg_b', t, sign(SECRET, 'msg_b', t, bytes)))).status,
    ).toBe(200)
    expect(handled).toHaveLength(1)
  })

  it('cannot be built without a secret, with a secret not written whsec_<base64>, or with a bad tolerance', () => {
    const build = (options: unknown) => () =>
      standardWebhooksVerifier(options as Parameters<typeof standardWebhooksVerifier>[0])
    expect(build({})).toThrow(/secret/)
    expect(build({ secrets: [] })).toThrow(/secret/)
    expect(build({ secret: '' })).toThrow(/whsec_/)
    expect(build({ secret: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })).toThrow(/whsec_/)
    expect(build({ secret: 'whsec_' })).toThrow(/base64/)
    expect(build({ secret: 'whsec_not base64!' })).toThrow(/base64/)
    expect(build({ secrets: [SECRET, 'whsec_%%%'] })).toThrow(/base64/)
    // A placeholder left in the environment (`whsec_test`) is a key of a few bytes: guessable.
    // Fewer than the 24 random bytes a provider issues (Svix's length; the spec says 24 to 64), or text.
    expect(build({ secret: 'whsec_test' })).toThrow(/at least 24 random bytes/)
    expect(
      build({
        secret: `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(23))))}`,
      }),
    ).toThrow(/at least 24 random bytes/)
    expect(build({ secret: `whsec_${btoa('twenty-four-bytes-of-txt')}` })).toThrow(
      /secret does not look like random bytes/,
    )
    expect(
      build({
        secret: `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`,
      }),
    ).not.toThrow()
    expect(build({ secret: SECRET, secrets: [OLD_SECRET] })).toThrow(/secret or secrets/)
    for (const toleranceSeconds of [
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '300',
      3601,
      86_400,
    ]) {
      expect(build({ secret: SECRET, toleranceSeconds })).toThrow(/toleranceSeconds/)
    }
    // The secret itself is never in the message.
    try {
      build({ secret: 'whsec_sekrit!value' })()
    } catch (error) {
      expect(String(error)).not.toContain('sekrit')
    }
  })
})
