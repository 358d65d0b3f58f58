// npm run bench:sandbox — requests per second of the sandbox in process and over HTTP, and 1,000
// concurrent connect flows to `complete` with every webhook delivered. Figures vary with the
// machine; compare ratios (HTTP vs in process), and the counts, which must be exact.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { createServer as createHttpServer } from 'node:http'
import {
  createManualClock,
  createSandbox,
  startSandboxServer,
  type Sandbox,
} from '../src/sandbox/index.js'
import { createIbvBackend, createIbvClient, toNodeHandler } from '../src/server/index.js'
import { record } from './record.js'

const KEY = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
type Send = (path: string, init?: RequestInit) => Promise<Response>

/** Runs `total` calls of `task`, `concurrency` at a time; returns requests per second. */
async function rate(
  total: number,
  concurrency: number,
  task: () => Promise<unknown>,
): Promise<number> {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await task()
    }),
  )
  return total / ((performance.now() - started) / 1000)
}

async function measure(send: Send, total: number) {
  const created = await (
    await send('/sandbox/product_requests', {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ consumer_id: 'BENCH' }),
    })
  ).json()
  await send('/sandbox/clock/advance', {
    method: 'POST',
    headers: KEY,
    body: JSON.stringify({ seconds: 6 }),
  })
  const tokens = await rate(total, 16, async () => {
    const response = await send('/api/v1/auth/tokens', {
      method: 'POST',
      headers: KEY,
      body: '{"consumer_id":"BENCH"}',
    })
    if (response.status !== 200) throw new Error(`token ${response.status}`)
    await response.arrayBuffer()
  })
  const reports = await rate(total, 16, async () => {
    const response = await send(`/api/v2/ibv/requests/${created.product_request_id}`, {
      headers: KEY,
    })
    if (response.status !== 200) throw new Error(`report ${response.status}`)
    await response.arrayBuffer()
  })
  return { tokens, reports }
}

async function connectFlow(sandbox: Sandbox, consumer: string): Promise<string> {
  const send = (path: string, init?: RequestInit) =>
    sandbox.fetch(new Request(`http://sandbox.bench${path}`, init))
  const token = await (
    await send('/api/v1/auth/tokens', {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ consumer_id: consumer }),
    })
  ).json()
  const page = await (
    await send(
      `/connect?token=${token.access_token}&origin=${encodeURIComponent('https://lender.bench')}`,
    )
  ).text()
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? ''
  const form = new URLSearchParams({
    institution: 'platypus',
    username: 'user_good',
    password: 'pass_good',
  })
  const done = await (
    await send(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
  ).text()
  const id = /product_request_id&#34;:&#34;(IBV\w+)/.exec(done)?.[1]
  if (!id) throw new Error('the flow did not succeed')
  return id
}

async function flows(count: number) {
  const received = new Set<string>()
  let posts = 0
  const receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      posts++
      received.add(JSON.parse(body).product_request_id)
      response.writeHead(204).end()
    })
  })
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  const sandbox = createSandbox({
    clock: createManualClock(),
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    webhookRetry: { timeoutMs: 30_000 },
  })
  const started = performance.now()
  const ids = await Promise.all(
    Array.from({ length: count }, (_, index) => connectFlow(sandbox, `BENCH-${index}`)),
  )
  const connected = performance.now()
  await sandbox.advance(6)
  const finished = performance.now()
  const complete = await Promise.all(
    ids.map(
      async (id) =>
        (
          await (
            await sandbox.fetch(
              new Request(`http://sandbox.bench/api/v2/ibv/requests/${id}`, { headers: KEY }),
            )
          ).json()
        ).ibv_report_status,
    ),
  )
  receiver.close()
  return {
    flows: ids.length,
    unique: new Set(ids).size,
    complete: complete.filter((status) => status === 'complete').length,
    webhooks: received.size,
    posts,
    lost: ids.filter((id) => !received.has(id)).length,
    flowSeconds: (connected - started) / 1000,
    deliverySeconds: (finished - connected) / 1000,
  }
}

/** The backend handler in front of an in-process sandbox: token issuance through POST /tokens. */
async function measureBackend(total: number) {
  const sandbox = createSandbox({ clock: createManualClock() })
  const backend = createIbvBackend({
    client: createIbvClient({
      apiKey: sandbox.apiKey,
      serviceUrl: 'http://sandbox.bench',
      fetch: sandbox.fetch,
    }),
    authorize: () => true,
  })
  const body = '{"type":"consumer","consumer_id":"BENCH"}'
  const headers = { 'content-type': 'application/json' }
  const local = await rate(total, 16, async () => {
    const response = await backend.fetch(
      new Request('http://lender.bench/api/ibv/tokens', { method: 'POST', headers, body }),
    )
    if (response.status !== 200) throw new Error(`backend ${response.status}`)
    await response.arrayBuffer()
  })
  const server = createHttpServer(toNodeHandler(backend))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ibv/tokens`
  const http = await rate(total, 16, async () => {
    const response = await fetch(url, { method: 'POST', headers, body })
    if (response.status !== 200) throw new Error(`backend over HTTP ${response.status}`)
    await response.arrayBuffer()
  })
  server.closeAllConnections()
  server.close()
  return { local, http }
}

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 3000)
const inProcess = createSandbox({ clock: createManualClock() })
const local = await measure(
  (path, init) => inProcess.fetch(new Request(`http://sandbox.bench${path}`, init)),
  TOTAL,
)
const server = await startSandboxServer({ port: 0, clock: createManualClock() })
const http = await measure((path, init) => fetch(`${server.url}${path}`, init), TOTAL)
await server.close()
const backendRates = await measureBackend(TOTAL)
const result = await flows(1000)
record('sandbox', {
  requests: TOTAL,
  concurrency: 16,
  sandboxTokens: { inProcess: local.tokens, http: http.tokens },
  sandboxReports: { inProcess: local.reports, http: http.reports },
  backendTokens: { inProcess: backendRates.local, http: backendRates.http },
  connectFlows: result,
})

const fmt = (value: number) => Math.round(value).toLocaleString('en-US')
console.log(
  `ibv-kit sandbox benchmark (${TOTAL} requests per row, 16 at a time; Node ${process.version})`,
)
console.table({
  'token issuance (req/s)': {
    'in process': fmt(local.tokens),
    'HTTP 127.0.0.1': fmt(http.tokens),
    'HTTP / in process': (http.tokens / local.tokens).toFixed(2),
  },
  'report retrieval (req/s)': {
    'in process': fmt(local.reports),
    'HTTP 127.0.0.1': fmt(http.reports),
    'HTTP / in process': (http.reports / local.reports).toFixed(2),
  },
  'backend POST /tokens (req/s)': {
    'in process': fmt(backendRates.local),
    'HTTP 127.0.0.1': fmt(backendRates.http),
    'HTTP / in process': (backendRates.http / backendRates.local).toFixed(2),
  },
})
console.log(
  `1,000 concurrent connect flows (token → widget → user_good/pass_good): ${result.flows} flows, ${result.unique} distinct product requests, ` +
    `${result.complete} complete; webhooks over HTTP: ${result.webhooks} distinct delivered in ${result.posts} POSTs, ${result.lost} lost. ` +
    `Flows took ${result.flowSeconds.toFixed(2)} s, pipeline + deliveries ${result.deliverySeconds.toFixed(2)} s.`,
)
if (result.lost > 0 || result.complete !== 1000 || result.webhooks !== 1000) process.exitCode = 1
