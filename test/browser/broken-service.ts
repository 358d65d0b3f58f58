// Browser commands (they run in Node, on the test server) that stand up a broken service on a
// free 127.0.0.1 port, for the tests of what the connect dialog and <EmbeddedReport> show when
// their frame never speaks. Three ways to be broken:
//   refuse  nothing listens on the port (the connection is refused)
//   error   every request is answered 500 with a plain page
//   hang    connections are accepted and never answered
// `heal` makes the same address a working service from then on: a proxy to the sandbox on the
// test server (its pages, scripts and routes), so the frame's origin stays the service's origin.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { BrowserCommand } from 'vitest/node'

export type BrokenMode = 'refuse' | 'error' | 'hang'

interface Broken {
  port: number
  mode: BrokenMode | 'healed'
  server: Server | undefined
  sockets: Set<Socket>
  /** Where a healed service sends requests: the test server's origin. */
  target: string
  requests: number
}

const services = new Map<string, Broken>()

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
}

/** A port nothing listens on: the kernel gives a free one, which is closed again at once. */
async function freePort(): Promise<number> {
  const probe = createServer()
  const port = await listen(probe, 0)
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function proxy(broken: Broken, request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'accept-encoding'].includes(name))
      headers.set(name, value)
  }
  const answer = await fetch(new URL(request.url ?? '/', broken.target), {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    redirect: 'manual',
  })
  const out: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
      out[name] = value
  })
  response.writeHead(answer.status, out)
  response.end(Buffer.from(await answer.arrayBuffer()))
}

function serve(broken: Broken) {
  const server = createServer((request, response) => {
    broken.requests += 1
    if (broken.mode === 'healed') {
      proxy(broken, request, response).catch(() => response.destroy())
    } else if (broken.mode === 'error') {
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('Internal Server Error')
    }
    // hang: the request is kept, unanswered, until the service is stopped.
  })
  server.on('connection', (socket) => {
    broken.sockets.add(socket)
    socket.on('close', () => broken.sockets.delete(socket))
  })
  return server
}

/** Starts a broken service; resolves to its id and base URL (the serviceUrl to give the components). */
export const startBrokenService: BrowserCommand<
  [mode: BrokenMode, target: string, basePath: string]
> = async (_context, mode, target, basePath) => {
  const broken: Broken = {
    port: 0,
    mode,
    server: undefined,
    sockets: new Set(),
    target,
    requests: 0,
  }
  if (mode === 'refuse') {
    broken.port = await freePort()
  } else {
    broken.server = serve(broken)
    broken.port = await listen(broken.server, 0)
  }
  const id = `${mode}-${broken.port}`
  services.set(id, broken)
  return { id, url: `http://127.0.0.1:${broken.port}${basePath}` }
}

/** From now on the service works: new requests reach the sandbox. Hung requests stay hung. */
export const healBrokenService: BrowserCommand<[id: string]> = async (_context, id) => {
  const broken = services.get(id)
  if (!broken) throw new Error(`no broken service ${id}`)
  broken.mode = 'healed'
  // Nothing listened: the service comes up on the same port.
  if (!broken.server) {
    broken.server = serve(broken)
    await listen(broken.server, broken.port)
  }
}

/** How many requests reached the service (0 for one that refuses connections). */
export const brokenServiceRequests: BrowserCommand<[id: string]> = async (_context, id) =>
  services.get(id)?.requests ?? 0

/** Stops the service and drops every connection it holds. */
export const stopBrokenService: BrowserCommand<[id: string]> = async (_context, id) => {
  const broken = services.get(id)
  services.delete(id)
  if (!broken?.server) return
  for (const socket of broken.sockets) socket.destroy()
  await new Promise((resolve) => broken.server!.close(resolve))
}

export const brokenServiceCommands = {
  startBrokenService,
  healBrokenService,
  brokenServiceRequests,
  stopBrokenService,
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    startBrokenService: (
      mode: BrokenMode,
      target: string,
      basePath: string,
    ) => Promise<{ id: string; url: string }>
    healBrokenService: (id: string) => Promise<void>
    brokenServiceRequests: (id: string) => Promise<number>
    stopBrokenService: (id: string) => Promise<void>
  }
}
