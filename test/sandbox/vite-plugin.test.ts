// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { ibvSandbox } from '../../src/sandbox/index.js'

// The plugin on a plain Node server shaped like Vite's: it hears `listening`, then points the
// sandbox's webhooks at the backend it mounts, over real HTTP on 127.0.0.1.
type Handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
const KEY = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const deliveries: Array<{ path: string; secret: string | null }> = []
let server: Server
let url: string

beforeAll(async () => {
  const handlers: Handler[] = []
  server = createServer((req, res) => {
    const run = (index: number) => {
      const handler = handlers[index]
      if (handler) handler(req, res, () => run(index + 1))
      else res.writeHead(404).end()
    }
    run(0)
  })
  const plugin = ibvSandbox({
    sandbox: { webhookHeaders: { 'x-webhook-secret': 'dev-secret' } },
    backend: {
      fetch: (request) => {
        deliveries.push({
          path: new URL(request.url).pathname,
          secret: request.headers.get('x-webhook-secret'),
        })
        return Response.json({ received: true })
      },
    },
  })
  await plugin.configureServer({
    middlewares: { use: (handler) => handlers.push(handler) },
    httpServer: server,
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The plugin sets the webhook URL in its `listening` listener, with a request it does not await.
  await new Promise((resolve) => setTimeout(resolve, 50))
})

afterAll(() => {
  server?.closeAllConnections()
  server?.close()
})

const control = (path: string, body: unknown = {}) =>
  fetch(`${url}/ibv-sandbox/sandbox/${path}`, {
    method: 'POST',
    headers: KEY,
    body: JSON.stringify(body),
  })

describe('ibvSandbox({ sandbox: { webhookHeaders } })', () => {
  it('sends the configured headers to the webhook URL the plugin sets', async () => {
    expect((await control('product_requests', { consumer_id: 'LND-1' })).status).toBe(201)
    await control('clock/advance', { seconds: 6 })
    expect(deliveries).toEqual([{ path: '/api/ibv/webhooks', secret: 'dev-secret' }])
  })

  it('still delivers there, with the headers, after POST /sandbox/reset', async () => {
    expect((await control('reset')).status).toBe(200)
    await control('product_requests', { consumer_id: 'LND-1' })
    await control('clock/advance', { seconds: 6 })
    expect(deliveries).toEqual([
      { path: '/api/ibv/webhooks', secret: 'dev-secret' },
      { path: '/api/ibv/webhooks', secret: 'dev-secret' },
    ])
  })
})
