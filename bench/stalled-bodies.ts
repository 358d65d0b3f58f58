// npm run bench (stalled bodies) — memory parked per stalled, unauthenticated upload. For each
// route, CONNECTIONS raw sockets send a request's headers and all but one byte of a body at the
// route's cap, then stall; the server's RSS (after full garbage collections, in its own process:
// bench/stalled-bodies/server.ts) is read before and once every upload is in, while the bodies
// still wait (bodyTimeoutMs is 60 s there). Issue 37 (L1) asks at most 64 KiB per connection.
import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { record } from './record.js'

const CONNECTIONS = Number(process.env.BENCH_STALLED ?? 300)
const KiB = 1024

interface Case {
  name: string
  verifier: 'standard' | 'hmac'
  path: string
  headers: Record<string, string>
  /** Bytes declared; all but one are sent. */
  bytes: number
}
const now = () => String(Math.floor(Date.now() / 1000))
const CASES: Case[] = [
  {
    name: '/webhooks, Standard Webhooks, no signature',
    verifier: 'standard',
    path: '/api/ibv/webhooks',
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': now() },
    bytes: 64 * KiB,
  },
  {
    name: '/webhooks, Standard Webhooks, stale timestamp',
    verifier: 'standard',
    path: '/api/ibv/webhooks',
    headers: {
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1000000000',
      'webhook-signature': `v1,${btoa('x'.repeat(32))}`,
    },
    bytes: 64 * KiB,
  },
  {
    name: '/webhooks, Standard Webhooks, well-formed forged headers',
    verifier: 'standard',
    path: '/api/ibv/webhooks',
    headers: {
      'webhook-id': 'msg_1',
      'webhook-timestamp': now(),
      'webhook-signature': `v1,${btoa('x'.repeat(32))}`,
    },
    bytes: 64 * KiB,
  },
  {
    name: '/webhooks, hmac, no signature',
    verifier: 'hmac',
    path: '/api/ibv/webhooks',
    headers: {},
    bytes: 64 * KiB,
  },
  {
    name: '/webhooks, hmac, well-formed forged signature',
    verifier: 'hmac',
    path: '/api/ibv/webhooks',
    headers: { 'x-ibv-signature': 'ab'.repeat(32) },
    bytes: 64 * KiB,
  },
  {
    name: '/tokens (JSON)',
    verifier: 'standard',
    path: '/api/ibv/tokens',
    headers: {},
    bytes: 16 * KiB,
  },
  {
    name: '/refresh/:consumerId (JSON)',
    verifier: 'standard',
    path: '/api/ibv/refresh/LND-1',
    headers: {},
    bytes: 16 * KiB,
  },
]

async function measure(test: Case) {
  const server = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/stalled-bodies/server.ts'],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, VERIFIER: test.verifier } },
  )
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]()
  const next = async () =>
    JSON.parse(String((await lines.next()).value)) as {
      port: number
      rss: number
      heap: number
      external: number
      connections: number
    }
  const { port } = await next()
  const read = async () => {
    server.stdin.write('rss\n')
    return next()
  }
  const before = await read()
  const sockets: Socket[] = []
  const head = (length: number) =>
    [
      `POST ${test.path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${length}`,
      ...Object.entries(test.headers).map(([name, value]) => `${name}: ${value}`),
    ].join('\r\n') + '\r\n\r\n'
  for (let index = 0; index < CONNECTIONS; index++) {
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true })
    socket.on('error', () => {})
    // Reads nothing back: a stalled client does not read its answer either.
    socket.pause()
    socket.write(head(test.bytes) + '{' + ' '.repeat(test.bytes - 2))
    sockets.push(socket)
  }
  // Every upload delivered (what the kernel's buffers do not hold is in the server by then).
  await sleep(3000)
  const after = await read()
  for (const socket of sockets) socket.destroy()
  server.stdin.end()
  await new Promise((resolve) => server.once('exit', resolve))
  return {
    case: test.name,
    connections: CONNECTIONS,
    stillOpen: after.connections,
    rssKiBPerConnection: Math.round((after.rss - before.rss) / CONNECTIONS / KiB),
    heapKiBPerConnection: Math.round((after.heap - before.heap) / CONNECTIONS / KiB),
    externalKiBPerConnection: Math.round((after.external - before.external) / CONNECTIONS / KiB),
  }
}

const results = []
for (const test of CASES) results.push(await measure(test))
record('stalled-bodies', { node: process.version, results })
console.log(
  `ibv-kit stalled-bodies benchmark (${CONNECTIONS} stalled uploads per route, all but one byte of the cap sent, Node ${process.version})`,
)
for (const result of results)
  console.log(
    `${result.case}: ${result.rssKiBPerConnection} KiB RSS per connection (${result.heapKiBPerConnection} KiB heap, ${result.externalKiBPerConnection} KiB outside the heap: buffers), ${result.stillOpen} still open`,
  )
