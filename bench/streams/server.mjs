// The backend under test for bench/streams.ts: one instance on 127.0.0.1, an in-memory relay, every
// caller authorized, caps from the environment. Plain JavaScript on the built package (`dist/`, run
// `npm run build` first), in plain `node`: what a lender runs, with no TypeScript loader in the
// figures. It prints `{"port":…}` once listening, then answers
// each `rss` line on stdin with `{"rss":…,"streams":…}` after two full garbage collections.
import { createServer } from 'node:http'
import { createInterface } from 'node:readline'
// The package's own name: plain `node` resolves it to dist/ through package.json's exports, and the
// type-check to src/, so it type-checks before a build too.
import { createIbvBackend, createIbvClient, toNodeHandler } from 'ibv-kit/server'

const client = createIbvClient({ apiKey: 'sk_test_bench', serviceUrl: 'http://127.0.0.1:9' })
const backend = createIbvBackend({
  client,
  authorize: () => true,
  verifyWebhook: () => true,
  maxStreams: Number(process.env.MAX_STREAMS ?? 20_000),
  maxStreamsPerClient: Number(process.env.MAX_STREAMS_PER_CLIENT ?? 10),
})
const server = createServer(toNodeHandler(backend))
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
const gc = globalThis.gc
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'rss') continue
  gc?.()
  gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  gc?.()
  const memory = process.memoryUsage()
  console.log(JSON.stringify({ rss: memory.rss, heap: memory.heapUsed, external: memory.external + memory.arrayBuffers, streams: backend.openStreams }))
}
server.closeAllConnections()
server.close()
await backend.close()
