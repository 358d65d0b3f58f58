/**
 * The one check of the headers the sandbox adds to its webhooks, wherever they come from: the
 * CLI's `--webhook-header`, `createSandbox({ webhookHeaders })` and `PUT /sandbox/webhook_url`.
 * A name is an HTTP token, a value is visible characters, spaces and tabs (no line breaks or
 * other control characters), and the names HTTP framing or hop-by-hop handling owns are refused.
 * Problems never repeat a value (it is usually a secret), and name a header only when the name is
 * a valid token.
 */

/** Names a webhook may not carry: the connection, the body's framing and the host are the sandbox's. */
export const REFUSED_WEBHOOK_HEADERS: readonly string[] = [
  'connection',
  'content-length',
  'content-type',
  'expect',
  'host',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-*',
]

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const VALUE = /^[\t\x20-\x7e\x80-\xff]+$/

/** What is wrong with one header (never quoting its value), or `undefined` when it may be sent. */
export function webhookHeaderProblem(name: string, value: unknown): string | undefined {
  if (!TOKEN.test(name))
    return "a header name must be an HTTP token (letters, digits and !#$%&'*+.^_`|~-), not empty"
  const lower = name.toLowerCase()
  if (REFUSED_WEBHOOK_HEADERS.includes(lower) || lower.startsWith('proxy-'))
    return `${lower}: set by HTTP itself, not by a webhook header (refused: ${REFUSED_WEBHOOK_HEADERS.join(', ')})`
  if (typeof value !== 'string' || value.trim() === '')
    return `${lower}: the value must be a non-empty string`
  if (!VALUE.test(value))
    return `${lower}: the value must be visible characters, spaces and tabs on one line (not shown)`
  return undefined
}

/** Every problem of `headers` (see webhookHeaderProblem); empty when they may all be sent. */
export function webhookHeaderProblems(headers: Record<string, unknown>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => webhookHeaderProblem(name, value) ?? [])
}
