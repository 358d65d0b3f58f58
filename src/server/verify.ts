import { checkSecretText } from './secret-strength.js'

// The service API shows no webhook signing. What we recommend instead, checked in constant time: an HMAC
// of the body in a header (hmacVerifier), or a secret the service sends with every delivery, in a
// header (ask the provider's customer success team to add it) or as HTTP basic auth in the URL.

/** A verifier that needs only the request's headers: the backend asks it before reading the body. */
export type HeaderVerifier = ((request: Request) => boolean) & { readonly headersOnly: true }

/** A `verify` hook that accepts a delivery only when header `name` equals `secret`. Asked before the body is read. */
export function headerSecretVerifier(name: string, secret: string): HeaderVerifier {
  if (!secret) throw new TypeError('headerSecretVerifier: secret must not be empty.')
  return Object.assign(
    (request: Request) => constantTimeEqual(request.headers.get(name) ?? '', secret),
    { headersOnly: true as const },
  )
}

/** A `verify` hook that accepts a delivery only with these basic-auth credentials. Asked before the body is read. */
export function basicAuthVerifier(username: string, password: string): HeaderVerifier {
  if (!password) throw new TypeError('basicAuthVerifier: password must not be empty.')
  const expected = `Basic ${btoa(`${username}:${password}`)}`
  return Object.assign(
    (request: Request) => constantTimeEqual(request.headers.get('authorization') ?? '', expected),
    { headersOnly: true as const },
  )
}

/** Compares two strings in time that depends only on their lengths. */
export function constantTimeEqual(actual: string, expected: string): boolean {
  const a = new TextEncoder().encode(actual)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  return difference === 0
}

export interface HmacVerifierOptions {
  /** The header that carries the signature, such as `x-ibv-signature`. */
  header: string
  /**
   * The secret shared with the service: at least 32 random bytes, in base64 or hex (`openssl rand
   * -base64 32`). A shorter, repeated or patterned one throws a TypeError that never quotes it.
   */
  secret: string
  /** The hash of the HMAC. @default 'SHA-256' */
  algorithm?: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512'
  /** How the signature is written in the header. @default 'hex' */
  encoding?: 'hex' | 'base64'
}

/**
 * A `verify` hook that accepts a delivery only when `header` holds the HMAC of the body's bytes,
 * exactly as they arrived (a byte-order mark or invalid UTF-8 included), under `secret`, compared
 * in constant time. A prefix naming the hash (`sha256=…`) is accepted, and hex
 * in either case. Uses Web Crypto, so it runs on Node and edge runtimes alike.
 *
 * @example
 * verifyWebhook: hmacVerifier({ header: 'x-ibv-signature', secret: process.env.IBV_WEBHOOK_SECRET! })
 */
export function hmacVerifier(options: HmacVerifierOptions): ((
  request: Request,
) => Promise<boolean>) & {
  readonly checkHeaders: (headers: Headers) => boolean
} {
  const { header, secret, algorithm = 'SHA-256', encoding = 'hex' } = options
  if (!header) throw new TypeError('hmacVerifier: header must name the signature header.')
  checkSecretText('hmacVerifier', 'secret', secret)
  const encoder = new TextEncoder()
  const macBytes = MAC_BYTES[algorithm]
  if (macBytes === undefined)
    throw new TypeError(
      `hmacVerifier: algorithm must be one of ${Object.keys(MAC_BYTES).join(', ')}.`,
    )
  // The form of a signature of this algorithm and encoding: anything else cannot match.
  const form =
    encoding === 'hex'
      ? new RegExp(`^[0-9a-f]{${macBytes * 2}}$`)
      : new RegExp(`^[A-Za-z0-9+/]{${Math.ceil((macBytes * 4) / 3)}}={0,2}$`)
  const received = (headers: Headers) => {
    const value = (headers.get(header) ?? '').trim().replace(/^sha(1|256|384|512)=/i, '')
    return encoding === 'hex' ? value.toLowerCase() : value
  }
  // Asked before the body is read: a missing or malformed signature is refused with none of it taken.
  const checkHeaders = (headers: Headers) => form.test(received(headers))
  let key: Promise<CryptoKey> | undefined
  const verify = async (request: Request) => {
    if (!checkHeaders(request.headers)) return false
    key ??= crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: algorithm },
      false,
      ['sign'],
    )
    // The bytes, not the decoded text: decoding drops a BOM and replaces invalid UTF-8.
    const mac = new Uint8Array(
      await crypto.subtle.sign('HMAC', await key, await request.arrayBuffer()),
    )
    const expected =
      encoding === 'hex'
        ? Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')
        : btoa(String.fromCharCode(...mac))
    return constantTimeEqual(received(request.headers), expected)
  }
  return Object.assign(verify, { checkHeaders })
}

/** Bytes of the MAC of each algorithm. */
const MAC_BYTES: Record<string, number> = {
  'SHA-1': 20,
  'SHA-256': 32,
  'SHA-384': 48,
  'SHA-512': 64,
}
