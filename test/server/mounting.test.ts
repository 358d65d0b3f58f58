// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { Hono } from 'hono'
import { createIbvBackend, createIbvClient, toNodeHandler } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

function backend() {
  const sandbox = createSandbox({ clock: createManualClock() })
  const client = createIbvClient({
    apiKey: 'sandbox-api-key',
    serviceUrl: 'https://service.test',
    fetch: sandbox.fetch,
  })
  return createIbvBackend({ client, authorize: () => true })
}

const tokenRequest = (url: string) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'consumer', consumer_id: 'LND-42' }),
  })

describe('mounting the backend', () => {
  it('as a Next.js App Router route handler (app/api/ibv/[...path]/route.ts)', async () => {
    const ibv = backend()
    // What the Next.js guide's route.ts exports:
    const GET = (request: Request) => ibv.fetch(request)
    const POST = (request: Request) => ibv.fetch(request)
    expect((await POST(tokenRequest('https://lender.test/api/ibv/tokens'))).status).toBe(200)
    expect((await GET(new Request('https://lender.test/api/ibv/reports/IBVNOPE'))).status).toBe(404)
  })

  it('in a Hono app', async () => {
    const ibv = backend()
    const app = new Hono()
    app.all('/api/ibv/*', (c) => ibv.fetch(c.req.raw))
    app.get('/health', (c) => c.text('ok'))
    expect((await app.request(tokenRequest('http://localhost/api/ibv/tokens'))).status).toBe(200)
    expect(await (await app.request('/health')).text()).toBe('ok')
  })

  it('on Node http (and so Express) through toNodeHandler, passing other paths on', async () => {
    const handler = toNodeHandler(backend())
    const server = createServer((request, response) =>
      handler(request, response, () =>
        response.writeHead(200, { 'content-type': 'text/plain' }).end('the app'),
      ),
    )
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const token = await fetch(tokenRequest(`${base}/api/ibv/tokens`))
      expect(token.status).toBe(200)
      expect(await token.json()).toMatchObject({ expires_in: 3600 })
      expect(await (await fetch(`${base}/other`)).text()).toBe('the app')
      const bad = await fetch(`${base}/api/ibv/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      })
      expect(bad.status).toBe(400)
    } finally {
      server.close()
    }
  })
})
