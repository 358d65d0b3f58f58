import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { call, formAction, postedMessages, submitForm } from './call.js'

// How a widget session ends, as the embedder sees it: an expired session tells the embedder (with
// the request left waiting, if any), an oversized form gets a widget page, and sessions long over
// are forgotten.
const ORIGIN = 'https://lender.test'

async function openWidget(sandbox: Sandbox) {
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
  return call(
    sandbox,
    'GET',
    `/connect?token=${token.body.access_token as string}&origin=${encodeURIComponent(ORIGIN)}`,
    undefined,
    {},
  )
}

describe('the end of a widget session', () => {
  it('an expired session tells the embedder it ended (SESSION_EXPIRED), posted to its origin', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    await sandbox.advance(1801)
    const late = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
    expect(late.status).toBe(404)
    expect(late.headers.get('content-type')).toMatch(/^text\/html/)
    expect(late.text).toContain(`data-ibv-origin="${ORIGIN}"`)
    expect(postedMessages(late.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'SESSION_EXPIRED', message: expect.any(String) },
        metadata: { status: 'session_expired' },
      },
    ])
    expect(late.text).toContain('This session expired after 30 minutes')
  })

  it('an expired session tells the embedder once: a reload or a back-forward posts nothing more', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    await sandbox.advance(1801)
    const first = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
    expect(postedMessages(first.text)).toHaveLength(1)
    const again = await call(sandbox, 'GET', formAction(page.text), undefined, {})
    expect(again.status).toBe(404)
    expect(postedMessages(again.text)).toEqual([])
  })

  it('an expired session after a wrong password hands over the request left waiting', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    await submitForm(sandbox, formAction(page.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'nope',
    })
    await sandbox.advance(1801)
    const late = await call(sandbox, 'GET', `${formAction(page.text)}?q=bank`, undefined, {})
    expect(late.status).toBe(404)
    expect(postedMessages(late.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'SESSION_EXPIRED', message: expect.any(String) },
        metadata: {
          status: 'reconnect_required',
          product_request_id: expect.stringMatching(/^IBV/),
          institution_name: 'Platypus Bank',
        },
      },
    ])
  })

  it('a session that already ended (no bank found, or connected) posts nothing more', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const first = await openWidget(sandbox)
    await submitForm(sandbox, formAction(first.text), { not_listed: '1' })
    const again = await submitForm(sandbox, formAction(first.text), { institution: 'platypus' })
    expect(again.status).toBe(404)
    expect(postedMessages(again.text)).toEqual([])
    expect(again.text).toContain('This session has ended')

    const second = await openWidget(sandbox)
    await submitForm(sandbox, formAction(second.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'pass_good',
    })
    await sandbox.advance(1801)
    const late = await submitForm(sandbox, formAction(second.text), { institution: 'platypus' })
    expect(postedMessages(late.text)).toEqual([])
  })

  it('an unknown session id gets the ended page, posting nothing (its origin is unknown)', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const late = await submitForm(sandbox, '/connect/sessions/ws_forged', {
      institution: 'platypus',
    })
    expect(late.status).toBe(404)
    expect(late.text).not.toContain('data-ibv-origin')
    expect(postedMessages(late.text)).toEqual([])
  })

  it('a form over 1 MiB gets a widget page (413), not JSON, and the session goes on', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    const big = await submitForm(sandbox, formAction(page.text), {
      institution: 'platypus',
      username: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(big.status).toBe(413)
    expect(big.headers.get('content-type')).toMatch(/^text\/html/)
    expect(big.headers.get('content-security-policy')).toContain('frame-ancestors')
    expect(big.text).toContain('role="alert"')
    expect(big.text).toContain(`data-ibv-origin="${ORIGIN}"`)
    expect(postedMessages(big.text)).toEqual([])
    const next = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
    expect(next.status).toBe(200)
    // The API keeps its JSON answer.
    const api = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      consumer_id: 'x'.repeat(1024 * 1024),
    })
    expect(api.status).toBe(413)
    expect(api.body).toEqual({ message: 'The request body is larger than 1 MiB.' })
  })

  it('a form over 1 MiB leads back to the step it came from: the sign-in of the bank, or the code', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    const action = formAction(page.text)
    await submitForm(sandbox, action, { institution: 'quokka' })
    const big = await submitForm(sandbox, action, {
      username: 'x'.repeat(1024 * 1024 + 1),
      password: 'p',
    })
    expect(big.text).toContain('<input type="hidden" name="institution" value="quokka">')
    expect(big.text).toContain('Back to Quokka Savings &#38; Loan')
    const back = await submitForm(sandbox, formAction(big.text), { institution: 'quokka' })
    expect(back.text).toContain('<h1>Sign in to Quokka Savings &#38; Loan</h1>')

    await submitForm(sandbox, action, { username: 'user_mfa', password: 'pass_good' })
    const atCode = await submitForm(sandbox, action, { code: 'x'.repeat(1024 * 1024 + 1) })
    expect(atCode.status).toBe(413)
    expect(atCode.text).toContain('Back to the code')
    const code = await submitForm(sandbox, formAction(atCode.text), {})
    expect(code.text).toContain('<h1>Enter the code</h1>')
    expect(postedMessages(code.text)).toEqual([])
  })

  it('a form over 1 MiB to an expired session gets the expired page', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    await sandbox.advance(1801)
    const big = await submitForm(sandbox, formAction(page.text), {
      username: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(big.status).toBe(404)
    expect(postedMessages(big.text)).toMatchObject([
      { type: 'ibv:exit', error: { code: 'SESSION_EXPIRED' } },
    ])
  })

  it('a form that cannot be read (a broken multipart body) gets a widget page, 400, not a 500', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await openWidget(sandbox)
    for (const type of ['multipart/form-data; boundary=zz', 'multipart/form-data']) {
      const broken = await call(
        sandbox,
        'POST',
        formAction(page.text),
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
        { 'content-type': type },
      )
      expect(broken.status).toBe(400)
      expect(broken.headers.get('content-type')).toMatch(/^text\/html/)
      expect(broken.text).toContain('The form could not be read')
      expect(broken.text).toContain('Back to the list of banks')
    }
    expect(
      (await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })).status,
    ).toBe(200)
  })

  it('forgets sessions a day after they ended, so a long-running sandbox does not grow', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const pages = []
    for (let i = 0; i < 5; i++) pages.push(await openWidget(sandbox))
    await sandbox.advance(1800 + 24 * 3600)
    await openWidget(sandbox)
    // Every old session is gone: even its origin is forgotten, so its page posts nothing.
    for (const page of pages) {
      const late = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
      expect(late.status).toBe(404)
      expect(late.text).not.toContain('data-ibv-origin')
    }
  })
})
