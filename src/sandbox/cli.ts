#!/usr/bin/env node
// `ibv-sandbox --port 4010`: the sandbox on 127.0.0.1, until Ctrl-C.
import { parseArgs } from 'node:util'
import { startSandboxServer } from './node-server.js'

const usage = `Usage: ibv-sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--webhook-url URL] [--seed N]`

let values
try {
  values = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string' },
      'webhook-url': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values
} catch (error) {
  console.error(`ibv-sandbox: ${(error as Error).message}\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`ibv-sandbox: --port must be a whole number from 0 to 65535.\n${usage}`)
  process.exit(2)
}

const server = await startSandboxServer({
  port,
  hostname: values.host,
  apiKey: values['api-key'],
  webhookUrl: values['webhook-url'],
  seed: values.seed === undefined ? undefined : Number(values.seed),
}).catch((error: unknown) => {
  console.error(`ibv-sandbox: cannot listen on ${values.host}:${port}: ${(error as Error).message}`)
  process.exit(1)
})
// The default key is public test data; a key given with --api-key is never echoed.
const key = values['api-key'] === undefined ? 'x-api-key: sandbox-api-key' : 'x-api-key: the one given with --api-key'
console.log(`ibv-sandbox listening on ${server.url} (${key})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
