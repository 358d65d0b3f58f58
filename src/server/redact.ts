import { IbvError, type FieldErrors } from '../core/index.js'
import { keyForms } from './key-forms.js'

/** What stands in for the API key wherever an upstream text held it. */
export const REDACTED = '[redacted]'

/** JSON nested deeper than this is refused (the service API's deepest body, a report, has about 6 levels). */
export const MAX_ANSWER_DEPTH = 64

/**
 * Secrets shorter than this are not looked for inside texts: they would match ordinary words (a
 * key "k" is in every "token"). Real API keys are far longer; test keys sometimes are not.
 */
export const MIN_REDACTED_LENGTH = 8

// Rounds of unescaping tried when looking for a disguised key; each round undoes at least one
// layer of URL-encoding, JSON/JS backslash escaping or HTML entities (a double encoding needs two).
const DECODE_ROUNDS = 5
// Causes are kept this deep; a longer chain is cut, since nothing useful is that far down.
const MAX_CAUSES = 4

export interface Redactor {
  /**
   * `text` without the secret: its plain, JSON-escaped, URL-encoded and hex forms, in any case,
   * are replaced by `[redacted]`; a text holding its base64 or base64url, or that still hides it
   * after up to five rounds of unescaping (a double encoding, `\u` / `\x` / `\u{}` escapes, HTML
   * entities), is replaced whole, as where the key sits in it cannot be told.
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
   * `code`), so none of them holds a `Request` with the key header or an upstream body. An
   * `IbvError` comes from a call to the service, so its `source` is the service (`network`
   * when the service was never reached).
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
  // Built only for a key long enough to be looked for: a short one is never searched.
  const forms = secret.length < MIN_REDACTED_LENGTH ? undefined : keyForms(secret)

  function text(input: string): string {
    if (forms === undefined) return input
    // Base64 smears the key's first and last characters into its neighbours' bits: where it
    // starts and ends cannot be cut cleanly, so the whole text goes.
    if (forms.inBase64(input)) return REDACTED
    const output = input.replace(forms.exact, REDACTED)
    // Only an escape character can start a disguise the decode rounds would undo.
    if (!/[%\\&]/.test(output)) return output
    let level = output
    for (let round = 0; round < DECODE_ROUNDS; round++) {
      const next = unescapeOnce(level)
      if (next === level) break
      if (forms.holds(next)) return REDACTED
      level = next
    }
    return output
  }

  function value(input: unknown, depth = 0): unknown {
    if (typeof input === 'string') return text(input)
    if (typeof input !== 'object' || input === null) return input
    if (depth >= MAX_ANSWER_DEPTH) {
      throw new IbvError(
        'malformed_response',
        `The IBV service answered with JSON nested more than ${MAX_ANSWER_DEPTH} levels deep.`,
      )
    }
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1))
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(input)) {
      const name = text(key)
      const redacted = value(item, depth + 1)
      // An own "__proto__" key (JSON.parse makes one) must stay data, not become the prototype.
      if (name === '__proto__')
        Object.defineProperty(copy, name, {
          value: redacted,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      else copy[name] = redacted
    }
    return copy
  }

  function error(input: unknown, depth = 0): Error {
    if (!(input instanceof Error))
      return new Error(
        typeof input === 'string' ? text(input) : `A value of type ${typeof input} was thrown.`,
      )
    const cause =
      input.cause === undefined || depth >= MAX_CAUSES ? undefined : error(input.cause, depth + 1)
    const copy =
      input instanceof IbvError
        ? new IbvError(input.code, text(input.message), {
            status: input.status,
            fields: input.fields && (value(input.fields) as FieldErrors),
            source: input.source === 'network' ? 'network' : 'service',
            cause,
          })
        : Object.assign(new Error(text(input.message), cause === undefined ? {} : { cause }), {
            name: text(input.name),
          })
    const { code } = input as { code?: unknown }
    if (!(input instanceof IbvError) && typeof code === 'string')
      Object.assign(copy, { code: text(code) })
    // The original stack says where it happened; its first line repeats the message, so it is redacted too.
    if (input.stack !== undefined)
      Object.defineProperty(copy, 'stack', {
        value: text(input.stack),
        writable: true,
        configurable: true,
      })
    return copy
  }

  return { text, value: (input) => value(input), error: (input) => error(input) }
}

/**
 * One round of undoing `\uXXXX`, `\u{X…}`, `\xXX` (and any other backslash escape), `%XX` /
 * `%uXXXX` and numeric HTML entities (`&#95;`, `&#x5f;`). Only used to look for the key, so
 * decoding more than a strict JSON, JS, URL or HTML decoder would is harmless. Every pattern has
 * only bounded repetitions, so each pass is linear even on megabytes of backslashes or `&#`.
 */
function unescapeOnce(text: string): string {
  // `\u{5f}` is rewritten as the entity `&#x5f;`, so that one decoder reads both.
  const characters = decodeEntities(text.replace(/\\u\{([0-9a-f]{1,6})\}/gi, '&#x$1;'))
  // The legacy global `unescape` is used for what it is good at here: it decodes %XX and %uXXXX
  // natively, never throws on a malformed sequence, and exists in every JavaScript runtime.
  return unescape(
    characters
      .replace(/\\u(?=[0-9a-f]{4})/gi, '%u')
      .replace(/\\x(?=[0-9a-f]{2})/gi, '%')
      .replace(/\\([\s\S])/g, '$1'),
  )
}

/**
 * Numeric HTML entities (`&#95;`, `&#x5f;`, the `;` optional as browsers have it) as characters.
 * A decimal number cannot be rewritten to `%u` by a native replace, and a replace callback per
 * entity costs twice this loop: over half a second on 4 MiB of nothing but `&#9`.
 */
function decodeEntities(text: string): string {
  const entity = /&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));?/iy
  let output = ''
  let from = 0
  for (let at = text.indexOf('&#'); at !== -1; at = text.indexOf('&#', at + 1)) {
    entity.lastIndex = at
    const match = entity.exec(text)
    const code = match && (match[1] === undefined ? Number(match[2]) : parseInt(match[1], 16))
    if (code === null || code > 0x10ffff) continue
    output += text.slice(from, at) + String.fromCodePoint(code)
    from = entity.lastIndex
    at = from - 1
  }
  return output + text.slice(from)
}
