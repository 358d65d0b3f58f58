// The Standard Webhooks signing scheme (standardwebhooks.com), shared by the verifier of
// ibv-kit/server and the sandbox, which signs its deliveries with it: headers `webhook-id`,
// `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` entries,
// space-separated) over the content `id.timestamp.body`. Web Crypto only, so it runs anywhere.

const PREFIX = 'whsec_'
/** The shortest HMAC key taken, in bytes. */
const MIN_KEY_BYTES = 16
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==?|[A-Za-z0-9+/]{3}=?)?$/

/**
 * The HMAC key of a secret written `whsec_<base64>`, as providers show it, of at least `minBytes`
 * bytes (16 by default: the sandbox's; the verifier asks 24). Anything else throws a TypeError
 * naming `owner` that never repeats the secret.
 */
export function standardWebhooksKey(
  owner: string,
  secret: unknown,
  minBytes = MIN_KEY_BYTES,
): Uint8Array<ArrayBuffer> {
  if (typeof secret !== 'string' || !secret.startsWith(PREFIX)) {
    throw new TypeError(
      `${owner}: a webhook secret must be written whsec_ then base64, as the provider shows it (the value is not shown).`,
    )
  }
  const encoded = secret.slice(PREFIX.length)
  if (encoded === '' || !BASE64.test(encoded)) {
    throw new TypeError(
      `${owner}: the part of a webhook secret after whsec_ must be non-empty base64 (A-Z, a-z, 0-9, + and /; the value is not shown).`,
    )
  }
  const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))
  // Providers issue 24 to 64 random bytes; a few bytes (a placeholder such as whsec_test) can be guessed.
  if (key.length < minBytes) {
    throw new TypeError(
      `${owner}: a webhook secret must hold at least ${minBytes} random bytes after whsec_ (a provider's is 24 or more); this looks like a placeholder; make one with \`openssl rand -base64 32\` (the value is not shown).`,
    )
  }
  return key
}

/** The signed content: `id.timestamp.` then the body's bytes, as they were sent. */
export function standardWebhooksContent(
  id: string,
  timestamp: string,
  body: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(`${id}.${timestamp}.`)
  const content = new Uint8Array(head.length + body.length)
  content.set(head)
  content.set(body, head.length)
  return content
}

/** An HMAC-SHA256 key of Web Crypto for `usage`. */
export function standardWebhooksCryptoKey(
  key: Uint8Array<ArrayBuffer>,
  usage: 'sign' | 'verify',
): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [usage])
}

/** The `webhook-signature` entry `v1,<base64>` of one delivery, under `key` (from `standardWebhooksCryptoKey`). */
export async function signStandardWebhook(
  key: CryptoKey,
  id: string,
  timestamp: string,
  body: Uint8Array,
): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, standardWebhooksContent(id, timestamp, body)),
  )
  return `v1,${btoa(String.fromCharCode(...mac))}`
}

/** The `v1` signatures of a `webhook-signature` header, decoded; other versions and malformed entries are skipped. */
export function standardWebhooksSignatures(header: string): Uint8Array<ArrayBuffer>[] {
  const signatures: Uint8Array<ArrayBuffer>[] = []
  for (const entry of header.split(' ')) {
    if (!entry.startsWith('v1,')) continue
    const encoded = entry.slice(3)
    if (!BASE64.test(encoded)) continue
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))
    // HMAC-SHA256 is 32 bytes: any other length cannot match, so it costs no HMAC.
    if (bytes.length === 32) signatures.push(bytes)
  }
  return signatures
}
