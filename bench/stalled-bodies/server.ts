// The backend under test for bench/stalled-bodies.ts: one instance on 127.0.0.1 over src/ (run
// with tsx, so the figures of two commits can be compared without a build), every caller
// authorized, webhooks checked by the verifier named in VERIFIER. Prints `{"port":…}` once
// listening, then answers each `rss` line on stdin after full garbage collections.
import { createServer } from 'node:http'
import { createInterface } from 'node:readline'
import {
  createIbvBackend,
  createIbvClient,
  hmacVerifier,
  standardWebhooksVerifier,
  toNodeHandler,
} from '../../src/server/index.js'

const random = (bytes: number) =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
const verifiers = {
  standard: () => standardWebhooksVerifier({ secret: `whsec_${random(24)}` }),
  hmac: () => hmacVerifier({ header: 'x-ibv-signature', secret: random(32) }),
}
const backend = createIbvBackend({
  client: createIbvClient({ apiKey: 'sk_test_bench', serviceUrl: 'http://127.0.0.1:9' }),
  authorize: () => true,
  verifyWebhook: verifiers[(process.env.VERIFIER ?? 'standard') as keyof typeof verifiers](),
  // Long enough to measure while every body is still stalled.
  bodyTimeoutMs: 60_000,
})
const server = createServer(toNodeHandler(backend))
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})
const gc = (globalThis as { gc?: () => void }).gc
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'rss') continue
  gc?.()
  gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  gc?.()
  const memory = process.memoryUsage()
  console.log(
    JSON.stringify({
      rss: memory.rss,
      heap: memory.heapUsed,
      // `external` already counts ArrayBuffers (the bodies), so they are not added again.
      external: memory.external,
      connections: await new Promise((resolve) =>
        server.getConnections((_, count) => resolve(count)),
      ),
    }),
  )
}
server.closeAllConnections()
server.close()
await backend.close()
