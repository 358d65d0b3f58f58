import { checkSecretBytes } from './secret-strength.js'
import {
  standardWebhooksContent,
  standardWebhooksCryptoKey,
  standardWebhooksKey,
  standardWebhooksSignatures,
} from '../core/standard-webhooks.js'

/** Options of `standardWebhooksVerifier`: the secret (or secrets) and the replay window. */
export interface StandardWebhooksVerifierOptions {
  /**
   * The signing secret, as the provider shows it: `whsec_` then base64 of at least 24 random bytes
   * (the Standard Webhooks spec has providers issue 24 to 64; Svix issues 24). Text, a pattern or
   * fewer bytes throws a TypeError at construction that never quotes it. Give this or `secrets`.
   */
  secret?: string
  /**
   * Several secrets, while rotating: the new one and the old one. A delivery signed with any of
   * them is accepted; drop the old one once the provider signs with the new one only.
   */
  secrets?: readonly string[]
  /**
   * How far `webhook-timestamp` may be from this server's clock, either way, in seconds: a
   * delivery signed longer ago (a captured one, replayed) is refused. At most 3600 (1 hour): more
   * throws a RangeError. Refused before the body is read. @default 300
   */
  toleranceSeconds?: number
}

/**
 * The fewest random bytes a `whsec_` secret must hold. The Standard Webhooks spec has providers
 * issue 24 to 64 random bytes and Svix issues 24, so 24 is taken here, where the lender's own
 * secrets (invites, `hmacVerifier`) need 32: the provider, not the lender, chooses this one.
 */
const MIN_KEY_BYTES = 24
/** Signatures tried per delivery at most: rotation needs two; more would let one request cost many HMACs. */
const MAX_SIGNATURES = 8
/** The longest replay window accepted: a captured delivery may be posted again within it. */
const MAX_TOLERANCE_SECONDS = 3600
/** Longest `webhook-id` accepted (providers use about 30 characters). */
const MAX_ID_LENGTH = 256

/**
 * A `verify` hook for deliveries signed with Standard Webhooks (standardwebhooks.com): it accepts a
 * delivery only when `webhook-signature` holds a `v1` HMAC-SHA256 under one of the secrets of
 * `webhook-id`, `webhook-timestamp` and the body's bytes exactly as they arrived, and the
 * timestamp is within `toleranceSeconds` of this server's clock. The timestamp is signed, so a
 * captured delivery cannot be replayed once the tolerance has passed; within it, a copy is a
 * duplicate, known by its signed `webhook-id` (`deliveryId`), so another delivery of the same
 * event is handled. Missing or malformed headers and a stale timestamp are refused before the body
 * is read (`checkHeaders`). Compared by Web Crypto (`crypto.subtle.verify`), so it
 * runs on Node and edge runtimes alike. Bad options throw at once (TypeError, RangeError), never
 * quoting a secret.
 *
 * @example
 * verifyWebhook: standardWebhooksVerifier({ secret: process.env.IBV_WEBHOOK_SECRET! })
 */
export function standardWebhooksVerifier(options: StandardWebhooksVerifierOptions): ((
  request: Request,
) => Promise<boolean>) & {
  readonly checkHeaders: (headers: Headers) => boolean
  readonly deliveryId: (headers: Headers) => string | undefined
} {
  const owner = 'standardWebhooksVerifier'
  const { secret, secrets, toleranceSeconds = 300 } = options ?? {}
  if (secret !== undefined && secrets !== undefined)
    throw new TypeError(`${owner}: give secret or secrets, not both.`)
  const given: readonly unknown[] = secrets ?? (secret === undefined ? [] : [secret])
  if (!Array.isArray(given) || given.length === 0)
    throw new TypeError(
      `${owner}: a secret is required (secret, or secrets while rotating), written whsec_ then base64.`,
    )
  const rawKeys = given.map((value, index) => {
    const key = standardWebhooksKey(owner, value, MIN_KEY_BYTES)
    checkSecretBytes(
      owner,
      secrets === undefined ? 'secret' : `secrets[${index}]`,
      key,
      MIN_KEY_BYTES,
    )
    return key
  })
  if (
    typeof toleranceSeconds !== 'number' ||
    !Number.isFinite(toleranceSeconds) ||
    toleranceSeconds <= 0 ||
    toleranceSeconds > MAX_TOLERANCE_SECONDS
  ) {
    const got = typeof toleranceSeconds === 'number' ? toleranceSeconds : typeof toleranceSeconds
    throw new RangeError(
      `${owner}: toleranceSeconds must be a positive number of seconds, at most ${MAX_TOLERANCE_SECONDS} (1 hour: a longer window lets a captured delivery be replayed for longer), not ${got}.`,
    )
  }
  /** What the headers alone say: the id, the timestamp and the signatures to try, or undefined when they cannot be genuine. */
  const fromHeaders = (headers: Headers) => {
    const id = headers.get('webhook-id') ?? ''
    const timestamp = headers.get('webhook-timestamp') ?? ''
    if (id === '' || id.length > MAX_ID_LENGTH || !/^\d{1,12}$/.test(timestamp)) return undefined
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return undefined
    const signatures = standardWebhooksSignatures(headers.get('webhook-signature') ?? '').slice(
      0,
      MAX_SIGNATURES,
    )
    return signatures.length === 0 ? undefined : { id, timestamp, signatures }
  }
  // Asked by the route before the body is read: a delivery with missing or malformed headers, or a
  // stale timestamp, is refused with none of its body taken.
  const checkHeaders = (headers: Headers) => fromHeaders(headers) !== undefined
  let keys: Promise<CryptoKey[]> | undefined
  const verify = async (request: Request) => {
    // Cheap checks first: a refused delivery costs no HMAC.
    const signed = fromHeaders(request.headers)
    if (!signed) return false
    keys ??= Promise.all(rawKeys.map((key) => standardWebhooksCryptoKey(key, 'verify')))
    // The bytes, not the decoded text: decoding drops a BOM and replaces invalid UTF-8.
    const content = standardWebhooksContent(
      signed.id,
      signed.timestamp,
      new Uint8Array(await request.arrayBuffer()),
    )
    for (const key of await keys) {
      for (const signature of signed.signatures)
        if (await crypto.subtle.verify('HMAC', key, signature, content)) return true
    }
    return false
  }
  // Signed with the body, so copies of a delivery are known by it (the route's duplicate key).
  const deliveryId = (headers: Headers) => fromHeaders(headers)?.id
  return Object.assign(verify, { checkHeaders, deliveryId })
}
