// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { createManualClock, createSandbox, type WebhookAttempt } from '../../src/sandbox/index.js'
import { call } from '../sandbox/call.js'

// Finding 11, the SSRF half: the sandbox POSTs webhooks with headers the caller chose, to a URL
// the caller chose, and lists every outcome. Unless the operator allows more, that URL must be
// loopback, checked when it is set and again at each delivery (which no redirect may escape).
const deliveries = async (sandbox: ReturnType<typeof createSandbox>) =>
  (await call<{ deliveries: WebhookAttempt[] }>(sandbox, 'GET', '/sandbox/webhooks')).body
    .deliveries

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function receiver(answer: (hits: string[]) => { status: number; location?: string }) {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    const { status, location } = answer(hits)
    response.writeHead(status, location ? { location } : {}).end()
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { hits, port: (server.address() as AddressInfo).port }
}

describe('webhook targets', () => {
  it('PUT /sandbox/webhook_url refuses a non-loopback URL with a 400 in the service API shape', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://192.168.1.1/',
      'http://lender.test/hooks',
      'http://[fd00::1]/x',
      'http://0.0.0.0:6379/',
    ]) {
      const answer = await call(sandbox, 'PUT', '/sandbox/webhook_url', { url })
      expect(answer.status, url).toBe(400)
      expect(answer.body).toEqual({
        message: expect.any(String),
        fields: { url: [expect.stringContaining('webhookHosts')] },
      })
    }
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://127.8.9.10:9/x',
      'http://localhost:9/x',
      'http://LOCALHOST.:9/x',
      'http://[::1]:9/x',
      'http://2130706433:9/x',
    ]) {
      expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url })).status, url).toBe(200)
    }
  })

  it('webhookHosts allows more: exact names and a leading-dot domain', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookHosts: ['lender.test', '.hooks.example'],
    })
    for (const url of [
      'https://lender.test/ibv',
      'https://a.hooks.example/ibv',
      'https://hooks.example/ibv',
      'http://127.0.0.1:9/x',
    ]) {
      expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url })).status, url).toBe(200)
    }
    for (const url of ['https://lender.test.evil.example/', 'https://evilhooks.example/']) {
      expect((await call(sandbox, 'PUT', '/sandbox/webhook_url', { url })).status, url).toBe(400)
    }
  })

  it('checks again at delivery: a webhookUrl option no rule allows is never fetched, and the log says why', async () => {
    const fetched: string[] = []
    const spy = (async (url: string | URL | Request) => {
      fetched.push(String(url))
      return new Response(null, { status: 200 })
    }) as typeof fetch
    const sandbox = createSandbox({
      clock: createManualClock(),
      fetch: spy,
      webhookHosts: ['localhost'],
      webhookUrl: 'http://lender.internal/hooks',
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(3600)
    expect(fetched).toEqual([])
    expect(await deliveries(sandbox)).toEqual([
      expect.objectContaining({
        attempt: 1,
        url: 'http://lender.internal/hooks',
        ok: false,
        error: expect.stringContaining('not allowed'),
      }),
    ])
  })

  it('with the real fetch, a non-loopback webhookUrl is refused before any connection', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: 'http://10.255.255.1/hooks',
      webhookRetry: { attempts: 1, timeoutMs: 300 },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(await deliveries(sandbox)).toEqual([
      expect.objectContaining({ ok: false, error: expect.stringContaining('not allowed') }),
    ])
  })

  it('follows no redirect: the checked URL is the only one ever fetched', async () => {
    // A redirect could lead anywhere the check on the URL never saw. Shown with a second loopback
    // server, because it is one the test can watch: it must never be hit.
    const inside = await receiver(() => ({ status: 200 }))
    const outside = await receiver(() => ({
      status: 307,
      location: `http://localhost:${inside.port}/internal/admin`,
    }))
    const sandbox = createSandbox({
      clock: createManualClock(),
      webhookUrl: `http://127.0.0.1:${outside.port}/hooks`,
      webhookRetry: { attempts: 1 },
    })
    await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
    await sandbox.advance(6)
    expect(outside.hits).toEqual(['/hooks'])
    expect(inside.hits).toEqual([])
    expect(await deliveries(sandbox)).toEqual([expect.objectContaining({ status: 307, ok: false })])
  })
})
