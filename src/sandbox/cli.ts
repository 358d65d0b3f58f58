#!/usr/bin/env node
// `ibv-sandbox --port 4010`: the sandbox on 127.0.0.1, until Ctrl-C.
import { parseArgs } from 'node:util'
import { isAllowedWebhookUrl } from './hosts.js'
import { startSandboxServer } from './node-server.js'

const usage = `Usage: ibv-sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--webhook-url URL] [--seed N]
                   [--allowed-host HOST]... [--webhook-host HOST]... [--frame-ancestor SOURCE]...
  --allowed-host    answer requests for HOST too (besides localhost, *.localhost and IP addresses);
                    .example.com allows a domain and its subdomains
  --webhook-host    send webhooks to HOST too (besides localhost, 127.0.0.0/8 and [::1])
  --frame-ancestor  let SOURCE frame the widget and report pages (CSP frame-ancestors), replacing
                    the default 'self' and loopback origins`

let values
try {
  values = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string' },
      'webhook-url': { type: 'string' },
      seed: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'webhook-host': { type: 'string', multiple: true, default: [] },
      'frame-ancestor': { type: 'string', multiple: true },
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
const webhookUrl = values['webhook-url']
// Fail now rather than record refused deliveries later: the operator is here to read this.
if (webhookUrl !== undefined && !isAllowedWebhookUrl(webhookUrl, values['webhook-host'])) {
  console.error(`ibv-sandbox: --webhook-url must be an http(s) URL on loopback, or on a host given with --webhook-host.\n${usage}`)
  process.exit(2)
}

const server = await startSandboxServer({
  port,
  hostname: values.host,
  apiKey: values['api-key'],
  webhookUrl,
  webhookHosts: values['webhook-host'],
  allowedHosts: values['allowed-host'],
  frameAncestors: values['frame-ancestor'],
  seed: values.seed === undefined ? undefined : Number(values.seed),
}).catch((error: unknown) => {
  console.error(`ibv-sandbox: cannot start on ${values.host}:${port}: ${(error as Error).message}`)
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
