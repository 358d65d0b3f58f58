#!/usr/bin/env node
// `ibv-sandbox --port 4010`: the sandbox on 127.0.0.1, until Ctrl-C.
import { parseArgs } from 'node:util'
import { standardWebhooksKey } from '../core/standard-webhooks.js'
import { isAllowedWebhookUrl } from './hosts.js'
import { startSandboxServer } from './node-server.js'
import { webhookHeaderProblem } from './webhook-headers.js'

const usage = `Usage: ibv-sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--webhook-url URL] [--seed N]
                   [--webhook-header NAME=VALUE]... [--webhook-secret whsec_...] [--allowed-host HOST]...
                   [--webhook-host HOST]... [--frame-ancestor SOURCE]...
  --webhook-header  send this header with every webhook, such as x-webhook-secret=dev-secret
                    (also to a URL set later with PUT /sandbox/webhook_url); values are never printed
  --webhook-secret  sign every webhook with Standard Webhooks under this secret (whsec_ then
                    base64), for a backend using standardWebhooksVerifier; never printed
  --seed            a whole number: the same seed gives the same ids on every run
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
      'webhook-header': { type: 'string', multiple: true, default: [] },
      'webhook-secret': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'webhook-host': { type: 'string', multiple: true, default: [] },
      'frame-ancestor': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  }).values
} catch (error) {
  console.error(`ibv-sandbox: ${argumentError(error)}\n${usage}`)
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
const seed = values.seed === undefined ? undefined : wholeNumber(values.seed)
if (seed === null) {
  console.error(`ibv-sandbox: --seed must be a whole number.\n${usage}`)
  process.exit(2)
}
const webhookHeaders = headerMap(values['webhook-header'])
if (typeof webhookHeaders === 'string') {
  // The argument is not repeated here: it may hold a secret.
  console.error(`ibv-sandbox: --webhook-header must be NAME=VALUE, with a valid header name and a non-empty value on one line: ${webhookHeaders}.\n${usage}`)
  process.exit(2)
}
const webhookSecret = values['webhook-secret']
if (webhookSecret !== undefined) {
  try {
    standardWebhooksKey('--webhook-secret', webhookSecret)
  } catch (error) {
    // The message never repeats the secret.
    console.error(`ibv-sandbox: ${(error as Error).message}\n${usage}`)
    process.exit(2)
  }
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
  webhookHeaders: Object.keys(webhookHeaders).length > 0 ? webhookHeaders : undefined,
  webhookSecret,
  webhookHosts: values['webhook-host'],
  allowedHosts: values['allowed-host'],
  frameAncestors: values['frame-ancestor'],
  seed,
}).catch((error: unknown) => {
  console.error(`ibv-sandbox: cannot start on ${values.host}:${port}: ${(error as Error).message}`)
  process.exit(1)
})
// The default key is public test data; a key given with --api-key is never echoed.
const key = values['api-key'] === undefined ? 'x-api-key: sandbox-api-key' : 'x-api-key: the one given with --api-key'
console.log(`ibv-sandbox listening on ${server.url} (${key})`)
const names = Object.keys(webhookHeaders)
// Names only: a header value is usually a secret.
if (names.length > 0) console.log(`ibv-sandbox: webhooks carry ${names.join(', ')} (values not shown)`)
if (webhookSecret !== undefined) console.log('ibv-sandbox: webhooks are signed with Standard Webhooks (the secret given with --webhook-secret)')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}

/** `text` as a safe integer, or `null` when it is not written as one (`abc`, `1.5`, `1e3`, ``). */
function wholeNumber(text: string): number | null {
  if (!/^-?\d+$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}

/**
 * Header name (lower case) to value, from `NAME=VALUE` arguments, checked as createSandbox checks
 * them; or what is wrong with the first malformed one, never quoting its value.
 */
function headerMap(entries: readonly string[]): Record<string, string> | string {
  const headers: Record<string, string> = {}
  for (const entry of entries) {
    const equals = entry.indexOf('=')
    if (equals < 0) return 'no = between the name and the value (not shown)'
    const name = entry.slice(0, equals).trim().toLowerCase()
    const value = entry.slice(equals + 1).trim()
    const problem = webhookHeaderProblem(name, value)
    if (problem) return problem
    headers[name] = value
  }
  return headers
}

/**
 * parseArgs's message, unless it would quote what was typed: a stray word (`--webhook-header
 * x-webhook-secret dev-secret`, with a space for the =) or an unknown option may be a secret.
 */
function argumentError(error: unknown): string {
  const code = (error as { code?: unknown }).code
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return 'unexpected argument (not shown: it may hold a secret). Write a flag and its value as --name=value or --name value, e.g. --webhook-header x-webhook-secret=dev-secret'
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return 'unknown option (not shown: it may hold a secret); the options are below'
  // ERR_PARSE_ARGS_INVALID_OPTION_VALUE names only the option (`Option '--api-key <value>' argument missing`).
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return (error as Error).message
  return 'the arguments could not be read (not shown: they may hold a secret)'
}
