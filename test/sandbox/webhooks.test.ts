import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type WebhookAttempt } from '../../src/sandbox/index.js'
import { call } from './call.js'

async function deliveries(sandbox: Parameters<typeof call>[0]) {
  return (await call<{ deliveries: WebhookAttempt[] }>(sandbox, 'GET', '/sandbox/webhooks')).body.deliveries
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
    const sandbox = createSandbox({ clock: createManualClock(), webhookUrl: 'http://lender.test/hooks', fetch: receiver })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6 + 2 + 4)
    expect(received).toHaveLength(1)
    expect(JSON.parse(received[0] ?? '{}')).toMatchObject({ event: 'report_generated', ibv_report_status: 'complete' })
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
    expect(attempts.every((attempt) => !attempt.ok && attempt.status === undefined && typeof attempt.error === 'string')).toBe(true)
  })

  it('counts a receiver that never answers as failed after the timeout', async () => {
    const hanging = ((_url: unknown, init?: RequestInit) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://lender.test/hooks',
      fetch: hanging,
      webhookRetry: { attempts: 1, timeoutMs: 20 },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toEqual([expect.objectContaining({ attempt: 1, ok: false, error: 'timeout' })])
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
    const set = await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'https://lender.test/ibv/webhooks', headers: { authorization: 'Basic abc' } })
    expect(set.body).toEqual({ url: 'https://lender.test/ibv/webhooks' })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-2' })
    await sandbox.advance(6)
    expect(seen).toEqual([{ url: 'https://lender.test/ibv/webhooks', auth: 'Basic abc' }])
    expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'ftp://x' })).status).toBe(400)
    expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: null })).body).toEqual({ url: null })
  })

  it('reset stops the retries of deliveries already under way', async () => {
    const sandbox = createSandbox({ clock: createManualClock(), webhookUrl: 'http://lender.test/hooks', fetch: (async () => new Response(null, { status: 503 })) as typeof fetch })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toHaveLength(1)
    await call(sandbox, 'POST', '/sandbox/reset')
    await sandbox.advance(3600)
    expect(await deliveries(sandbox)).toEqual([])
  })

  it('reset empties everything', async () => {
    const sandbox = createSandbox({ clock: createManualClock(), webhookUrl: 'http://127.0.0.1:9/x', webhookRetry: { attempts: 1 } })
    const { body } = await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toHaveLength(1)
    expect((await call(sandbox, 'POST', '/sandbox/reset')).body).toEqual({ reset: true })
    expect(await deliveries(sandbox)).toEqual([])
    expect((await call(sandbox, 'GET', `/api/v2/ibv/requests/${body.product_request_id as string}`)).status).toBe(404)
  })

  it('sends webhookHeaders to a URL set later without headers; a PUT with its own headers wins', async () => {
    const seen: Array<Record<string, string>> = []
    const receiver = (async (_url: unknown, init?: RequestInit) => {
      const headers = new Headers(init?.headers)
      seen.push({ secret: headers.get('x-webhook-secret') ?? '', other: headers.get('x-other') ?? '' })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const sandbox = createSandbox({ clock: createManualClock(), fetch: receiver, webhookHeaders: { 'x-webhook-secret': 'dev-secret' } })
    await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'http://127.0.0.1:3000/api/ibv/webhooks' })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(seen).toEqual([{ secret: 'dev-secret', other: '' }])
    await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'http://127.0.0.1:3000/api/ibv/webhooks', headers: { 'x-other': 'mine' } })
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
    const sandbox = createSandbox({ clock: createManualClock(), fetch: receiver, webhookHeaders: { 'x-webhook-secret': 'dev-secret' } })
    // As the Vite plugin does once its server listens: a URL, no headers of its own.
    await call(sandbox, 'PUT', '/sandbox/webhook_url', { url: 'http://127.0.0.1:5173/api/ibv/webhooks' })
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
})
