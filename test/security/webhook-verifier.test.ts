// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import { hmacVerifier } from '../../src/server/index.js'
import { backendUnderAttack, generated } from './backend-under-attack.js'
import { randomSecret } from '../secrets.js'

const SECRET = randomSecret()
const body = JSON.stringify(generated('IBV-SIGNED'))
const sign = (text: string, algorithm = 'sha256', secret = SECRET) =>
  createHmac(algorithm, secret).update(text).digest('hex')

// Finding 6: a verifier that reads the body (as any HMAC check must) made every delivery a 500,
// "Body is unusable", because the route read the same body again.
describe('webhook verifiers that read the body', () => {
  it('a verifier reading request.text() still lets the delivery through', async () => {
    const seen: string[] = []
    const { post, handled } = backendUnderAttack({
      verifyWebhook: async (request) => {
        seen.push(await request.text())
        return true
      },
    })
    const answer = await post('/webhooks', body)
    expect(answer.status).toBe(200)
    expect(seen).toEqual([body])
    expect(handled).toHaveLength(1)
  })

  it('a verifier is also handed the raw body', async () => {
    const seen: string[] = []
    const { post } = backendUnderAttack({
      verifyWebhook: (_request, raw) => {
        seen.push(raw)
        return true
      },
    })
    expect((await post('/webhooks', body)).status).toBe(200)
    expect(seen).toEqual([body])
  })
})

describe('a verifier that throws', () => {
  it('refuses the delivery with 401, whether it throws at once or later', async () => {
    for (const verifyWebhook of [
      () => {
        throw new Error('bad header')
      },
      () => Promise.reject(new Error('bad header')),
    ]) {
      const { post, handled } = backendUnderAttack({ verifyWebhook })
      expect((await post('/webhooks', body)).status).toBe(401)
      expect(handled).toHaveLength(0)
    }
  })
})

describe('hmacVerifier', () => {
  const headers = (signature: string) => ({
    'content-type': 'application/json',
    'x-ibv-signature': signature,
  })

  it('accepts the right signature, in hex or with an algorithm prefix', async () => {
    const { post, handled } = backendUnderAttack({
      verifyWebhook: hmacVerifier({ header: 'x-ibv-signature', secret: SECRET }),
    })
    expect((await post('/webhooks', body, headers(sign(body)))).status).toBe(200)
    expect(
      (
        await post(
          '/webhooks',
          JSON.stringify(generated('IBV-2')),
          headers(`sha256=${sign(JSON.stringify(generated('IBV-2')))}`),
        )
      ).status,
    ).toBe(200)
    expect(handled.map((event) => event.productRequestId)).toEqual(['IBV-SIGNED', 'IBV-2'])
  })

  it('refuses a wrong, missing, truncated or re-used signature with 401, and calls no handler', async () => {
    const { post, handled } = backendUnderAttack({
      verifyWebhook: hmacVerifier({ header: 'x-ibv-signature', secret: SECRET }),
    })
    const other = JSON.stringify(generated('IBV-OTHER'))
    for (const signature of [
      sign(body, 'sha256', 'wrong-secret'),
      '',
      sign(body).slice(0, 32),
      sign(other),
      'zz'.repeat(32),
      sign(body).toUpperCase().replace(/./, 'G'),
    ]) {
      expect((await post('/webhooks', body, headers(signature))).status).toBe(401)
    }
    expect((await post('/webhooks', body)).status).toBe(401)
    expect(handled).toHaveLength(0)
  })

  it('signs with another algorithm, or reads base64', async () => {
    const sha512 = backendUnderAttack({
      verifyWebhook: hmacVerifier({
        header: 'x-ibv-signature',
        secret: SECRET,
        algorithm: 'SHA-512',
      }),
    })
    expect((await sha512.post('/webhooks', body, headers(sign(body, 'sha512')))).status).toBe(200)
    const base64 = backendUnderAttack({
      verifyWebhook: hmacVerifier({
        header: 'x-ibv-signature',
        secret: SECRET,
        encoding: 'base64',
      }),
    })
    const signature = createHmac('sha256', SECRET).update(body).digest('base64')
    expect((await base64.post('/webhooks', body, headers(signature))).status).toBe(200)
  })

  it('signs the bytes as they arrived, so a body with a byte-order mark still verifies', async () => {
    const { post, handled } = backendUnderAttack({
      verifyWebhook: hmacVerifier({ header: 'x-ibv-signature', secret: SECRET }),
    })
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)])
    const signature = createHmac('sha256', SECRET).update(bytes).digest('hex')
    const answer = await post('/webhooks', bytes, headers(signature))
    expect(answer.status).toBe(200)
    expect(handled).toHaveLength(1)
  })

  it('cannot be built without a secret or a header', () => {
    expect(() => hmacVerifier({ header: 'x-ibv-signature', secret: '' })).toThrow(TypeError)
    expect(() => hmacVerifier({ header: '', secret: SECRET })).toThrow(TypeError)
  })
})
