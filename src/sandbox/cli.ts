#!/usr/bin/env node
// `ibv-sandbox --port 4010`: the sandbox on 127.0.0.1, until Ctrl-C. The arguments are read
// (cli-options.ts) before the sandbox is loaded: a mistyped flag is answered at once.
import { readCliOptions, usage } from './cli-options.js'

const options = readCliOptions(process.argv.slice(2))
if (options === 'help') {
  console.log(usage)
  process.exit(0)
}
if ('refused' in options) {
  console.error(`ibv-sandbox: ${options.refused}\n${usage}`)
  process.exit(2)
}

const { startSandboxServer } = await import('./node-server.js')
const { host, webhookHeaders, webhookSecret } = options
const server = await startSandboxServer({
  port: options.port,
  hostname: host,
  apiKey: options.apiKey,
  webhookUrl: options.webhookUrl,
  webhookHeaders: Object.keys(webhookHeaders).length > 0 ? webhookHeaders : undefined,
  webhookSecret,
  webhookHosts: options.webhookHosts,
  allowedHosts: options.allowedHosts,
  frameAncestors: options.frameAncestors,
  seed: options.seed,
}).catch((error: unknown) => {
  console.error(`ibv-sandbox: cannot start on ${host}:${options.port}: ${(error as Error).message}`)
  process.exit(1)
})
// The default key is public test data; a key given with --api-key is never echoed.
const key =
  options.apiKey === undefined
    ? 'x-api-key: sandbox-api-key'
    : 'x-api-key: the one given with --api-key'
console.log(`ibv-sandbox listening on ${server.url} (${key})`)
const names = Object.keys(webhookHeaders)
// Names only: a header value is usually a secret.
if (names.length > 0)
  console.log(`ibv-sandbox: webhooks carry ${names.join(', ')} (values not shown)`)
if (webhookSecret !== undefined)
  console.log(
    'ibv-sandbox: webhooks are signed with Standard Webhooks (the secret given with --webhook-secret)',
  )

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
