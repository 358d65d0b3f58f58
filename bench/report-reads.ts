// npm run bench (report-reads) — upstream report reads per webhook. A report_generated webhook
// lands; each of N open viewers (1, 10, 100) then reads the report (GET /reports/:id) and its
// embedded report token (POST /tokens), each within 0–50 ms of the event, as browsers do. Upstream
// is the real sandbox, in process, behind a fetch that counts report reads and token mints and
// answers after 50 ms. Two set-ups: one backend without a report cache (reads in flight are
// shared), and three backends (each its own Redis clients and in-flight reads, as separate
// instances have) on a real Redis with createRedisReportCache and createRedisTokenCache, viewers
// round-robin. Counts must be exact where the design makes them so (a wrong one throws).
import { createIbvBackend, createIbvClient, createMemoryTokenCache } from '../src/server/index.js'
import {
  createRedisReportCache,
  createRedisTokenCache,
  type RedisReportCache,
  type RedisTokenCache,
} from '../src/server/redis/index.js'
import { createManualClock, createSandbox } from '../src/sandbox/index.js'
import { startRedis } from '../test/redis/redis-server.js'
import { record } from './record.js'

const KEY = 'sk_bench_report-reads'
const APP = 'https://lender.test'
const LATENCY_MS = 50
const VIEWERS = [1, 10, 100] as const
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`report-reads benchmark: ${what}`)
}

const sandbox = createSandbox({ clock: createManualClock(Date.now()), apiKey: KEY })
const upstream = { reads: 0, mints: 0 }
const client = createIbvClient({
  apiKey: KEY,
  serviceUrl: 'https://service.test',
  fetch: async (request) => {
    const path = new URL(request.url).pathname
    if (request.method === 'GET' && path.startsWith('/api/v2/ibv/requests/')) upstream.reads++
    if (path === '/api/v1/auth/tokens') upstream.mints++
    await sleep(LATENCY_MS)
    return sandbox.fetch(request)
  },
})
const control = (path: string, body: unknown) =>
  sandbox
    .fetch(
      new Request(`https://service.test${path}`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    .then((r) => r.json() as Promise<Record<string, unknown>>)

let authorized = 0
const backendWith = (
  caches: Pick<Parameters<typeof createIbvBackend>[0], 'reportCache' | 'tokenCache'>,
) =>
  createIbvBackend({
    client,
    authorize: () => (authorized++, true),
    verifyWebhook: () => true,
    ...caches,
  })
type Backend = ReturnType<typeof backendWith>

/** One webhook and N viewers reacting to it: what it cost upstream, and how often authorize was asked. */
async function webhookWithViewers(backends: Backend[], viewers: number) {
  const { product_request_id: id } = await control('/sandbox/product_requests', {
    consumer_id: 'LND-BENCH',
  })
  await control('/sandbox/clock/advance', { seconds: 10 })
  const before = { ...upstream, authorized }
  const payload = {
    consumer_id: 'LND-BENCH',
    product_request_id: id,
    ibv_report: `https://service.test/api/v2/ibv/requests/${id}`,
    ibv_report_status: 'complete',
    event: 'report_generated',
  }
  const webhook = await backends[0]!.fetch(
    new Request(`${APP}/api/ibv/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }),
  )
  check(webhook.status === 200, `webhook answered ${webhook.status}`)
  const answers = await Promise.all(
    Array.from({ length: viewers }, async (_, viewer) => {
      const backend = backends[viewer % backends.length]!
      await sleep(Math.random() * 50)
      const [report, token] = await Promise.all([
        backend.fetch(new Request(`${APP}/api/ibv/reports/${String(id)}`)),
        backend.fetch(
          new Request(`${APP}/api/ibv/tokens`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'embedded_report_token', product_request_id: id }),
          }),
        ),
      ])
      return [report.status, token.status]
    }),
  )
  check(
    answers.every(([report, token]) => report === 200 && token === 200),
    `answers ${JSON.stringify(answers.slice(0, 5))}`,
  )
  return {
    viewers,
    reads: upstream.reads - before.reads,
    mints: upstream.mints - before.mints,
    authorize: authorized - before.authorized,
  }
}

const redis = await startRedis()
const closing: Array<RedisReportCache | RedisTokenCache> = []
try {
  const single = [backendWith({ tokenCache: createMemoryTokenCache() })]
  const prefix = `bench-${process.pid}:`
  const three = Array.from({ length: 3 }, () => {
    const reportCache = createRedisReportCache({ url: redis.url, keyPrefix: `${prefix}reports:` })
    const tokenCache = createRedisTokenCache({ url: redis.url, keyPrefix: `${prefix}tokens:` })
    closing.push(reportCache, tokenCache)
    return backendWith({ reportCache, tokenCache })
  })
  const figures = {
    latencyMs: LATENCY_MS,
    oneInstance: [] as Awaited<ReturnType<typeof webhookWithViewers>>[],
    threeInstancesRedis: [] as Awaited<ReturnType<typeof webhookWithViewers>>[],
  }
  for (const viewers of VIEWERS) {
    figures.oneInstance.push(await webhookWithViewers(single, viewers))
    figures.threeInstancesRedis.push(await webhookWithViewers(three, viewers))
  }
  for (const run of [...figures.oneInstance, ...figures.threeInstancesRedis])
    check(
      run.authorize === 2 * run.viewers,
      `authorize asked ${run.authorize} times for ${run.viewers} viewers`,
    )
  for (const run of figures.threeInstancesRedis)
    check(
      run.reads === 1,
      `${run.reads} upstream reads for ${run.viewers} viewers on three instances`,
    )
  record('report-reads', figures)
  console.table([
    ...figures.oneInstance.map((run) => ({ setup: '1 instance', ...run })),
    ...figures.threeInstancesRedis.map((run) => ({ setup: '3 instances, Redis', ...run })),
  ])
} finally {
  await Promise.all(closing.map((cache) => cache.close()))
  await redis.stop()
}
