// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  createIbvBackend,
  headerSecretVerifier,
  type AuthorizeContext,
} from '../../src/server/index.js'
import { APP, backendUnderAttack } from './backend-under-attack.js'

// A body of up to 1 MiB was read on every route, before `verifyWebhook` and `authorize`, and a
// stalled one was held until Node's 300 s request timeout. Now: 64 KiB on /webhooks, 16 KiB on the
// JSON routes, a deadline for the body to arrive, header-only verifiers asked before any body.

/** A body that sends `head` and then never ends (until the test cancels it). */
function stalledBody(head: string) {
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head))
    },
    cancel() {
      cancelled = true
    },
  })
  return { body, cancelled: () => cancelled }
}

function post(
  backend: { fetch(request: Request): Promise<Response> },
  path: string,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  return backend.fetch(
    new Request(`${APP}/api/ibv${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  )
}

describe('request bodies', () => {
  it('a webhook over 64 KiB is a 413, by its Content-Length or as it arrives; 64 KiB is taken', async () => {
    const { backend, handled } = backendUnderAttack()
    const over = JSON.stringify({
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      detail: 'x'.repeat(64 * 1024),
    })
    const answer = await post(backend, '/webhooks', over)
    expect(answer.status).toBe(413)
    expect(await answer.json()).toMatchObject({
      code: 'invalid_request',
      fields: { body: [expect.stringMatching(/65536 bytes/)] },
    })
    const streamed = await post(backend, '/webhooks', new Blob([over]).stream())
    expect(streamed.status).toBe(413)
    const fits = JSON.stringify({
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      detail: 'x'.repeat(60 * 1024),
    })
    expect((await post(backend, '/webhooks', fits)).status).toBe(200)
    expect(handled).toHaveLength(1)
  })

  it('a token, refresh or invite body over 16 KiB is a 413; the caps are one option', async () => {
    const { backend } = backendUnderAttack()
    const big = JSON.stringify({
      type: 'consumer',
      consumer_id: 'LND-42',
      pad: 'x'.repeat(16 * 1024),
    })
    for (const path of ['/tokens', '/refresh/LND-42'])
      expect((await post(backend, path, big)).status).toBe(413)
    const roomy = backendUnderAttack({ maxBodyBytes: { json: 32 * 1024, webhooks: 1024 } })
    expect((await post(roomy.backend, '/tokens', big)).status).toBe(200)
    const webhook = JSON.stringify({
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      detail: 'x'.repeat(1024),
    })
    expect((await post(roomy.backend, '/webhooks', webhook)).status).toBe(413)
  })

  it('a body that stalls is a 408 after bodyTimeoutMs, and its stream is let go', async () => {
    const { backend } = backendUnderAttack({ bodyTimeoutMs: 50 })
    for (const path of ['/webhooks', '/tokens']) {
      const stalled = stalledBody('{"type":"cons')
      const answer = await post(backend, path, stalled.body)
      expect(answer.status).toBe(408)
      expect(await answer.json()).toMatchObject({ code: 'timeout' })
      expect(stalled.cancelled()).toBe(true)
    }
  })

  it('a header-only verifier refuses a forged webhook before its body is read', async () => {
    const { backend, handled } = backendUnderAttack({
      verifyWebhook: headerSecretVerifier('x-webhook-secret', 'hush'),
    })
    const stalled = stalledBody('{"event":')
    const forged = await post(backend, '/webhooks', stalled.body, { 'x-webhook-secret': 'guess' })
    expect(forged.status).toBe(401)
    const genuine = await post(
      backend,
      '/webhooks',
      JSON.stringify({ event: 'data_pull_via_connection_failed', consumer_id: 'LND-42' }),
      { 'x-webhook-secret': 'hush' },
    )
    expect(genuine.status).toBe(200)
    expect(handled).toHaveLength(1)
  })

  it('a custom (request, rawBody) verifier still gets the body, as it arrived', async () => {
    const seen: string[] = []
    const { backend } = backendUnderAttack({
      verifyWebhook: async (request, rawBody) => (seen.push(rawBody, await request.text()), true),
    })
    const body = JSON.stringify({ event: 'data_pull_via_connection_failed', consumer_id: 'LND-42' })
    expect((await post(backend, '/webhooks', body)).status).toBe(200)
    expect(seen).toEqual([body, body])
  })

  it('POST /refresh asks authorize before reading the body: a refused caller never gets to send one', async () => {
    const asked: AuthorizeContext[] = []
    const { backend } = backendUnderAttack({ authorize: (context) => (asked.push(context), false) })
    const stalled = stalledBody('{')
    expect((await post(backend, '/refresh/LND-42', stalled.body)).status).toBe(403)
    expect(asked).toMatchObject([{ action: 'refresh', consumerId: 'LND-42' }])
  })

  it.each([
    ['maxBodyBytes.json', { maxBodyBytes: { json: 0 } }],
    ['maxBodyBytes.webhooks', { maxBodyBytes: { webhooks: -1 } }],
    ['bodyTimeoutMs', { bodyTimeoutMs: Number.NaN }],
  ])('refuses a %s that is not a whole number, when built', (name, options) => {
    expect(() =>
      createIbvBackend({
        client: {} as never,
        authorize: () => true,
        verifyWebhook: () => true,
        ...options,
      }),
    ).toThrow(new RegExp(`${name.replace('.', '\\.')} must be a whole number`))
  })
})
