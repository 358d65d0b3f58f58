// @vitest-environment node
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createIbvBackend,
  createIbvClient,
  hmacVerifier,
  standardWebhooksVerifier,
} from '../../src/server/index.js'
import { randomSecret, randomWebhookSecret } from '../secrets.js'

// M3 of issue 37: the invites guide fell back to a secret printed in it, and the library checked
// only its length, so an invite forged with the guide's secret was taken. 32 spaces or 'a' × 32
// were accepted too. Secrets are now checked for strength when they are given.
const client = createIbvClient({ apiKey: 'sk_test_strength', serviceUrl: 'https://service.test' })
const withInvites = (secret: unknown) => () =>
  createIbvBackend({
    client,
    authorize: () => true,
    verifyWebhook: () => true,
    invites: { secret: secret as string, pageUrl: 'https://lender.test/connect' },
  })
const withHmac = (secret: unknown) => () =>
  hmacVerifier({ header: 'x-signature', secret: secret as string })
const withStandard = (secret: unknown) => () =>
  standardWebhooksVerifier({ secret: secret as string })
const base64 = (text: string) => Buffer.from(text).toString('base64')

const WEAK = [
  ['32 spaces', ' '.repeat(32)],
  ["'a' × 32", 'a'.repeat(32)],
  ["'a' × 64", 'a'.repeat(64)],
  ["'abcd' × 8", 'abcd'.repeat(8)],
  ["'abcd' × 16", 'abcd'.repeat(16)],
  ['the old guide fallback', 'dev-invite-secret-0123456789abcdef0123456789'],
  ['a counting string', '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ'],
  ['a sentence', 'this is my very secret invite secret for production'],
  ['16 random bytes in hex', randomBytes(16).toString('hex')],
  ['24 random bytes in base64', randomBytes(24).toString('base64')],
  ['a repeated random half', randomBytes(16).toString('hex').repeat(2)],
  ['zero bytes in hex', '00'.repeat(32)],
  // Text written as hex or base64 is still text: the decoded bytes are looked at too.
  ['hex of a sentence', Buffer.from('my super secret webhook key 1234').toString('hex')],
  ['base64 of a sentence', base64('this is my secret webhook key ok!')],
] as const

describe('secret strength', () => {
  it.each(WEAK)(
    'invites.secret refuses %s, naming the option and how to make one, never the secret',
    (_, secret) => {
      expect(withInvites(secret)).toThrow(TypeError)
      expect(withInvites(secret)).toThrow(/invites\.secret.*openssl rand -base64 32/s)
      try {
        withInvites(secret)()
      } catch (error) {
        expect(String((error as Error).message)).not.toContain(secret.trim() || '\u0000')
      }
    },
  )

  it.each(WEAK)('hmacVerifier refuses %s as secret', (_, secret) => {
    expect(withHmac(secret)).toThrow(/hmacVerifier: secret .*openssl rand -base64 32/s)
  })

  it('names the entry of a list of invite secrets that is weak', () => {
    expect(withInvites([randomSecret(), 'a'.repeat(40)])).toThrow(/invites\.secret\[1\]/)
  })

  it.each([
    ['a placeholder word', `whsec_${base64('dev-secret-for-the-sandbox')}`],
    ['24 zero bytes', `whsec_${base64('\0'.repeat(24))}`],
    ["'a' × 32", `whsec_${base64('a'.repeat(32))}`],
    ['16 random bytes', `whsec_${randomBytes(16).toString('base64')}`],
    ['text of 48 characters', `whsec_${base64('my webhook secret, typed in by hand, not random')}`],
    [
      'text with one odd byte',
      `whsec_${Buffer.concat([Buffer.from('ThisIsMySecretKey123456'), Buffer.from([0xff])]).toString('base64')}`,
    ],
  ])('standardWebhooksVerifier refuses %s', (_, secret) => {
    expect(withStandard(secret)).toThrow(TypeError)
    expect(withStandard(secret)).toThrow(/standardWebhooksVerifier: .*openssl rand -base64 32/s)
    expect(withStandard(secret)).not.toThrow(secret.slice(6))
  })

  it.each([
    ['32 random bytes in base64', () => randomBytes(32).toString('base64')],
    ['32 random bytes in base64url', () => randomBytes(32).toString('base64url')],
    ['32 random bytes in hex', () => randomBytes(32).toString('hex')],
    ['48 random bytes in base64', () => randomBytes(48).toString('base64')],
    ['the test helper', randomSecret],
  ])('accepts %s (many draws)', (_, make) => {
    for (let draw = 0; draw < 200; draw++) {
      const secret = make()
      expect(withInvites(secret)).not.toThrow()
      expect(withHmac(secret)).not.toThrow()
    }
  })

  it("accepts a provider's whsec_ secret of 24 random bytes (Svix's length) and more (many draws)", () => {
    for (let draw = 0; draw < 200; draw++) {
      expect(withStandard(`whsec_${randomBytes(24).toString('base64')}`)).not.toThrow()
      expect(withStandard(`whsec_${randomBytes(32).toString('base64')}`)).not.toThrow()
      expect(withStandard(randomWebhookSecret())).not.toThrow()
    }
  })
})
