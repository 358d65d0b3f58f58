// One check for every secret the server helpers take (invites, hmacVerifier,
// standardWebhooksVerifier, headerSecretVerifier): a forger who guesses the secret signs what they
// like, so a placeholder, a word or a pattern is refused when it is given, at start-up.

const MAKE_ONE =
  'make one with `openssl rand -base64 32` and keep it in the environment, like the API key'

/**
 * Bits each character can carry, by the characters a secret is written with: 4 for hex, 6 for
 * base64 (or any printable text) using both upper and lower case letters, less for one case only
 * (`my-secret-…` is a word, not base64 of random bytes). Random base64 lacks a case with a
 * probability below one in a billion at these lengths.
 */
function bitsPerCharacter(secret: string): number {
  if (/^[0-9a-f]+$/i.test(secret)) return 4
  const lower = /[a-z]/.test(secret)
  const upper = /[A-Z]/.test(secret)
  if (lower && upper) return /^[A-Za-z0-9+/_=-]+$/.test(secret) ? 6 : 6.5
  const alphabet =
    (lower || upper ? 26 : 0) +
    (/[0-9]/.test(secret) ? 10 : 0) +
    (/[^A-Za-z0-9]/.test(secret) ? 32 : 0)
  return Math.log2(Math.max(alphabet, 2))
}

/**
 * Whether `text` looks like a pattern rather than random: too few different characters or
 * three-character pieces, or long stretches where each character follows the last by the same
 * step (`aaaa`, `0123`, `abcd`). Random values of the lengths checked fail these with a
 * probability far below one in a billion.
 */
function looksPatterned(codes: readonly number[]): boolean {
  if (codes.length < 8) return true
  if (new Set(codes).size < Math.min(10, codes.length / 3)) return true
  const pieces = new Set<string>()
  for (let index = 0; index + 3 <= codes.length; index++)
    pieces.add(`${codes[index]},${codes[index + 1]},${codes[index + 2]}`)
  if (pieces.size < 0.8 * (codes.length - 2)) return true
  let steady = 0
  for (let index = 2; index < codes.length; index++) {
    if (
      (codes[index] as number) - (codes[index - 1] as number) ===
      (codes[index - 1] as number) - (codes[index - 2] as number)
    )
      steady++
  }
  return steady > 0.3 * (codes.length - 2)
}

/**
 * Whether most neighbouring characters are of one kind (lower case, upper case, digit, other), as
 * in words and URLs: in random base64 about a third are, and three quarters with a probability
 * near one in a billion at 44 characters.
 */
function looksWordy(secret: string): boolean {
  const kind = (char: string) =>
    /[a-z]/.test(char) ? 0 : /[A-Z]/.test(char) ? 1 : /[0-9]/.test(char) ? 2 : 3
  const kinds = Array.from(secret, kind)
  let same = 0
  for (let index = 1; index < kinds.length; index++) if (kinds[index] === kinds[index - 1]) same++
  return same >= 0.75 * (kinds.length - 1)
}

/** Whether at least 90 % of `bytes` are printable ASCII: text, not random bytes (about 37 % of those are). */
function mostlyText(bytes: Uint8Array): boolean {
  let printable = 0
  for (const byte of bytes) if (byte >= 0x20 && byte < 0x7f) printable++
  return printable >= 0.9 * bytes.length
}

/** The bytes a hex or base64(url) secret stands for; undefined when it is neither. */
function decoded(secret: string): Uint8Array | undefined {
  if (/^(?:[0-9a-f]{2})+$/i.test(secret))
    return Uint8Array.from(secret.match(/../g) ?? [], (pair) => parseInt(pair, 16))
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(secret)) return undefined
  try {
    const plain = secret.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
    return Uint8Array.from(atob(plain.padEnd(Math.ceil(plain.length / 4) * 4, '=')), (char) =>
      char.charCodeAt(0),
    )
  } catch {
    return undefined
  }
}

/**
 * Checks a secret written as text (base64 or hex of random bytes, say): it must carry at least
 * `minBytes` random bytes' worth (32 by default: 44 characters of base64, 64 of hex) and look
 * random. Anything else throws a `TypeError` naming `owner` and `option` and saying how to make
 * one, never quoting the secret.
 */
export function checkSecretText(
  owner: string,
  option: string,
  secret: unknown,
  minBytes = 32,
): string {
  if (typeof secret !== 'string' || secret === '')
    throw new TypeError(
      `${owner}: ${option} is required: a random secret of at least ${minBytes} bytes; ${MAKE_ONE}.`,
    )
  if (/[\s\p{Cc}]/u.test(secret)) {
    throw new TypeError(
      `${owner}: ${option} must not contain spaces or control characters (a sentence is not random); ${MAKE_ONE} (the value is not shown).`,
    )
  }
  const codes = Array.from(secret, (char) => char.codePointAt(0) as number)
  if (codes.length * bitsPerCharacter(secret) < minBytes * 8) {
    throw new TypeError(
      `${owner}: ${option} is too short: it must hold at least ${minBytes} random bytes (44 characters of base64, 64 of hex); ${MAKE_ONE} (the value is not shown).`,
    )
  }
  const bytes = decoded(secret)
  if (
    looksPatterned(codes) ||
    (!/^[0-9a-f]+$/i.test(secret) && looksWordy(secret)) ||
    (bytes !== undefined && bytes.length >= 16 && mostlyText(bytes))
  ) {
    throw new TypeError(
      `${owner}: ${option} does not look random (a word, a repeated or counting pattern, a placeholder); ${MAKE_ONE} (the value is not shown).`,
    )
  }
  return secret
}

/**
 * Checks a secret's decoded bytes (the key after `whsec_`): at least `minBytes` of them, not all
 * mostly printable text (random bytes almost never are), and not a pattern. Throws as `checkSecretText`.
 */
export function checkSecretBytes(
  owner: string,
  option: string,
  key: Uint8Array,
  minBytes: number,
): void {
  if (key.length < minBytes) {
    throw new TypeError(
      `${owner}: ${option} must hold at least ${minBytes} random bytes after whsec_ (a provider's does); ${MAKE_ONE}, written whsec_ then that (the value is not shown).`,
    )
  }
  if (mostlyText(key) || looksPatterned(Array.from(key))) {
    throw new TypeError(
      `${owner}: ${option} does not look like random bytes after whsec_ (text or a pattern, a placeholder); use the secret the provider gave you, or ${MAKE_ONE}, written whsec_ then that (the value is not shown).`,
    )
  }
}
