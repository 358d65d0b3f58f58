import { IbvError, type FieldErrors } from '../core/index.js'

/** What stands in for the API key wherever an upstream text held it. */
export const REDACTED = '[redacted]'

/** JSON nested deeper than this is refused (the spec's deepest body, a report, has about 6 levels). */
export const MAX_ANSWER_DEPTH = 64

/**
 * Secrets shorter than this are not looked for inside texts: they would match ordinary words (a
 * key "k" is in every "token"). Real API keys are far longer; test keys sometimes are not.
 */
export const MIN_REDACTED_LENGTH = 8

// Rounds of unescaping tried when looking for a disguised key; each round undoes at least one
// layer of URL-encoding or JSON/backslash escaping (a double-encoded key needs two).
const DECODE_ROUNDS = 5
// Causes are kept this deep; a longer chain is cut, since nothing useful is that far down.
const MAX_CAUSES = 4

export interface Redactor {
  /**
   * `text` without the secret: its plain, JSON-escaped and URL-encoded forms are replaced by
   * `[redacted]`; a text that still hides it after up to five rounds of unescaping (a double
   * encoding, `\u` escapes, mixed-case hex) is replaced whole, as where the key sits in it cannot
   * be told.
   */
  text(text: string): string
  /**
   * A copy of a parsed JSON value with every string and every object key passed through `text`.
   * Throws an `IbvError` (`malformed_response`) past `MAX_ANSWER_DEPTH` levels.
   */
  value(value: unknown): unknown
  /**
   * A copy of an error that is safe to throw, log or hand to `onError`: message, stack and `code`
   * redacted, an `IbvError`'s `fields` too, and its causes copied the same way (name, message,
   * `code`), so none of them holds a `Request` with the key header or an upstream body.
   */
  error(error: unknown): Error
}

/**
 * Redacts one secret (the API key) from what the client derives from the service's answers.
 *
 * @example
 * const redact = createRedactor(apiKey)
 * const body = redact.value(JSON.parse(text))
 */
export function createRedactor(secret: string): Redactor {
  const escaped = JSON.stringify(secret).slice(1, -1)
  const encoded = encodeURIComponent(secret)
  // Longest first, so that a form containing another is replaced whole.
  const forms = [
    ...new Set([secret, escaped, escaped.replaceAll('/', '\\/'), encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())]),
  ].sort((a, b) => b.length - a.length)

  function text(input: string): string {
    if (secret.length < MIN_REDACTED_LENGTH) return input
    let output = input
    for (const form of forms) if (output.includes(form)) output = output.split(form).join(REDACTED)
    if (!/[%\\]/.test(output)) return output
    let level = output
    for (let round = 0; round < DECODE_ROUNDS; round++) {
      const next = unescapeOnce(level)
      if (next === level) break
      if (next.includes(secret)) return REDACTED
      level = next
    }
    return output
  }

  function value(input: unknown, depth = 0): unknown {
    if (typeof input === 'string') return text(input)
    if (typeof input !== 'object' || input === null) return input
    if (depth >= MAX_ANSWER_DEPTH) {
      throw new IbvError('malformed_response', `The IBV service answered with JSON nested more than ${MAX_ANSWER_DEPTH} levels deep.`)
    }
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1))
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(input)) {
      const name = text(key)
      const redacted = value(item, depth + 1)
      // An own "__proto__" key (JSON.parse makes one) must stay data, not become the prototype.
      if (name === '__proto__') Object.defineProperty(copy, name, { value: redacted, enumerable: true, writable: true, configurable: true })
      else copy[name] = redacted
    }
    return copy
  }

  function error(input: unknown, depth = 0): Error {
    if (!(input instanceof Error)) return new Error(typeof input === 'string' ? text(input) : `A value of type ${typeof input} was thrown.`)
    const cause = input.cause === undefined || depth >= MAX_CAUSES ? undefined : error(input.cause, depth + 1)
    const copy =
      input instanceof IbvError
        ? new IbvError(input.code, text(input.message), { status: input.status, fields: input.fields && (value(input.fields) as FieldErrors), cause })
        : Object.assign(new Error(text(input.message), cause === undefined ? {} : { cause }), { name: text(input.name) })
    const { code } = input as { code?: unknown }
    if (!(input instanceof IbvError) && typeof code === 'string') Object.assign(copy, { code: text(code) })
    // The original stack says where it happened; its first line repeats the message, so it is redacted too.
    if (input.stack !== undefined) Object.defineProperty(copy, 'stack', { value: text(input.stack), writable: true, configurable: true })
    return copy
  }

  return { text, value: (input) => value(input), error: (input) => error(input) }
}

/**
 * One round of undoing `\uXXXX`, `\x` (any backslash escape) and `%XX` / `%uXXXX`. Only used to
 * look for the key, so decoding more than a strict JSON or URL decoder would is harmless. All
 * native passes without callbacks: linear and fast even on megabytes of backslashes.
 */
function unescapeOnce(text: string): string {
  // The legacy global `unescape` is used for what it is good at here: it decodes %XX and %uXXXX
  // natively, never throws on a malformed sequence, and exists in every JavaScript runtime.
  return unescape(text.replace(/\\u(?=[0-9a-f]{4})/gi, '%u').replace(/\\([\s\S])/g, '$1'))
}
