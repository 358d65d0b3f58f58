// What `ibv-sandbox`'s arguments ask for, or what is wrong with them: read before the sandbox is
// loaded, so a mistyped flag is answered at once. A message never quotes a value that may be a
// secret (a header value, a key, a stray word).
import { parseArgs } from 'node:util'
import { standardWebhooksKey } from '../core/standard-webhooks.js'
import { isAllowedWebhookUrl } from './hosts.js'
import { webhookHeaderProblem } from './webhook-headers.js'

export const usage = `Usage: ibv-sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--webhook-url URL] [--seed N]
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

export interface CliOptions {
  port: number
  host: string
  apiKey?: string
  webhookUrl?: string
  webhookHeaders: Record<string, string>
  webhookSecret?: string
  webhookHosts: string[]
  allowedHosts: string[]
  frameAncestors?: string[]
  seed?: number
}

/** The options `args` ask for; `'help'` for --help; or `{ refused }`: why they cannot be used. */
export function readCliOptions(args: string[]): CliOptions | 'help' | { refused: string } {
  let values
  try {
    values = parseArgs({
      args,
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
    return { refused: argumentError(error) }
  }
  if (values.help) return 'help'
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { refused: '--port must be a whole number from 0 to 65535.' }
  const seed = values.seed === undefined ? undefined : wholeNumber(values.seed)
  if (seed === null) return { refused: '--seed must be a whole number.' }
  const webhookHeaders = headerMap(values['webhook-header'])
  // The argument is not repeated here: it may hold a secret.
  if (typeof webhookHeaders === 'string')
    return {
      refused: `--webhook-header must be NAME=VALUE, with a valid header name and a non-empty value on one line: ${webhookHeaders}.`,
    }
  const webhookSecret = values['webhook-secret']
  if (webhookSecret !== undefined) {
    try {
      standardWebhooksKey('--webhook-secret', webhookSecret)
    } catch (error) {
      // The message never repeats the secret.
      return { refused: (error as Error).message }
    }
  }
  const webhookUrl = values['webhook-url']
  // Refused now rather than as failed deliveries later: the operator is here to read this.
  if (webhookUrl !== undefined && !isAllowedWebhookUrl(webhookUrl, values['webhook-host']))
    return {
      refused:
        '--webhook-url must be an http(s) URL on loopback, or on a host given with --webhook-host.',
    }
  return {
    port,
    host: values.host,
    apiKey: values['api-key'],
    webhookUrl,
    webhookHeaders,
    webhookSecret,
    webhookHosts: values['webhook-host'],
    allowedHosts: values['allowed-host'],
    frameAncestors: values['frame-ancestor'],
    seed,
  }
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
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return 'unknown option (not shown: it may hold a secret); the options are below'
  // ERR_PARSE_ARGS_INVALID_OPTION_VALUE names only the option (`Option '--api-key <value>' argument missing`).
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return (error as Error).message
  return 'the arguments could not be read (not shown: they may hold a secret)'
}
