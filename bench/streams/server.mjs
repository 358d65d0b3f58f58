// The backend under test for bench/streams.ts: one instance on 127.0.0.1, an in-memory relay, every
// caller authorized, caps from the environment. Plain JavaScript on the built package (`dist/`, run
// `npm run build` first), in plain `node`: what a lender runs, with no TypeScript loader in the
// figures. It prints `{"port":…}` once listening, then answers
// each `rss` line on stdin with `{"rss":…,"streams":…}` after two full garbage collections. For
// bench/stream-resumes.ts: `fill N BYTES` publishes N events of about BYTES each (the history a
// resume reads), and `peak` answers the highest RSS seen (sampled every 20 ms) since the last `peak`.
import { createServer } from 'node:http'
import { createInterface } from 'node:readline'
// The package's own name: plain `node` resolves it to dist/ through package.json's exports, and the
// type-check to src/, so it type-checks before a build too.
import { createIbvBackend, createIbvClient, EventRelay, toNodeHandler } from 'ibv-kit/server'

const client = createIbvClient({ apiKey: 'sk_test_bench', serviceUrl: 'http://127.0.0.1:9' })
// RELAY_COPIES=1: the history hands each reader its own copies of the events, as a Redis relay
// does (each read parses its own), so each stream encodes its own bytes and only the budget bounds them.
const relay = new EventRelay()
if (process.env.RELAY_COPIES === '1') {
  const since = relay.since.bind(relay)
  relay.since = (lastId, limits) => since(lastId, limits).map((relayed) => ({ ...relayed }))
}
const backend = createIbvBackend({
  client,
  relay,
  authorize: () => true,
  verifyWebhook: () => true,
  maxStreams: Number(process.env.MAX_STREAMS ?? 20_000),
  maxStreamsPerClient: Number(process.env.MAX_STREAMS_PER_CLIENT ?? 10),
  maxStreamBufferBytesTotal: process.env.MAX_STREAM_BUFFER_BYTES_TOTAL
    ? Number(process.env.MAX_STREAM_BUFFER_BYTES_TOTAL)
    : undefined,
  // Each bench stream sends its own session cookie: the session is the user here.
  identify: (request) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1],
})
let peak = 0
setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20).unref()
const server = createServer(toNodeHandler(backend))
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
const gc = globalThis.gc
for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.split(' ')
  if (command === 'fill') {
    const [count = 0, bytes = 0] = args.map(Number)
    for (let index = 0; index < count; index++) {
      backend.relay.publish({
        event: 'data_pull_via_connection_failed',
        consumerId: `LND-${index}`,
        payload: {
          event: 'data_pull_via_connection_failed',
          consumer_id: `LND-${index}`,
          filler: 'x'.repeat(bytes),
        },
      })
    }
    console.log(JSON.stringify({ filled: count }))
    continue
  }
  if (command === 'peak') {
    console.log(
      JSON.stringify({
        peak: Math.max(peak, process.memoryUsage.rss()),
        streams: backend.openStreams,
      }),
    )
    peak = 0
    continue
  }
  if (command !== 'rss') continue
  gc?.()
  gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  gc?.()
  const memory = process.memoryUsage()
  console.log(
    JSON.stringify({
      rss: memory.rss,
      heap: memory.heapUsed,
      external: memory.external + memory.arrayBuffers,
      streams: backend.openStreams,
    }),
  )
}
server.closeAllConnections()
server.close()
await backend.close()
