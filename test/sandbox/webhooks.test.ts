import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type WebhookAttempt } from '../../src/sandbox/index.js'
import { call } from './call.js'

async function deliveries(sandbox: Parameters<typeof call>[0]) {
  return (await call<{ deliveries: WebhookAttempt[] }>(sandbox, 'GET', '/sandbox/webhooks')).body
    .deliveries
}

describe('webhook delivery', () => {
  it('retries a receiver that fails twice, then delivers once: three attempts recorded', async () => {
    const received: string[] = []
    let calls = 0
    const receiver = (async (_url: unknown, init?: RequestInit) => {
      calls++
      if (calls <= 2) return new Response('busy', { status: 503 })
      received.push(String(init?.body))
      return new Response(null, { status: 200 })
    }) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://lender.test/hooks',
      fetch: receiver,
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6 + 2 + 4)
    expect(received).toHaveLength(1)
    expect(JSON.parse(received[0] ?? '{}')).toMatchObject({
      event: 'report_generated',
      ibv_report_status: 'complete',
    })
    const attempts = await deliveries(sandbox)
    expect(attempts.map(({ attempt, status, ok }) => ({ attempt, status, ok }))).toEqual([
      { attempt: 1, status: 503, ok: false },
      { attempt: 2, status: 503, ok: false },
      { attempt: 3, status: 200, ok: true },
    ])
    // Backoff: 2 s, then 4 s, in sandbox time.
    const [first, second, third] = attempts.map((attempt) => Date.parse(attempt.at))
    expect([Number(second) - Number(first), Number(third) - Number(second)]).toEqual([2000, 4000])
    await sandbox.advance(3600)
    expect(await deliveries(sandbox)).toHaveLength(3)
  })

  it('gives up on a receiver that is down after the bounded attempts, throwing nothing', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      // Port 9 on loopback: nothing listens, the connection is refused at once.
      webhookUrl: 'http://127.0.0.1:9/hooks',
      webhookRetry: { attempts: 4, baseDelaySeconds: 1 },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(3600)
    const attempts = await deliveries(sandbox)
    expect(attempts).toHaveLength(4)
    expect(
      attempts.every(
        (attempt) =>
          !attempt.ok && attempt.status === undefined && typeof attempt.error === 'string',
      ),
    ).toBe(true)
  })

  it('counts a receiver that never answers as failed after the timeout', async () => {
    const hanging = ((_url: unknown, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://lender.test/hooks',
      fetch: hanging,
      webhookRetry: { attempts: 1, timeoutMs: 20 },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toEqual([
      expect.objectContaining({ attempt: 1, ok: false, error: 'timeout' }),
    ])
  })

  it('goes where PUT /sandbox/webhook_url says, with the headers given', async () => {
    const seen: Array<{ url: string; auth: string | null }> = []
    const receiver = (async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const sandbox = createSandbox({ clock: createManualClock(), fetch: receiver })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(seen).toEqual([])
    const set = await call(sandbox, 'PUT', '/sandbox/webhook_url', {
      url: 'https://lender.test/ibv/webhooks',
      headers: { authorization: 'Basic abc' },
    })
    expect(set.body).toEqual({ url: 'https://lender.test/ibv/webhooks' })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-2' })
    await sandbox.advance(6)
    expect(seen).toEqual([{ url: 'https://lender.test/ibv/webhooks', auth: 'Basic abc' }])
    expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'ftp://x' })).status).toBe(
      400,
    )
    expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: null })).body).toEqual({
      url: null,
    })
  })

  it('reset stops the retries of deliveries already under way', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://lender.test/hooks',
      fetch: (async () => new Response(null, { status: 503 })) as typeof fetch,
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toHaveLength(1)
    await call(sandbox, 'POST', '/sandbox/reset')
    await sandbox.advance(3600)
    expect(await deliveries(sandbox)).toEqual([])
  })

  it('reset empties everything', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://127.0.0.1:9/x',
      webhookRetry: { attempts: 1 },
    })
    const { body } = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toHaveLength(1)
    expect((await call(sandbox, 'POST', '/sandbox/reset')).body).toEqual({ reset: true })
    expect(await deliveries(sandbox)).toEqual([])
    expect(
      (await call(sandbox, 'GET', `/api/v2/ibv/requests/${body.product_request_id as string}`))
        .status,
    ).toBe(404)
  })

  it('sends webhookHeaders to a URL set later without headers; a PUT with its own headers wins', async () => {
    const seen: Array<Record<string, string>> = []
    const receiver = (async (_url: unknown, init?: RequestInit) => {
      const headers = new Headers(init?.headers)
      seen.push({
        secret: headers.get('x-webhook-secret') ?? '',
        other: headers.get('x-other') ?? '',
      })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      fetch: receiver,
      webhookHeaders: { 'x-webhook-secret': 'dev-secret' },
    })
    await call(sandbox, 'PUT', '/sandbox/webhook_url', {
      url: 'http://127.0.0.1:3000/api/ibv/webhooks',
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(seen).toEqual([{ secret: 'dev-secret', other: '' }])
    await call(sandbox, 'PUT', '/sandbox/webhook_url', {
      url: 'http://127.0.0.1:3000/api/ibv/webhooks',
      headers: { 'x-other': 'mine' },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-2' })
    await sandbox.advance(6)
    expect(seen[1]).toEqual({ secret: '', other: 'mine' })
  })

  it('reset keeps where webhooks go and their headers: that is configuration, not data', async () => {
    const seen: Array<{ url: string; secret: string | null }> = []
    const receiver = (async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), secret: new Headers(init?.headers).get('x-webhook-secret') })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      fetch: receiver,
      webhookHeaders: { 'x-webhook-secret': 'dev-secret' },
    })
    // As the Vite plugin does once its server listens: a URL, no headers of its own.
    await call(sandbox, 'PUT', '/sandbox/webhook_url', {
      url: 'http://127.0.0.1:5173/api/ibv/webhooks',
    })
    sandbox.reset()
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    await call(sandbox, 'POST', '/sandbox/reset')
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(seen).toEqual([
      { url: 'http://127.0.0.1:5173/api/ibv/webhooks', secret: 'dev-secret' },
      { url: 'http://127.0.0.1:5173/api/ibv/webhooks', secret: 'dev-secret' },
    ])
  })

  it('refuses PUT /sandbox/webhook_url headers that are not a token name and a one-line value, or that HTTP framing owns, without echoing values', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      fetch: (async () => new Response(null, { status: 204 })) as typeof fetch,
    })
    const url = 'http://127.0.0.1:3000/api/ibv/webhooks'
    const cases: Array<Record<string, string>> = [
      { 'x-webhook-secret': 'bad\nS3CRET-1' },
      { 'x-webhook-secret': 'bad\r\nx-evil: S3CRET-2' },
      { 'x webhook': 'S3CRET-3' },
      { '': 'S3CRET-4' },
      { 'x-webhook-secret': '' },
      { 'transfer-encoding': 'chunked' },
      { Host: 'evil.test' },
      { 'Content-Length': '1' },
      { 'proxy-authorization': 'Basic S3CRET-5' },
    ]
    for (const headers of cases) {
      const answer = await call(sandbox, 'PUT', '/sandbox/webhook_url', { url, headers })
      expect(answer.status, JSON.stringify(Object.keys(headers))).toBe(400)
      expect(Object.keys(answer.body.fields as object)).toEqual(['headers'])
      expect(answer.text).not.toContain('S3CRET')
    }
    expect(
      (
        await call(sandbox, 'PUT', '/sandbox/webhook_url', {
          url,
          headers: { 'X-Webhook-Secret': 'a b\tc', authorization: 'Basic abc' },
        })
      ).status,
    ).toBe(200)
  })

  it('createSandbox refuses webhookHeaders a delivery could not send, with a clear error that does not repeat the value', () => {
    const cases: Array<Record<string, string>> = [
      { 'x-webhook-secret': 'bad\nS3CRET' },
      { 'x:secret': 'S3CRET' },
      { connection: 'close' },
      { 'proxy-x': 'S3CRET' },
      { 'x-ok': '' },
    ]
    for (const webhookHeaders of cases) {
      let thrown: unknown
      try {
        createSandbox({ clock: createManualClock(), webhookHeaders })
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(Object.keys(webhookHeaders))).toBeInstanceOf(TypeError)
      expect(String((thrown as Error).message)).toMatch(/webhookHeaders/)
      expect(String((thrown as Error).message)).not.toContain('S3CRET')
    }
  })

  it('never stores header values in a delivery error: a request that cannot be built records why, not the value', async () => {
    // Past every validation (a custom fetch that throws the way undici does on a bad value).
    const receiver = (async (_url: unknown, init?: RequestInit) => {
      const value = new Headers(init?.headers).get('x-webhook-secret')
      throw new TypeError(`Headers.append: "${value}" is an invalid header value.`)
    }) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      fetch: receiver,
      webhookUrl: 'http://127.0.0.1:3000/hooks',
      webhookHeaders: { 'x-webhook-secret': 'S3CRET-value' },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    const [first] = await deliveries(sandbox)
    expect(first?.ok).toBe(false)
    expect(first?.error).toBeTruthy()
    expect(JSON.stringify(await deliveries(sandbox))).not.toContain('S3CRET')
  })
})
