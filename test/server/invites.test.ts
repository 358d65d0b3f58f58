import { describe, expect, it, vi } from 'vitest'
import { createBackendFetchers } from '../../src/react/fetchers.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { inviteBackend, PAGE, SECRET } from './invite-backend.js'

const DAY = 86_400

describe('POST /invites', () => {
  it('answers the page URL with a signed invite in ibv_invite, and when it expires (7 days)', async () => {
    const { call, sandbox, asked } = inviteBackend()
    const answer = await call('/invites', { consumer_id: 'LND-42' })
    expect(answer.status).toBe(201)
    const url = new URL(answer.body.url as string)
    expect(`${url.origin}${url.pathname}`).toBe(PAGE)
    expect(url.searchParams.get('ibv_invite')).toMatch(/^[\w.-]{40,}$/)
    expect(answer.body.expires_at).toBe(new Date(sandbox.clock.now() + 7 * DAY * 1000).toISOString())
    expect(asked).toEqual([{ request: expect.any(Request), action: 'invite', consumerId: 'LND-42' }])
  })

  it('keeps the query of pageUrl, and takes ttlSeconds', async () => {
    const { call, sandbox } = inviteBackend({ invites: { pageUrl: 'https://lender.test/connect?lang=en', ttlSeconds: 3600 } })
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
    expect(answer.body).toMatchObject({ code: 'invalid_request', fields: { consumer_id: [expect.any(String)] } })
    expect(asked).toEqual([])
  })

  it('is absent (404) when invites are not configured, and the token route refuses invites with 400', async () => {
    const { call, asked } = inviteBackend({ invites: false })
    expect((await call('/invites', { consumer_id: 'LND-42' })).status).toBe(404)
    expect((await call('/invites/complete', { invite: 'x', product_request_id: 'IBV1' })).status).toBe(404)
    const token = await call('/tokens', { type: 'invite', invite: 'v1.abc.def' })
    expect(token.status).toBe(400)
    expect(token.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/invites are not enabled/i) })
    expect(asked).toEqual([])
  })
})

describe('POST /tokens with an invite', () => {
  it("mints the invite's consumer's token with no session: authorize is not asked", async () => {
    const { invite, token, minted, asked } = inviteBackend()
    const code = await invite('LND-42')
    asked.length = 0
    const answer = await token(code)
    expect(answer).toMatchObject({ status: 200, body: { access_token: expect.stringMatching(/^sbx_c_/), expires_in: 3600 } })
    expect(minted).toEqual(['LND-42'])
    expect(asked).toEqual([])
  })

  it('takes the consumer from the signed invite, never from the body', async () => {
    const { invite, call, minted } = inviteBackend()
    const code = await invite('LND-42')
    expect((await call('/tokens', { type: 'invite', invite: code, consumer_id: 'LND-OTHER' })).status).toBe(200)
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
      expect(answer.body).toEqual({ message: expect.stringMatching(/not valid/), code: 'unauthorized' })
      expect(answer.text).not.toContain(tampered)
    }
    for (const broken of [code.slice(0, -1), `${code}A`, code.split('.').slice(0, 2).join('.'), `x${code}`, '', '...', 'v1.e30.', 'v1.bm90IGpzb24.AAAA']) {
      const answer = await token(broken)
      expect([400, 401], broken).toContain(answer.status)
      if (broken !== '') expect(answer.text).not.toContain(broken)
    }
    expect(minted).toEqual([])
  })

  it('refuses an invite signed with another secret, and verifies with any secret of a rotation', async () => {
    const other = inviteBackend({ invites: { secret: 'another-secret-0123456789-abcdefghijklmn' } })
    const foreign = await other.invite('LND-42')
    const { token } = inviteBackend()
    expect((await token(foreign)).status).toBe(401)

    const rotated = inviteBackend({ invites: { secret: ['the-new-secret-0123456789-abcdefghijklmnop', SECRET] } })
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
    expect(answer).toMatchObject({ status: 401, body: { message: expect.stringMatching(/expired/), code: 'unauthorized' } })
  })

  it('asks for an invite when type is invite and none is given', async () => {
    const { call } = inviteBackend()
    const answer = await call('/tokens', { type: 'invite' })
    expect(answer).toMatchObject({ status: 400, body: { fields: { invite: [expect.any(String)] } } })
  })
})

describe('POST /invites/complete: single use', () => {
  it('refuses the invite once a connection was completed with it, and tells onUsed once', async () => {
    const { invite, token, complete, productRequest, used } = inviteBackend()
    const code = await invite('LND-42')
    expect((await token(code)).status).toBe(200)
    const id = await productRequest('LND-42')
    expect(await complete(code, id)).toMatchObject({ status: 200, body: { used: true, confirmed: true } })
    const again = await token(code)
    expect(again).toMatchObject({ status: 401, body: { message: expect.stringMatching(/already used/), code: 'unauthorized' } })
    expect(again.text).not.toContain(code)
    // Reported twice (a retry): still used, still fine, and onUsed is not told again.
    expect(await complete(code, id)).toMatchObject({ status: 200, body: { used: true, confirmed: true } })
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
    // Another invite for the same applicant is a new one.
    expect((await token(await invite('LND-42'))).status).toBe(200)
  })

  it('keeps the first product request: another one later is a 409 that names neither, and onUsed is not told', async () => {
    const { invite, complete, productRequest, used } = inviteBackend()
    const code = await invite('LND-42')
    const first = await productRequest('LND-42')
    const second = await productRequest('LND-42')
    expect((await complete(code, first)).status).toBe(200)
    for (const other of [second, 'IBVNOSUCHREQUEST']) {
      const answer = await complete(code, other)
      expect(answer).toMatchObject({ status: 409, body: { code: 'conflict', message: expect.stringMatching(/already used for another connection/) } })
      expect(answer.text).not.toContain(other)
      expect(answer.text).not.toContain(code)
    }
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: first }])
  })

  it('uses the invite for a pending product request (202, not confirmed), and tells onUsed once the webhook names the applicant', async () => {
    const { invite, token, complete, productRequest, sandbox, used } = inviteBackend()
    const code = await invite('LND-42')
    const id = await productRequest('LND-42', false)
    expect(await complete(code, id)).toMatchObject({ status: 202, body: { used: true, confirmed: false } })
    expect(used).toEqual([])
    expect((await token(code)).status).toBe(401)
    await sandbox.advance(60) // the report is generated: the sandbox's webhook reaches the backend
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
    expect(await complete(code, id)).toMatchObject({ status: 200, body: { used: true, confirmed: true } })
    expect(used).toHaveLength(1)
  })

  it('confirms a pending product request on a later completion that finds the report ready, when no webhook came', async () => {
    const quiet = createSandbox({ clock: createManualClock(Date.UTC(2026, 10, 26, 9)), apiKey: 'sk_test_invites' })
    const { invite, complete, productRequest, sandbox, used } = inviteBackend({ sandbox: quiet })
    const code = await invite('LND-42')
    const id = await productRequest('LND-42', false)
    expect((await complete(code, id)).status).toBe(202)
    await sandbox.advance(60)
    expect(used).toEqual([])
    expect(await complete(code, id)).toMatchObject({ status: 200, body: { used: true, confirmed: true } })
    expect(await complete(code, id)).toMatchObject({ status: 200, body: { used: true, confirmed: true } })
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
  })

  it("never attributes another applicant's pending product request: the webhook names its owner, onUsed is not told", async () => {
    const { invite, complete, productRequest, sandbox, used, errors } = inviteBackend()
    const code = await invite('LND-42')
    const theirs = await productRequest('LND-OTHER', false)
    // Pending, its owner unknown: the invite is spent (only the holder loses), nothing is attributed.
    expect(await complete(code, theirs)).toMatchObject({ status: 202, body: { used: true, confirmed: false } })
    await sandbox.advance(60)
    expect(used).toEqual([])
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toMatch(/another applicant/)
    expect(String(errors[0])).not.toContain(code)
    // Ready now: a retry is refused as any foreign request is, another request as a used invite is.
    expect((await complete(code, theirs)).status).toBe(403)
    expect((await complete(code, await productRequest('LND-42'))).status).toBe(409)
    expect(used).toEqual([])
    // The owner's own invite still records it.
    const owners = await invite('LND-OTHER')
    expect((await complete(owners, theirs)).status).toBe(200)
    expect(used).toEqual([{ consumerId: 'LND-OTHER', productRequestId: theirs }])
  })

  it("answers another applicant's ready product request and an unknown one alike (403, naming neither), leaving the invite usable", async () => {
    const { invite, token, complete, productRequest, used } = inviteBackend()
    const code = await invite('LND-42')
    const theirs = await productRequest('LND-OTHER')
    const foreign = await complete(code, theirs)
    const unknown = await complete(code, 'IBVNOSUCHREQUEST')
    expect(foreign).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(unknown.status).toBe(foreign.status)
    expect(unknown.body).toEqual(foreign.body)
    expect(foreign.text).not.toContain(theirs)
    expect(unknown.text).not.toContain('IBVNOSUCHREQUEST')
    expect(await complete(code, '')).toMatchObject({ status: 400, body: { fields: { product_request_id: [expect.any(String)] } } })
    expect((await token(code)).status).toBe(200)
    expect(used).toEqual([])
  })

  it('refuses a tampered or expired invite with 401', async () => {
    const { invite, complete, productRequest, sandbox } = inviteBackend({ invites: { ttlSeconds: 120 } })
    const code = await invite('LND-42')
    const id = await productRequest('LND-42')
    expect((await complete(`${code.slice(0, -2)}AA`, id)).status).toBe(401)
    await sandbox.advance(120)
    expect((await complete(code, id)).status).toBe(401)
  })
})

describe("the browser's completeInvite fetcher", () => {
  it('takes a 202 (pending, unconfirmed) for success at once, and gives up on a 409 without retrying', async () => {
    const { backend, invite, productRequest, used } = inviteBackend()
    const sent: string[] = []
    const fetchers = createBackendFetchers('https://lender.test/api/ibv', {
      fetch: async (input, init) => {
        sent.push(new URL(String(input)).pathname)
        return backend.fetch(new Request(input, init))
      },
    })
    const code = await invite('LND-42')
    await expect(fetchers.completeInvite(code, await productRequest('LND-42', false))).resolves.toBeUndefined()
    expect(sent).toEqual(['/api/ibv/invites/complete'])
    expect(used).toEqual([])
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(fetchers.completeInvite(code, await productRequest('LND-42'))).rejects.toMatchObject({ status: 409, retryable: false })
    expect(sent).toHaveLength(2)
    expect(String(logged.mock.calls[0]?.[0])).not.toContain(code)
    logged.mockRestore()
  })
})

describe('createIbvBackend({ invites }) checks its options', () => {
  const client = createIbvClient({ apiKey: 'k', serviceUrl: 'https://s.test' })
  const build = (invites: unknown) => () => createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true, invites: invites as never })

  it.each([
    [{ secret: 'short', pageUrl: PAGE }, /secret must be at least 32 characters/],
    [{ secret: [], pageUrl: PAGE }, /secret/],
    [{ secret: [SECRET, 'short'], pageUrl: PAGE }, /at least 32 characters/],
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
    for (const pageUrl of ['http://127.0.0.1:5173/borrower', 'http://localhost:5173/borrower', 'http://[::1]:5173/borrower']) {
      expect(build({ secret: SECRET, pageUrl })).not.toThrow()
    }
  })

  it('never puts the secret in an error', () => {
    expect(build({ secret: 'too-short-secret', pageUrl: PAGE })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('too-short-secret') }))
  })
})
