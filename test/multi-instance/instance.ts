// One backend instance as a lender runs it behind a load balancer: its own Node process, on a
// free loopback port, sharing Redis with the others. Started by cluster.ts (and the benchmark)
// with `node --import tsx`; configured by environment:
//   REDIS_URL     the shared Redis
//   KEY_PREFIX    put before every Redis key, so runs on one Redis stay apart
//   SERVICE_URL   the service (a sandbox server) and SERVICE_KEY its API key
//   TOKEN_CACHE   `redis` to share embedded report tokens between instances
//   LEASE_MS      the webhook store's lease (how long an orphaned claim blocks its key)
// It prints one JSON line per fact on stdout: `{"port":N}` once listening, `{"handled":id}` for
// every onWebhook call and `{"error":message}` for every onError value.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createIbvBackend, createIbvClient, toNodeHandler } from '../../src/server/index.js'
import {
  createRedisEventRelay,
  createRedisTokenCache,
  createRedisWebhookStore,
} from '../../src/server/redis/index.js'

const env = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback
  if (value === undefined) throw new Error(`instance.ts: ${name} is required`)
  return value
}
const url = env('REDIS_URL')
const prefix = env('KEY_PREFIX', 'ibv')
const say = (fact: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(fact)}\n`)
const onError = (error: unknown) =>
  say({ error: error instanceof Error ? error.message : String(error) })

const relay = createRedisEventRelay({ url, keyPrefix: `${prefix}:events`, onError })
const leaseMs = process.env.LEASE_MS === undefined ? undefined : Number(process.env.LEASE_MS)
const webhookStore = createRedisWebhookStore({
  url,
  keyPrefix: `${prefix}:webhook:`,
  leaseMs,
  onError,
})
const tokenCache =
  process.env.TOKEN_CACHE === 'redis'
    ? createRedisTokenCache({ url, keyPrefix: `${prefix}:tokens:`, onError })
    : undefined

const backend = createIbvBackend({
  client: createIbvClient({
    apiKey: env('SERVICE_KEY', 'sandbox-api-key'),
    serviceUrl: env('SERVICE_URL', 'http://127.0.0.1:9'),
  }),
  authorize: () => true,
  verifyWebhook: () => true, // only the tests post to it, on loopback
  onWebhook: (event) => void say({ handled: event.productRequestId ?? event.event }),
  relay,
  webhookStore,
  tokenCache,
  heartbeatMs: 1_000,
  maxStreams: 5_000,
  onError,
})

await relay.ready()
const server = createServer(toNodeHandler(backend))
server.listen(0, '127.0.0.1', () => say({ port: (server.address() as AddressInfo).port }))

// SIGTERM is a clean stop; SIGKILL (the tests' crash) gives it no chance, as in a real crash.
process.on('SIGTERM', () => {
  server.close()
  void backend
    .close()
    .then(() => server.closeAllConnections())
    .then(() => Promise.all([relay.close(), webhookStore.close(), tokenCache?.close()]))
    .then(() => process.exit(0))
})
