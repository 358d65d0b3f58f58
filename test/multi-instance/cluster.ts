import { spawn, type ChildProcess } from 'node:child_process'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const PROGRAM = fileURLToPath(new URL('./instance.ts', import.meta.url))

/** A backend instance in its own Node process (instance.ts). */
export interface Instance {
  url: string
  port: number
  /** Product request ids `onWebhook` handled, in order. */
  handled: string[]
  /** What `onError` was told. */
  errors: string[]
  /** Kills the process with `signal` and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>
  readonly alive: boolean
}

export interface InstanceEnvironment {
  REDIS_URL: string
  KEY_PREFIX: string
  SERVICE_URL?: string
  SERVICE_KEY?: string
  TOKEN_CACHE?: 'redis'
  LEASE_MS?: string
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : once(child, 'exit').then(() => undefined)

/** Starts one instance and resolves once it listens. */
export async function startInstance(environment: InstanceEnvironment): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROGRAM], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const handled: string[] = []
  const errors: string[] = []
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        const fact = JSON.parse(line) as { port?: number; handled?: string; error?: string }
        if (fact.port !== undefined) resolve(fact.port)
        if (fact.handled !== undefined) handled.push(fact.handled)
        if (fact.error !== undefined) errors.push(fact.error)
      }
    })
    child.once('exit', (code) =>
      reject(new Error(`instance exited (${code}) before listening: ${stderr.trim()}`)),
    )
    // Generous: a loaded machine starts a process slowly (20 s was once not enough).
    setTimeout(
      () => reject(new Error(`instance did not listen within 60 s: ${stderr.trim()}`)),
      60_000,
    ).unref()
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    handled,
    errors,
    get alive() {
      return child.exitCode === null && child.signalCode === null
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = exited(child)
      child.kill(signal)
      await gone
    },
  }
}

/** Starts `count` instances on one Redis. */
export async function startCluster(
  count: number,
  environment: InstanceEnvironment,
): Promise<Instance[]> {
  return Promise.all(Array.from({ length: count }, () => startInstance(environment)))
}

export interface Balancer {
  url: string
  /** The instance each `/events` request went to, in order. */
  streams: Instance[]
  close(): Promise<void>
}

/**
 * A round-robin load balancer in front of `instances`, as a lender runs one: it skips an instance
 * that is down (refused connection) and drops the browser's connection when the instance it was
 * streaming from dies, so the browser reconnects through it to another. `GET /` serves `page`.
 */
export async function startBalancer(instances: Instance[], page: string): Promise<Balancer> {
  let next = 0
  const streams: Instance[] = []
  const forward = (
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    body: Buffer,
    tried = 0,
  ) => {
    const alive = instances.filter((instance) => instance.alive)
    if (alive.length === 0 || tried >= instances.length) return void outgoing.writeHead(502).end()
    const target = alive[next++ % alive.length]!
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (incoming.url?.includes('/events')) streams.push(target)
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
        // The instance died mid-stream: the browser's connection ends with it.
        answer.once('aborted', () => outgoing.destroy())
        answer.once('error', () => outgoing.destroy())
      },
    )
    upstream.once('error', () => {
      if (!outgoing.headersSent) forward(incoming, outgoing, body, tried + 1)
      else outgoing.destroy()
    })
    upstream.end(body)
  }
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url === '/')
      return void outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks)))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streams,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
