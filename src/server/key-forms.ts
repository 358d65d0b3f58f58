/**
 * The forms in which an upstream answer may echo the API key, as matchers for `redact.ts`. Only
 * web-standard globals (btoa, TextEncoder): src/server must run on edge runtimes too.
 */
export interface KeyForms {
  /**
   * Global, case-insensitive: the forms that can be cut out where they stand (plain, JSON-escaped,
   * "\/"-escaped, URL-encoded, hex), longest first so that a form containing another goes whole.
   */
  exact: RegExp
  /** Whether `text` holds the key in a form that cannot be cut out cleanly: base64 or base64url. */
  inBase64(text: string): boolean
  /** Whether `text` holds the key in any of the forms above. */
  holds(text: string): boolean
}

/** The matchers for `secret`, which must be at least `MIN_REDACTED_LENGTH` (8) characters long. */
export function keyForms(secret: string): KeyForms {
  const bytes = new TextEncoder().encode(secret)
  const escaped = JSON.stringify(secret).slice(1, -1)
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  // Case-insensitive because services and proxies upper-case what they echo (headers, hex, %2F).
  const forms = [
    ...new Set([secret, escaped, escaped.replaceAll('/', '\\/'), encodeURIComponent(secret), hex]),
  ].sort((a, b) => b.length - a.length)
  // An alternation of literals: the engine tries each at each position, a constant factor per
  // character of input, never the backtracking blow-up of nested quantifiers.
  const source = forms.map(escapeRegExp).join('|')
  const exact = new RegExp(source, 'gi')
  const once = new RegExp(source, 'i')
  const middles = base64Middles(bytes)
  // Case matters in base64, so these are plain substring searches (native, fast).
  const inBase64 = (text: string) => middles.some((middle) => text.includes(middle))
  return { exact, inBase64, holds: (text) => once.test(text) || inBase64(text) }
}

/**
 * The part of the base64 (and base64url) encoding of the key that is the same wherever the key
 * sits in the encoded data. Base64 turns 3 bytes into 4 characters, so the key's characters depend
 * on its byte offset mod 3, and the first and last characters also carry bits of its neighbours:
 * for each offset, only the characters made from the key's bits alone are kept. They are at least
 * 9 characters for a key of 8 bytes, so an accidental match in other base64 is not a concern.
 */
function base64Middles(bytes: Uint8Array): string[] {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  const middles = new Set<string>()
  for (const offset of [0, 1, 2]) {
    // Character i holds bits [6i, 6i + 6); the key's bits are [8 * offset, 8 * (offset + length)).
    const first = Math.ceil((8 * offset) / 6)
    const end = Math.floor((8 * (offset + bytes.length)) / 6)
    const middle = btoa('\0'.repeat(offset) + binary).slice(first, end)
    middles.add(middle).add(middle.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return [...middles]
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}
