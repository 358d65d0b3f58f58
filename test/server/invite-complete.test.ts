import { describe, expect, it, vi } from 'vitest'
import { createBackendFetchers } from '../../src/core/fetchers.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { inviteBackend } from './invite-backend.js'

describe('POST /invites/complete: single use', () => {
  it('refuses the invite once a connection was completed with it, and tells onUsed once', async () => {
    const { invite, token, complete, productRequest, used } = inviteBackend()
    const code = await invite('LND-42')
    expect((await token(code)).status).toBe(200)
    const id = await productRequest('LND-42')
    expect(await complete(code, id)).toMatchObject({
      status: 200,
      body: { used: true, confirmed: true },
    })
    const again = await token(code)
    expect(again).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/already used/), code: 'unauthorized' },
    })
    expect(again.text).not.toContain(code)
    // Reported twice (a retry): still used, still fine, and onUsed is not told again.
    expect(await complete(code, id)).toMatchObject({
      status: 200,
      body: { used: true, confirmed: true },
    })
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
      expect(answer).toMatchObject({
        status: 409,
        body: {
          code: 'conflict',
          message: expect.stringMatching(/already used for another connection/),
        },
      })
      expect(answer.text).not.toContain(other)
      expect(answer.text).not.toContain(code)
    }
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: first }])
  })

  it('uses the invite for a pending product request (202, not confirmed), and tells onUsed once the webhook names the applicant', async () => {
    const { invite, token, complete, productRequest, sandbox, used } = inviteBackend()
    const code = await invite('LND-42')
    const id = await productRequest('LND-42', false)
    expect(await complete(code, id)).toMatchObject({
      status: 202,
      body: { used: true, confirmed: false },
    })
    expect(used).toEqual([])
    expect((await token(code)).status).toBe(401)
    await sandbox.advance(60) // the report is generated: the sandbox's webhook reaches the backend
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
    expect(await complete(code, id)).toMatchObject({
      status: 200,
      body: { used: true, confirmed: true },
    })
    expect(used).toHaveLength(1)
  })

  it('confirms a pending product request on a later completion that finds the report ready, when no webhook came', async () => {
    const quiet = createSandbox({
      clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
      apiKey: 'sk_test_invites',
    })
    const { invite, complete, productRequest, sandbox, used } = inviteBackend({ sandbox: quiet })
    const code = await invite('LND-42')
    const id = await productRequest('LND-42', false)
    expect((await complete(code, id)).status).toBe(202)
    await sandbox.advance(60)
    expect(used).toEqual([])
    expect(await complete(code, id)).toMatchObject({
      status: 200,
      body: { used: true, confirmed: true },
    })
    expect(await complete(code, id)).toMatchObject({
      status: 200,
      body: { used: true, confirmed: true },
    })
    expect(used).toEqual([{ consumerId: 'LND-42', productRequestId: id }])
  })

  it("never attributes another applicant's pending product request: the webhook names its owner, onUsed is not told", async () => {
    const { invite, complete, productRequest, sandbox, used, errors } = inviteBackend()
    const code = await invite('LND-42')
    const theirs = await productRequest('LND-OTHER', false)
    // Pending, its owner unknown: the invite is spent (only the holder loses), nothing is attributed.
    expect(await complete(code, theirs)).toMatchObject({
      status: 202,
      body: { used: true, confirmed: false },
    })
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
    expect(await complete(code, '')).toMatchObject({
      status: 400,
      body: { fields: { product_request_id: [expect.any(String)] } },
    })
    expect((await token(code)).status).toBe(200)
    expect(used).toEqual([])
  })

  it('refuses a tampered or expired invite with 401', async () => {
    const { invite, complete, productRequest, sandbox } = inviteBackend({
      invites: { ttlSeconds: 120 },
    })
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
    await expect(
      fetchers.completeInvite(code, await productRequest('LND-42', false)),
    ).resolves.toBeUndefined()
    expect(sent).toEqual(['/api/ibv/invites/complete'])
    expect(used).toEqual([])
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(
      fetchers.completeInvite(code, await productRequest('LND-42')),
    ).rejects.toMatchObject({ status: 409, retryable: false })
    expect(sent).toHaveLength(2)
    expect(String(logged.mock.calls[0]?.[0])).not.toContain(code)
    logged.mockRestore()
  })
})
