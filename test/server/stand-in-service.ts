import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { once } from 'node:events'
import { getRequestListener } from '@hono/node-server'
import {
  createIbvBackend,
  createIbvClient,
  toNodeHandler,
  type IbvBackendOptions,
  type IbvClientOptions,
} from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

export const KEY = 'sk_test_stand-in'

/** Starts a Node http server on a free loopback port; `stop` ends it and every connection it holds. */
async function listen(server: Server) {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const stop = async () => {
    for (const socket of sockets) socket.destroy()
    server.close()
    await once(server, 'close')
  }
  return { url, stop }
}

/**
 * A real stand-in for the IBV service, on its own port: it counts the requests it gets (and those
 * its caller gave up on, by closing the connection), and holds every one until `release()`; then
 * it (and everything after) is answered by a sandbox. Never released, it is a hung service.
 */
export async function standInService() {
  const sandbox = createSandbox({ clock: createManualClock(Date.now()), apiKey: KEY })
  const seen = { requests: 0, abandoned: 0 }
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const server = createServer(
    getRequestListener(async (request) => {
      seen.requests++
      request.signal.addEventListener('abort', () => seen.abandoned++, { once: true })
      await released
      return sandbox.fetch(request)
    }),
  )
  const { url, stop } = await listen(server)
  const productRequest = async () => {
    const answer = await sandbox.fetch(
      new Request(`${url}/sandbox/product_requests`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: 'LND-42' }),
      }),
    )
    return ((await answer.json()) as { product_request_id: string }).product_request_id
  }
  return { url, seen, release, stop, productRequest }
}

/** A backend calling `serviceUrl` with the real fetch, served by `toNodeHandler` on a real http server. */
export async function servedBackend(
  serviceUrl: string,
  options: { client?: Partial<IbvClientOptions>; backend?: Partial<IbvBackendOptions> } = {},
) {
  const client = createIbvClient({ apiKey: KEY, serviceUrl, ...options.client })
  const errors: unknown[] = []
  const backend = createIbvBackend({
    client,
    authorize: () => true,
    onError: (error) => errors.push(error),
    ...options.backend,
  })
  const { url, stop } = await listen(createServer(toNodeHandler(backend)))
  return { url: `${url}/api/ibv`, backend, errors, stop }
}

/** Resolves once `condition()` holds, checking every 20 ms; rejects after `limitMs` (a generous bound, not a timing check). */
export async function until(
  condition: () => boolean,
  what: string,
  limitMs = 10_000,
): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > limitMs)
      throw new Error(`Still waiting after ${limitMs} ms for ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
