import { describe, expect, it, vi } from 'vitest'
import {
  createIbvBackend,
  createIbvClient,
  headerSecretVerifier,
  type AuthorizeContext,
} from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import type { WebhookEvent } from '../../src/core/index.js'
import { readSse } from './sse.js'

const KEY = 'sk_test_backend-secret'
const APP = 'https://lender.test'

function setup(
  options: {
    authorize?: (context: AuthorizeContext) => boolean | Promise<boolean>
    key?: string
  } = {},
) {
  const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
  const client = createIbvClient({
    apiKey: options.key ?? KEY,
    serviceUrl: 'https://service.test',
    fetch: sandbox.fetch,
  })
  const asked: AuthorizeContext[] = []
  const handled: WebhookEvent[] = []
  const backend = createIbvBackend({
    client,
    authorize: (context) => {
      asked.push(context)
      return options.authorize ? options.authorize(context) : true
    },
    onWebhook: (event) => void handled.push(event),
    heartbeatMs: 20,
  })
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => {
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    const response = await backend.fetch(new Request(`${APP}/api/ibv${path}`, init))
    return {
      status: response.status,
      headers: response.headers,
      body: await response.json().catch(() => undefined),
    }
  }
  const sandboxCall = (path: string, body: unknown) =>
    sandbox
      .fetch(
        new Request(`https://service.test${path}`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      .then((r) => r.json())
  return { sandbox, backend, call, asked, handled, sandboxCall }
}

const generated = (id: string) => ({
  consumer_id: 'LND-42',
  product_request_id: id,
  ibv_report: `https://service.test/api/v2/ibv/requests/${id}`,
  ibv_report_status: 'complete',
  event: 'report_generated',
})

describe('createIbvBackend', () => {
  it('cannot be built without authorize', () => {
    const client = createIbvClient({ apiKey: 'k', serviceUrl: 'https://s.test' })
    expect(() =>
      createIbvBackend({ client } as unknown as Parameters<typeof createIbvBackend>[0]),
    ).toThrow(/authorize is required/)
  })

  it('POST /tokens: a consumer token, asked of authorize, never cached', async () => {
    const { call, asked } = setup()
    const answer = await call('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^sbx_c_/),
      expires_in: 3600,
    })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(asked).toEqual([
      { request: expect.any(Request), action: 'token', kind: 'consumer', consumerId: 'LND-42' },
    ])
  })

  it('POST /tokens: an embedded report token', async () => {
    const { call, sandboxCall } = setup()
    const { product_request_id: id } = await sandboxCall('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    const answer = await call('POST', '/tokens', {
      type: 'embedded_report_token',
      product_request_id: id,
    })
    expect(answer).toMatchObject({ status: 200, body: { expires_in: 1800 } })
  })

  it('refuses with 403 when authorize says no, or throws', async () => {
    const { call } = setup({ authorize: ({ consumerId }) => consumerId === 'mine' })
    expect(
      (await call('POST', '/tokens', { type: 'consumer', consumer_id: 'theirs' })).status,
    ).toBe(403)
    expect((await call('POST', '/refresh/theirs')).status).toBe(403)
    expect((await call('GET', '/reports/IBV1')).status).toBe(403)
    expect((await call('GET', '/events')).status).toBe(403)
    const throwing = setup({ authorize: () => Promise.reject(new Error('session store down')) })
    expect(
      (await throwing.call('POST', '/tokens', { type: 'consumer', consumer_id: 'x' })).body,
    ).toEqual({ message: 'You are not allowed to do this.', code: 'forbidden' })
  })

  it('answers invalid bodies with 400, message and fields', async () => {
    const { call } = setup()
    expect((await call('POST', '/tokens', { type: 'consumer' })).body).toEqual({
      message: 'Validation error',
      code: 'invalid_request',
      fields: { consumer_id: ['consumer_id is required for a consumer token'] },
    })
    expect(
      (await call('POST', '/tokens', { type: 'embedded_report_token' })).body.fields,
    ).toHaveProperty('product_request_id')
    expect((await call('POST', '/tokens', { consumer_id: 'x' })).body.fields).toEqual({
      type: ['type must be consumer or embedded_report_token'],
    })
    // The browser's own fault: the service is not blamed for it.
    const notJson = await call('POST', '/tokens', '{nope')
    expect(notJson.status).toBe(400)
    expect(notJson.body).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'invalid_request',
      fields: { body: ['is not valid JSON'] },
    })
    expect((await call('POST', '/tokens', '[1]')).body).not.toHaveProperty('source')
    expect((await call('POST', '/tokens', 'x', { 'content-type': 'text/plain' })).status).toBe(415)
    const upstream = await call('POST', '/tokens', {
      type: 'embedded_report_token',
      product_request_id: 'IBVNOPE',
    })
    expect(upstream).toMatchObject({
      status: 400,
      body: { fields: { product_request_id: [expect.stringContaining('IBVNOPE')] } },
    })
  })

  it('turns the service refusing our key into a 502 that names the problem, not the key', async () => {
    const { call } = setup({ key: `${KEY}-rotated` })
    const answer = await call('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })
    expect(answer.status).toBe(502)
    expect(answer.body.message).toMatch(/refused this backend's credentials/)
    expect(JSON.stringify(answer.body)).not.toContain(KEY)
  })

  it('GET /reports/:id passes 202 and 200 through, and 404 for an unknown id', async () => {
    const { call, sandbox, sandboxCall } = setup()
    const { product_request_id: id } = await sandboxCall('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    expect(await call('GET', `/reports/${id}`)).toMatchObject({
      status: 202,
      body: { ibv_report_status: 'initiated' },
    })
    await sandbox.advance(6)
    expect(await call('GET', `/reports/${id}`)).toMatchObject({
      status: 200,
      body: { product_request_id: id, ibv_report_status: 'complete' },
    })
    expect((await call('GET', `/reports/${id}?version=v1`)).status).toBe(200)
    expect((await call('GET', '/reports/IBVNOPE')).status).toBe(404)
  })

  it('POST /refresh/:consumerId answers the classified outcome', async () => {
    const { call, sandbox, sandboxCall } = setup()
    await sandboxCall('/sandbox/product_requests', { consumer_id: 'LND_42-x' })
    await sandbox.advance(6)
    expect(await call('POST', `/refresh/${encodeURIComponent('LND_42-x')}`)).toMatchObject({
      status: 200,
      body: { kind: 'submitted' },
    })
    expect(await call('POST', `/refresh/${encodeURIComponent('LND_42-x')}`)).toMatchObject({
      status: 200,
      body: { kind: 'refresh_not_ready' },
    })
    expect((await call('POST', '/refresh/nobody')).body).toMatchObject({
      kind: 'consumer_not_found',
    })
  })

  it('POST /webhooks: handled once, duplicates acknowledged, junk refused', async () => {
    const { call, handled } = setup()
    expect(await call('POST', '/webhooks', generated('IBV-W1'))).toMatchObject({
      status: 200,
      body: { received: true },
    })
    expect(await call('POST', '/webhooks', generated('IBV-W1'))).toMatchObject({
      status: 200,
      body: { received: true, duplicate: true },
    })
    expect(handled.map((event) => event.productRequestId)).toEqual(['IBV-W1'])
    expect(await call('POST', '/webhooks', { event: 'report_generated' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_webhook' },
    })
    expect((await call('POST', '/webhooks', '{')).status).toBe(400)
  })

  it('POST /webhooks: a failing onWebhook answers 500, and the retry is handled', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    let failures = 1
    const handled: string[] = []
    const backend = createIbvBackend({
      client: createIbvClient({
        apiKey: 'sandbox-api-key',
        serviceUrl: 'https://s.test',
        fetch: sandbox.fetch,
      }),
      authorize: () => true,
      onWebhook: (event) => {
        if (failures-- > 0) throw new Error('database busy')
        handled.push(event.event)
      },
    })
    const post = () =>
      backend.fetch(
        new Request(`${APP}/api/ibv/webhooks`, {
          method: 'POST',
          body: JSON.stringify(generated('IBV-W2')),
        }),
      )
    expect((await post()).status).toBe(500)
    expect((await post()).status).toBe(200)
    expect((await post()).status).toBe(200)
    expect(handled).toEqual(['report_generated'])
  })

  it('POST /webhooks: verifyWebhook refuses deliveries without the secret', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const backend = createIbvBackend({
      client: createIbvClient({
        apiKey: 'sandbox-api-key',
        serviceUrl: 'https://s.test',
        fetch: sandbox.fetch,
      }),
      authorize: () => true,
      verifyWebhook: headerSecretVerifier('x-webhook-secret', 'hush'),
    })
    const post = (headers: Record<string, string>) =>
      backend.fetch(
        new Request(`${APP}/api/ibv/webhooks`, {
          method: 'POST',
          headers,
          body: JSON.stringify(generated('IBV-W3')),
        }),
      )
    expect((await post({})).status).toBe(401)
    expect((await post({ 'x-webhook-secret': 'hushh' })).status).toBe(401)
    expect((await post({ 'x-webhook-secret': 'hush' })).status).toBe(200)
  })

  it('GET /events streams webhook events the caller may see, with heartbeats', async () => {
    const { backend, call } = setup({
      authorize: ({ action, productRequestId }) =>
        action !== 'event' || productRequestId !== 'IBV-SECRET',
    })
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const reading = readSse(
      stream,
      (messages, raw) => messages.length >= 2 && raw.includes(': heartbeat'),
    )
    await call('POST', '/webhooks', generated('IBV-E1'))
    await call('POST', '/webhooks', generated('IBV-SECRET'))
    await call('POST', '/webhooks', generated('IBV-E2'))
    const { messages } = await reading
    expect(messages.map((message) => message.event)).toEqual([
      'report_generated',
      'report_generated',
    ])
    expect(messages.map((message) => JSON.parse(message.data ?? '{}').productRequestId)).toEqual([
      'IBV-E1',
      'IBV-E2',
    ])
    expect(messages.map((message) => message.id)).toEqual(['1', '3'])
  })

  it('GET /events resumes after Last-Event-ID, and can be narrowed to one product request', async () => {
    const { backend, call } = setup()
    for (const id of ['IBV-A', 'IBV-B', 'IBV-C']) await call('POST', '/webhooks', generated(id))
    const resumed = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
    )
    const { messages } = await readSse(resumed, (received) => received.length >= 2)
    expect(messages.map((message) => message.id)).toEqual(['2', '3'])
    const narrowed = await backend.fetch(
      new Request(`${APP}/api/ibv/events?product_request_id=IBV-C&last_event_id=1`),
    )
    const only = await readSse(narrowed, (received) => received.length >= 1)
    expect(
      only.messages.map((message) => JSON.parse(message.data ?? '{}').productRequestId),
    ).toEqual(['IBV-C'])
  })

  it('GET /events gives a new subscriber only what happens from now on (no history replay)', async () => {
    const { backend, call } = setup()
    await call('POST', '/webhooks', generated('IBV-OLD'))
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    const reading = readSse(stream, (messages) => messages.length >= 1)
    await call('POST', '/webhooks', generated('IBV-NEW'))
    const { messages } = await reading
    expect(messages.map((message) => JSON.parse(message.data ?? '{}').productRequestId)).toEqual([
      'IBV-NEW',
    ])
  })

  it('warns at construction when webhooks are not verified', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const client = createIbvClient({ apiKey: 'k', serviceUrl: 'https://s.test' })
    createIbvBackend({ client, authorize: () => true })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no verifyWebhook'))
    // The recommended verifier is the one named first.
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Pass standardWebhooksVerifier/))
    warn.mockClear()
    createIbvBackend({
      client,
      authorize: () => true,
      verifyWebhook: () => true,
      identify: () => undefined,
    })
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('closes the stream and unsubscribes when the client goes away', async () => {
    const { backend } = setup()
    const controller = new AbortController()
    const stream = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { signal: controller.signal }),
    )
    expect(backend.relay.subscribers).toBe(1)
    controller.abort()
    await stream.body?.cancel().catch(() => undefined)
    expect(backend.relay.subscribers).toBe(0)
  })

  it('answers unknown routes with 404 and wrong methods with 405, in JSON', async () => {
    const { call } = setup()
    expect(await call('GET', '/nope')).toMatchObject({ status: 404, body: { code: 'not_found' } })
    const wrong = await call('DELETE', '/tokens')
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(
      (
        await call(
          'POST',
          '/tokens',
          JSON.stringify({ type: 'consumer', consumer_id: 'x'.repeat(1024 * 1024) }),
        )
      ).status,
    ).toBe(413)
  })
})
