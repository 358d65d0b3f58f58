import { describe, expect, it } from 'vitest'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { inviteBackend, PAGE, SECRET } from './invite-backend.js'
import { randomSecret } from '../secrets.js'

const DAY = 86_400

describe('POST /invites', () => {
  it('answers the page URL with a signed invite in ibv_invite, and when it expires (7 days)', async () => {
    const { call, sandbox, asked } = inviteBackend()
    const answer = await call('/invites', { consumer_id: 'LND-42' })
    expect(answer.status).toBe(201)
    const url = new URL(answer.body.url as string)
    expect(`${url.origin}${url.pathname}`).toBe(PAGE)
    expect(url.searchParams.get('ibv_invite')).toMatch(/^[\w.-]{40,}$/)
    expect(answer.body.expires_at).toBe(
      new Date(sandbox.clock.now() + 7 * DAY * 1000).toISOString(),
    )
    expect(asked).toEqual([
      { request: expect.any(Request), action: 'invite', consumerId: 'LND-42' },
    ])
  })

  it('keeps the query of pageUrl, and takes ttlSeconds', async () => {
    const { call, sandbox } = inviteBackend({
      invites: { pageUrl: 'https://lender.test/connect?lang=en', ttlSeconds: 3600 },
    })
    const answer = await call('/invites', { consumer_id: 'LND-42' })
    const url = new URL(answer.body.url as string)
    expect(url.searchParams.get('lang')).toBe('en')
    expect(url.searchParams.get('ibv_invite')).not.toBeNull()
    expect(answer.body.expires_at).toBe(new Date(sandbox.clock.now() + 3600 * 1000).toISOString())
  })

  it('is refused with 403 when authorize says no', async () => {
    const { call } = inviteBackend({ authorize: ({ consumerId }) => consumerId === 'mine' })
    expect((await call('/invites', { consumer_id: 'theirs' })).status).toBe(403)
    expect((await call('/invites', { consumer_id: 'mine' })).status).toBe(201)
  })

  it.each([
    ['missing', {}],
    ['empty', { consumer_id: '  ' }],
    ['not a string', { consumer_id: 42 }],
    ['too long', { consumer_id: 'L'.repeat(257) }],
    ['a control character', { consumer_id: 'LND\n42' }],
    ['a dot segment', { consumer_id: '..' }],
  ])('answers 400 for a consumer id that is %s, without asking authorize', async (_, body) => {
    const { call, asked } = inviteBackend()
    const answer = await call('/invites', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      code: 'invalid_request',
      fields: { consumer_id: [expect.any(String)] },
    })
    expect(asked).toEqual([])
  })

  it('is absent (404) when invites are not configured, and the token route refuses invites with 400', async () => {
    const { call, asked } = inviteBackend({ invites: false })
    expect((await call('/invites', { consumer_id: 'LND-42' })).status).toBe(404)
    expect(
      (await call('/invites/complete', { invite: 'x', product_request_id: 'IBV1' })).status,
    ).toBe(404)
    const token = await call('/tokens', { type: 'invite', invite: 'v1.abc.def' })
    expect(token.status).toBe(400)
    expect(token.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/invites are not enabled/i),
    })
    expect(asked).toEqual([])
  })
})

describe('POST /tokens with an invite', () => {
  it("mints the invite's consumer's token with no session: authorize is not asked", async () => {
    const { invite, token, minted, asked } = inviteBackend()
    const code = await invite('LND-42')
    asked.length = 0
    const answer = await token(code)
    expect(answer).toMatchObject({
      status: 200,
      body: { access_token: expect.stringMatching(/^sbx_c_/), expires_in: 3600 },
    })
    expect(minted).toEqual(['LND-42'])
    expect(asked).toEqual([])
  })

  it('takes the consumer from the signed invite, never from the body', async () => {
    const { invite, call, minted } = inviteBackend()
    const code = await invite('LND-42')
    expect(
      (await call('/tokens', { type: 'invite', invite: code, consumer_id: 'LND-OTHER' })).status,
    ).toBe(200)
    expect(minted).toEqual(['LND-42'])
  })

  it('refuses every single-character change of the invite (payload and signature) with 401, never echoing it', async () => {
    const { invite, token, minted } = inviteBackend()
    const code = await invite('LND-42')
    for (let index = 0; index < code.length; index++) {
      const swapped = code[index] === 'A' ? 'B' : 'A'
      const tampered = code.slice(0, index) + swapped + code.slice(index + 1)
      const answer = await token(tampered)
      expect(answer.status, `character ${index}`).toBe(401)
      expect(answer.body).toEqual({
        message: expect.stringMatching(/not valid/),
        code: 'unauthorized',
      })
      expect(answer.text).not.toContain(tampered)
    }
    for (const broken of [
      code.slice(0, -1),
      `${code}A`,
      code.split('.').slice(0, 2).join('.'),
      `x${code}`,
      '',
      '...',
      'v1.e30.',
      'v1.bm90IGpzb24.AAAA',
    ]) {
      const answer = await token(broken)
      expect([400, 401], broken).toContain(answer.status)
      if (broken !== '') expect(answer.text).not.toContain(broken)
    }
    expect(minted).toEqual([])
  })

  it('refuses an invite signed with another secret, and verifies with any secret of a rotation', async () => {
    const other = inviteBackend({ invites: { secret: randomSecret() } })
    const foreign = await other.invite('LND-42')
    const { token } = inviteBackend()
    expect((await token(foreign)).status).toBe(401)

    const rotated = inviteBackend({ invites: { secret: [randomSecret(), SECRET] } })
    expect((await rotated.token(foreign)).status).toBe(401)
    const signedBefore = await inviteBackend().invite('LND-42')
    expect((await rotated.token(signedBefore)).status).toBe(200)
    const signedAfter = await rotated.invite('LND-42')
    expect((await token(signedAfter)).status).toBe(401)
    expect((await rotated.token(signedAfter)).status).toBe(200)
  })

  it('refuses an expired invite with 401, on the backend clock', async () => {
    const { invite, token, sandbox } = inviteBackend({ invites: { ttlSeconds: DAY } })
    const code = await invite()
    await sandbox.advance(DAY - 1)
    expect((await token(code)).status).toBe(200)
    await sandbox.advance(1)
    const answer = await token(code)
    expect(answer).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/expired/), code: 'unauthorized' },
    })
  })

  it('asks for an invite when type is invite and none is given', async () => {
    const { call } = inviteBackend()
    const answer = await call('/tokens', { type: 'invite' })
    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { invite: [expect.any(String)] } },
    })
  })
})

describe('createIbvBackend({ invites }) checks its options', () => {
  const client = createIbvClient({ apiKey: 'k', serviceUrl: 'https://s.test' })
  const build = (invites: unknown) => () =>
    createIbvBackend({
      client,
      authorize: () => true,
      verifyWebhook: () => true,
      invites: invites as never,
    })

  it.each([
    [{ secret: 'short', pageUrl: PAGE }, /invites\.secret is too short/],
    [{ secret: [], pageUrl: PAGE }, /secret/],
    [{ secret: [SECRET, 'short'], pageUrl: PAGE }, /invites\.secret\[1\] is too short/],
    [{ secret: SECRET }, /pageUrl/],
    [{ secret: SECRET, pageUrl: '/borrower' }, /absolute/],
    [{ secret: SECRET, pageUrl: 'http://lender.example/borrower' }, /https/],
    [{ secret: SECRET, pageUrl: 'javascript:alert(1)' }, /https/],
    [{ secret: SECRET, pageUrl: PAGE, ttlSeconds: 0 }, /ttlSeconds/],
    [{ secret: SECRET, pageUrl: PAGE, ttlSeconds: 1.5 }, /ttlSeconds/],
    [{ secret: SECRET, pageUrl: PAGE, ttlSeconds: 400 * DAY }, /ttlSeconds/],
  ])('%#: refuses %j', (invites, message) => {
    expect(build(invites)).toThrow(message)
  })

  it('accepts http on loopback, for development', () => {
    for (const pageUrl of [
      'http://127.0.0.1:5173/borrower',
      'http://localhost:5173/borrower',
      'http://[::1]:5173/borrower',
    ]) {
      expect(build({ secret: SECRET, pageUrl })).not.toThrow()
    }
  })

  it('never puts the secret in an error', () => {
    expect(build({ secret: 'too-short-secret', pageUrl: PAGE })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('too-short-secret') }),
    )
  })
})
