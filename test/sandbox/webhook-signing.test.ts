// @vitest-environment node
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WebhookEvent } from '../../src/core/index.js'
import {
  createManualClock,
  startSandboxServer,
  type SandboxServer,
  type WebhookAttempt,
} from '../../src/sandbox/index.js'
import {
  createIbvBackend,
  createIbvClient,
  standardWebhooksVerifier,
} from '../../src/server/index.js'
import { runRefused, startCli } from './cli-process.js'
import { randomWebhookSecret } from '../secrets.js'

// The sandbox signs its deliveries with Standard Webhooks; a real backend on real HTTP checks them.
const SECRET = randomWebhookSecret()
const OTHER = 'whsec_YW5vdGhlci1zZWNyZXQtdGhlLWJhY2tlbmQtZG9lc250'

interface Captured {
  headers: Record<string, string>
  body: string
}

let backendUrl: string
let server: ReturnType<typeof serve>
const handled: WebhookEvent[] = []
const captured: Captured[] = []
const sandboxes: SandboxServer[] = []

async function startSandbox(webhookSecret: string) {
  const sandbox = await startSandboxServer({
    port: 0,
    clock: createManualClock(),
    webhookUrl: `${backendUrl}/api/ibv/webhooks`,
    webhookSecret,
    webhookRetry: { attempts: 1 },
  })
  sandboxes.push(sandbox)
  return sandbox
}
const control = (sandbox: SandboxServer, path: string, body?: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
async function deliver(sandbox: SandboxServer, consumerId: string): Promise<WebhookAttempt[]> {
  await control(sandbox, '/sandbox/product_requests', { consumer_id: consumerId })
  await sandbox.sandbox.advance(6)
  return (
    (await (await control(sandbox, '/sandbox/webhooks')).json()) as { deliveries: WebhookAttempt[] }
  ).deliveries
}
const resend = (delivery: Captured, body = delivery.body) =>
  fetch(`${backendUrl}/api/ibv/webhooks`, { method: 'POST', headers: delivery.headers, body })

beforeAll(async () => {
  // Any sandbox may be the service: the backend's client is only used for tokens and reports.
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: 'sandbox-api-key', serviceUrl: 'http://127.0.0.1:9' }),
    authorize: () => true,
    verifyWebhook: standardWebhooksVerifier({ secret: SECRET }),
    onWebhook: (event) => void handled.push(event),
  })
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request) => {
      // A copy of each delivery, as someone on the network could capture it.
      captured.push({
        headers: Object.fromEntries(request.headers),
        body: await request.clone().text(),
      })
      return backend.fetch(request)
    },
  })
  await once(server, 'listening')
  backendUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(() => void vi.useRealTimers())

afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close()
  server?.close()
})

describe('a sandbox with webhookSecret, delivering to a backend with standardWebhooksVerifier', () => {
  it('signs each delivery so that the backend accepts it, and the event arrives', async () => {
    const sandbox = await startSandbox(SECRET)
    const attempts = await deliver(sandbox, 'LND-SIGNED')
    expect(attempts.map(({ status, ok }) => ({ status, ok }))).toEqual([{ status: 200, ok: true }])
    expect(handled).toEqual([
      expect.objectContaining({ event: 'report_generated', consumerId: 'LND-SIGNED' }),
    ])
    const delivery = captured.at(-1)
    expect(delivery?.headers['webhook-id']).toMatch(/^msg_/)
    expect(
      Math.abs(Number(delivery?.headers['webhook-timestamp']) - Date.now() / 1000),
    ).toBeLessThan(60)
    expect(delivery?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
  })

  it('refuses with 401 a delivery signed with another secret', async () => {
    const before = handled.length
    const attempts = await deliver(await startSandbox(OTHER), 'LND-OTHER')
    expect(attempts.map(({ status }) => status)).toEqual([401])
    expect(handled).toHaveLength(before)
  })

  it('refuses a captured delivery with a tampered body (401), and takes a copy within the tolerance for a duplicate', async () => {
    const delivery = captured.find((copy) => copy.body.includes('LND-SIGNED'))
    if (!delivery) throw new Error('no captured delivery')
    const before = handled.length
    expect((await resend(delivery, delivery.body.replace('LND-SIGNED', 'LND-ATTACK'))).status).toBe(
      401,
    )
    const copy = await resend(delivery)
    expect(copy.status).toBe(200)
    expect(await copy.json()).toEqual({ received: true, duplicate: true })
    expect(handled).toHaveLength(before)
  })

  it('refuses with 401 the same delivery replayed after the tolerance, and one signed with an old timestamp', async () => {
    const sandbox = await startSandbox(SECRET)
    const start = Date.now()
    // The backend forgets every key it remembered: even so, the replay is refused by its timestamp.
    vi.useFakeTimers({ toFake: ['Date'], now: start - 600_000 })
    const before = handled.length
    const attempts = await deliver(sandbox, 'LND-OLD')
    // Signed ten minutes "ago": the backend, back in the present, refuses it.
    vi.useRealTimers()
    expect(attempts.map(({ status }) => status)).toEqual([200])
    const old = captured.at(-1)
    if (!old) throw new Error('no captured delivery')
    expect((await resend(old)).status).toBe(401)
    // A genuine delivery replayed 301 s later.
    const fresh = captured.find((copy) => copy.body.includes('LND-SIGNED'))
    if (!fresh) throw new Error('no captured delivery')
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Number(fresh.headers['webhook-timestamp']) * 1000 + 301_000,
    })
    expect((await resend(fresh)).status).toBe(401)
    expect(handled).toHaveLength(before + 1)
  })

  it('refuses a webhookSecret not written whsec_<base64>, without quoting it', async () => {
    for (const webhookSecret of ['plain-secret-value', 'whsec_', 'whsec_not base64!']) {
      await expect(startSandboxServer({ port: 0, webhookSecret })).rejects.toThrow(
        /createSandbox: .*whsec_/,
      )
      await expect(startSandboxServer({ port: 0, webhookSecret })).rejects.not.toThrow(
        webhookSecret.slice(6) || 'never',
      )
    }
  })
})

describe('ibv-sandbox --webhook-secret', () => {
  it('signs deliveries over HTTP, and says so without printing the secret', async () => {
    const before = handled.length
    const { cli, url, output } = await startCli([
      '--port',
      '0',
      '--webhook-url',
      `${backendUrl}/api/ibv/webhooks`,
      '--webhook-secret',
      SECRET,
    ])
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      await post('/sandbox/product_requests', { consumer_id: 'LND-CLI' })
      await post('/sandbox/clock/advance', { seconds: 6 })
      await vi.waitFor(() =>
        expect(handled.slice(before)).toEqual([expect.objectContaining({ consumerId: 'LND-CLI' })]),
      )
      expect(output()).toContain('Standard Webhooks')
      expect(output()).not.toContain(SECRET.slice(6))
    } finally {
      cli.kill('SIGTERM')
      await once(cli, 'exit')
    }
  }, 30_000)

  it('refuses a secret not written whsec_<base64>, with its usage line and without echoing it', async () => {
    const { code, stdout, stderr } = await runRefused([
      '--port',
      '0',
      '--webhook-secret',
      'hidden-secret-value',
    ])
    expect(code).toBe(2)
    expect(stderr).toContain('--webhook-secret')
    expect(stderr).toContain('Usage: ibv-sandbox')
    expect(stdout + stderr).not.toContain('hidden-secret-value')
  }, 15_000)
})
