import { checkSecretText } from './secret-strength.js'
import { constantTimeEqual } from './verify.js'
import type { InviteStore } from './invite-store.js'

/** Invites: links that let a borrower connect a bank with no session of their own. */
export interface IbvInviteOptions {
  /**
   * Signs the invites (HMAC-SHA256): at least 32 random bytes, in base64 or hex (`openssl rand
   * -base64 32` makes one), kept on the server like the API key. A shorter, repeated or patterned
   * value (a word, `'a'` × 32) throws a TypeError at construction that never quotes it.
   * To rotate, pass a list: the first signs, every one verifies, so links sent before the change
   * keep working until you drop the old secret. Dropping every secret an invite was signed with
   * revokes it.
   */
  secret: string | readonly string[]
  /**
   * The borrower's page (it renders `<ConnectButton invite>`): the link is this URL with the invite
   * in its `ibv_invite` query parameter. An absolute `https:` URL; `http:` only on loopback
   * (`localhost`, `127.0.0.1`, `[::1]`), for development.
   */
  pageUrl: string
  /** How long an invite may be used, in seconds (at most 90 days). @default 604800 (7 days) */
  ttlSeconds?: number
  /**
   * Where used invites (with the product request each was used for) and the claims awaiting their
   * owner are remembered until the invites expire, and what staff see of each invite sent
   * (`GET /invites`) for 30 days after it expires. `createMemoryInviteStore()` for one instance,
   * `createRedisInviteStore` (`ibv-kit/server/redis`) for several.
   * @default createMemoryInviteStore()
   */
  store?: InviteStore
  /**
   * Told once per invite, when the product request the borrower's page reported is confirmed as
   * the applicant's: at once when its report was ready, else when the webhook `report_generated`
   * or `report_generation_failed` names the applicant (or a later completion finds the report
   * ready). Never for a product request the service says belongs to someone else. Record the
   * product request for the applicant here. A throw is told to `onError`; it is not called again.
   */
  onUsed?: (used: { consumerId: string; productRequestId: string }) => void | Promise<void>
  /** The clock invites are signed and checked by, in epoch milliseconds (a sandbox's in tests). @default Date.now */
  now?: () => number
}

/** What a valid invite says. */
export interface InviteClaims {
  /** The invite's own id: what the used-invite record is keyed by. */
  id: string
  consumerId: string
  /** Epoch milliseconds. */
  expiresAt: number
}

/** Why an invite is refused: its message is what the borrower's browser is told (never the invite). */
export type InviteRefusal = 'invalid' | 'expired' | 'used'

export const INVITE_REFUSALS: Record<InviteRefusal, string> = {
  invalid: 'This invite link is not valid.',
  expired: 'This invite link has expired. Ask your lender for a new one.',
  used: 'This invite link was already used. Ask your lender for a new one.',
}

const DEFAULT_TTL_SECONDS = 7 * 86_400
const MAX_TTL_SECONDS = 90 * 86_400
/** Longer than any invite this code signs (a 256-character consumer id makes about 450). */
const MAX_INVITE_LENGTH = 2048
const VERSION = 'v1'
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Checks the options (a clear `TypeError` or `RangeError` naming the option, never the secret) and
 * returns the signer: `issue` makes an invite, `verify` reads one back.
 */
export function createInviteSigner(options: IbvInviteOptions) {
  const secrets = checkSecrets(options.secret)
  const pageUrl = checkPageUrl(options.pageUrl)
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 60 || ttlSeconds > MAX_TTL_SECONDS) {
    throw new RangeError(
      `createIbvBackend: invites.ttlSeconds must be a whole number of seconds from 60 to ${MAX_TTL_SECONDS} (90 days), not ${ttlSeconds}.`,
    )
  }
  const now = options.now ?? Date.now
  const encoder = new TextEncoder()
  const keys = secrets.map((secret) =>
    crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    ),
  )
  // Domain-separated, so an HMAC made with this secret for anything else never passes for an invite.
  const sign = async (key: Promise<CryptoKey>, payload: string) =>
    base64url(
      new Uint8Array(
        await crypto.subtle.sign(
          'HMAC',
          await key,
          encoder.encode(`ibv-invite.${VERSION}.${payload}`),
        ),
      ),
    )

  return {
    ttlSeconds,
    now,
    async issue(
      consumerId: string,
    ): Promise<{ id: string; invite: string; url: string; expiresAt: number }> {
      const expiresAt = now() + ttlSeconds * 1000
      const id = base64url(crypto.getRandomValues(new Uint8Array(16)))
      const payload = base64url(
        encoder.encode(JSON.stringify({ i: id, c: consumerId, e: Math.floor(expiresAt / 1000) })),
      )
      const invite = `${VERSION}.${payload}.${await sign(keys[0] as Promise<CryptoKey>, payload)}`
      const url = new URL(pageUrl)
      url.searchParams.set('ibv_invite', invite)
      return { id, invite, url: url.href, expiresAt: Math.floor(expiresAt / 1000) * 1000 }
    },
    /** The claims of a genuine, unexpired invite; else why not. Says nothing of whether it was used. */
    async verify(invite: unknown): Promise<InviteClaims | InviteRefusal> {
      if (typeof invite !== 'string' || invite.length > MAX_INVITE_LENGTH) return 'invalid'
      const [version, payload, signature, ...rest] = invite.split('.')
      if (version !== VERSION || !payload || !signature || rest.length > 0) return 'invalid'
      // Every secret is tried, whichever matches, so the time taken does not say which one did.
      let genuine = false
      for (const key of keys)
        genuine = constantTimeEqual(signature, await sign(key, payload)) || genuine
      if (!genuine) return 'invalid'
      const claims = readClaims(payload)
      if (!claims) return 'invalid'
      return now() >= claims.expiresAt ? 'expired' : claims
    },
  }
}

export type InviteSigner = ReturnType<typeof createInviteSigner>

function checkSecrets(secret: unknown): string[] {
  const list =
    typeof secret === 'string' ? [secret] : Array.isArray(secret) ? (secret as unknown[]) : []
  if (list.length === 0) checkSecretText('createIbvBackend', 'invites.secret', undefined)
  return list.map((item, index) =>
    checkSecretText(
      'createIbvBackend',
      typeof secret === 'string' ? 'invites.secret' : `invites.secret[${index}]`,
      item,
    ),
  )
}

function checkPageUrl(pageUrl: unknown): string {
  if (typeof pageUrl !== 'string' || pageUrl === '')
    throw new TypeError(
      'createIbvBackend: invites.pageUrl is required: the borrower page the invite links to.',
    )
  let url: URL
  try {
    url = new URL(pageUrl)
  } catch {
    throw new TypeError(
      'createIbvBackend: invites.pageUrl must be an absolute URL, such as https://apply.example.com/connect.',
    )
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new TypeError(
      'createIbvBackend: invites.pageUrl must be an https URL (http only on localhost or 127.0.0.1, for development).',
    )
  }
  if (url.searchParams.has('ibv_invite'))
    throw new TypeError(
      'createIbvBackend: invites.pageUrl must not have an ibv_invite parameter of its own.',
    )
  return url.href
}

function readClaims(payload: string): InviteClaims | undefined {
  try {
    const value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(payload)),
    ) as Record<string, unknown>
    const { i: id, c: consumerId, e: expires } = value
    if (
      typeof id !== 'string' ||
      typeof consumerId !== 'string' ||
      typeof expires !== 'number' ||
      !Number.isSafeInteger(expires)
    )
      return undefined
    return { id, consumerId, expiresAt: expires * 1000 }
  } catch {
    return undefined
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
