// One Node process that runs the documented development set-up: a sandbox server and any other
// `@hono/node-server` server (each replaces the global `Response` with its own), and a backend
// whose `/events` stream must still deliver. Used in-process by events-beside-hono.test.ts and in
// a fresh process by program.ts, so the result never depends on what a test file loaded before.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { ibvSandbox, startSandboxServer, type Sandbox } from '../../../src/sandbox/index.js'
import { createIbvBackend, createIbvClient, toNodeHandler } from '../../../src/server/index.js'
import { readSse } from '../sse.js'

/** How the backend is served: `toNodeHandler` on its own server, or the Vite plugin's middleware. */
export type Mount = 'toNodeHandler' | 'vite-plugin'
/** `others-first`: the other servers start before the backend's first request; `backend-first`: after it. */
export type Order = 'others-first' | 'backend-first'

export interface Outcome {
  /** Status of `GET /events`. */
  status: number
  /** The events the stream delivered, by name. */
  events: string[]
  /** Whether the delivered event names the product request that was created. */
  matches: boolean
}

const KEY = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const backendFor = (serviceUrl: string, fetch?: (request: Request) => Promise<Response>) =>
  createIbvBackend({
    client: createIbvClient({ apiKey: 'sandbox-api-key', serviceUrl, fetch }),
    authorize: () => true,
    verifyWebhook: () => true,
    identify: () => 'user-1',
  })

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** Starts a sandbox server and a plain Hono `serve()`: both replace the global `Response`. */
async function startOthers() {
  const sandboxServer = await startSandboxServer({ port: 0 })
  const plain = serve({
    fetch: new Hono().get('/', (c) => c.text('plain')).fetch,
    port: 0,
    hostname: '127.0.0.1',
  })
  await once(plain, 'listening')
  const { port } = plain.address() as AddressInfo
  const answer = await fetch(`http://127.0.0.1:${port}/`)
  if ((await answer.text()) !== 'plain') throw new Error('the plain Hono server did not answer')
  return {
    sandboxServer,
    close: async () => {
      await sandboxServer.close()
      plain.close()
      ;(plain as { closeAllConnections?: () => void }).closeAllConnections?.()
    },
  }
}

/** Runs the scenario and resolves with what the subscriber saw; everything it started is stopped. */
export async function streamBesideHono(mount: Mount, order: Order): Promise<Outcome> {
  const cleanup: Array<() => Promise<void> | void> = []
  try {
    let others = order === 'others-first' ? await startOthers() : undefined
    if (others) cleanup.push(others.close)
    let url: string
    let sandboxUrl: string
    if (mount === 'toNodeHandler') {
      // `/events` and `/webhooks` never call the service: the client's URL is not used.
      const served = await listen(toNodeHandler(backendFor('http://127.0.0.1:9')))
      cleanup.push(() => {
        served.server.closeAllConnections()
        served.server.close()
      })
      url = served.url
      if (order === 'backend-first') {
        // The backend's first request, so its adapter loads before the others start.
        if ((await fetch(`${url}/api/ibv/health`)).status !== 200)
          throw new Error('the backend did not answer /health')
        others = await startOthers()
        cleanup.push(others.close)
      }
      sandboxUrl = others!.sandboxServer.url
    } else {
      let sandbox: Sandbox | undefined
      const handlers: Array<(req: IncomingMessage, res: ServerResponse, next: () => void) => void> =
        []
      const served = createServer((req, res) => {
        const run = (index: number) =>
          handlers[index]
            ? handlers[index](req, res, () => run(index + 1))
            : res.writeHead(404).end()
        run(0)
      })
      const plugin = ibvSandbox({
        backend: (mounted) => {
          sandbox = mounted
          return backendFor('http://sandbox.internal/ibv-sandbox', mounted.fetch)
        },
      })
      await plugin.configureServer({
        middlewares: { use: (handler) => void handlers.push(handler) },
        httpServer: served,
      })
      served.listen(0, '127.0.0.1')
      await once(served, 'listening')
      cleanup.push(() => {
        served.closeAllConnections()
        served.close()
        sandbox?.close()
      })
      url = `http://127.0.0.1:${(served.address() as AddressInfo).port}`
      sandboxUrl = `${url}/ibv-sandbox`
      if (order === 'backend-first') {
        if ((await fetch(`${url}/api/ibv/health`)).status !== 200)
          throw new Error('the backend did not answer /health')
        others = await startOthers()
        cleanup.push(others.close)
      }
    }
    return await deliver(url, sandboxUrl)
  } finally {
    for (const step of cleanup.reverse()) await step()
  }
}

/** Opens `/events` on the backend at `url`, has the sandbox at `sandboxUrl` deliver a webhook there, and reads the event. */
async function deliver(url: string, sandboxUrl: string): Promise<Outcome> {
  const set = await fetch(`${sandboxUrl}/sandbox/webhook_url`, {
    method: 'PUT',
    headers: KEY,
    body: JSON.stringify({ url: `${url}/api/ibv/webhooks` }),
  })
  if (set.status !== 200) throw new Error(`PUT /sandbox/webhook_url answered ${set.status}`)
  const stream = await fetch(`${url}/api/ibv/events`)
  if (stream.status !== 200) return { status: stream.status, events: [], matches: false }
  const reading = readSse(stream, (messages) => messages.length >= 1, 10_000)
  // Awaited below; a stream that ends early must not be an unhandled rejection meanwhile.
  reading.catch(() => undefined)
  const created = (await (
    await fetch(`${sandboxUrl}/sandbox/product_requests`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ consumer_id: 'LND-BESIDE' }),
    })
  ).json()) as {
    product_request_id: string
  }
  await fetch(`${sandboxUrl}/sandbox/clock/advance`, {
    method: 'POST',
    headers: KEY,
    body: JSON.stringify({ seconds: 6 }),
  })
  const { messages } = await reading
  const data = JSON.parse(messages[0]?.data ?? '{}') as { productRequestId?: string }
  return {
    status: stream.status,
    events: messages.map((message) => message.event ?? ''),
    matches: data.productRequestId === created.product_request_id,
  }
}
