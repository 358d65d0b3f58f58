// Deterministic randomness: the same seed gives the same sequence in every sandbox, so a product
// request id always yields the same report.

/** A 32-bit FNV-1a hash of a string, as a seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A small, fast seeded generator (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/** One element of a non-empty list. */
export function pick<T>(random: () => number, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0]
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A string of `length` unambiguous uppercase letters and digits. */
export function code(random: () => number, length: number): string {
  let text = ''
  for (let index = 0; index < length; index++)
    text += ALPHABET[Math.floor(random() * ALPHABET.length)]
  return text
}

/** An unguessable token from the platform's CSPRNG (tokens are secrets, ids are not). */
export function secretToken(prefix: string): string {
  return prefix + hex(crypto.getRandomValues(new Uint8Array(24)))
}

/** A token shaped like `secretToken`'s from a seeded generator: reproducible, so not a secret. */
export function seededToken(prefix: string, random: () => number): string {
  return prefix + hex(Uint8Array.from({ length: 24 }, () => Math.floor(random() * 256)))
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
