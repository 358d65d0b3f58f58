import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { call, formAction, postedMessages, submitForm } from './call.js'

const ORIGIN = 'https://lender.test'

async function openWidget(sandbox: Sandbox, consumerId = 'LND-42') {
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: consumerId })
  const page = await call(
    sandbox,
    'GET',
    `/connect?token=${token.body.access_token as string}&origin=${encodeURIComponent(ORIGIN)}`,
    undefined,
    {},
  )
  return { page, token: token.body.access_token as string }
}

async function statusOf(sandbox: Sandbox, id: string) {
  return (await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)).body.ibv_report_status
}

function success(html: string) {
  return postedMessages(html).find((message) => message.type === 'ibv:success') as
    { product_request_id: string; institution: { id: string; name: string } } | undefined
}

describe('GET /connect (the hosted widget)', () => {
  it('opens with ibv:ready and an OPEN event, posted only to the given origin', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    expect(page.status).toBe(200)
    expect(postedMessages(page.text)).toEqual([
      { type: 'ibv:ready' },
      { type: 'ibv:event', name: 'OPEN', metadata: { mode: 'connect' } },
    ])
    expect(page.text).toContain(`data-ibv-origin="${ORIGIN}"`)
    expect(page.text).toContain('<h1>Choose your bank</h1>')
    expect(page.text.match(/name="institution" value="/g)).toHaveLength(21)
    const script = await call(sandbox, 'GET', '/assets/widget.js', undefined, {})
    expect(script.text).toContain('postMessage(message,origin)')
    expect(script.text).not.toContain("'*'")
  })

  it.each([
    ['user_good', 'pass_good', 'complete'],
    ['user_acquire_fail', 'pass_good', 'ibv_data_acquire_failed'],
    ['user_generation_fail', 'pass_good', 'generation_failed'],
  ])('%s / %s connects, and the report ends %s', async (username, password, final) => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const done = await submitForm(sandbox, formAction(page.text), {
      institution: 'wombat',
      username,
      password,
    })
    const message = success(done.text)
    expect(message).toEqual({
      type: 'ibv:success',
      product_request_id: expect.stringMatching(/^IBV/),
      institution: { id: 'wombat', name: 'First Wombat Credit Union' },
    })
    expect(await statusOf(sandbox, message?.product_request_id ?? '')).toBe('initiated')
    await sandbox.advance(6)
    expect(await statusOf(sandbox, message?.product_request_id ?? '')).toBe(final)
  })

  it('user_good with a wrong password: an error, the request waits in reconnect_required, a retry continues it', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const wrong = await submitForm(sandbox, formAction(page.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'nope',
    })
    expect(wrong.text).toContain('role="alert"')
    expect(postedMessages(wrong.text)).toContainEqual({
      type: 'ibv:event',
      name: 'ERROR',
      metadata: { error_code: 'INVALID_CREDENTIALS' },
    })
    const exit = JSON.parse(
      (/data-ibv-exit="([^"]*)"/.exec(wrong.text)?.[1] ?? '{}').replace(
        /&#(\d+);/g,
        (_, c: string) => String.fromCharCode(Number(c)),
      ),
    )
    expect(exit).toMatchObject({
      type: 'ibv:exit',
      error: { code: 'INVALID_CREDENTIALS' },
      metadata: { status: 'reconnect_required' },
    })
    const waiting = exit.metadata.product_request_id as string
    await sandbox.advance(600)
    expect(await statusOf(sandbox, waiting)).toBe('reconnect_required')

    const retry = await submitForm(sandbox, formAction(wrong.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'pass_good',
    })
    expect(success(retry.text)?.product_request_id).toBe(waiting)
    await sandbox.advance(6)
    expect(await statusOf(sandbox, waiting)).toBe('complete')
  })

  it('user_mfa: asks for a code; a wrong code asks again; 123456 completes', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const mfa = await submitForm(sandbox, formAction(page.text), {
      institution: 'quokka',
      username: 'user_mfa',
      password: 'pass_good',
    })
    expect(mfa.text).toContain('name="code"')
    expect(postedMessages(mfa.text)).toContainEqual({
      type: 'ibv:event',
      name: 'MFA_REQUIRED',
      metadata: {},
    })
    const again = await submitForm(sandbox, formAction(mfa.text), { code: '000000' })
    expect(again.text).toContain('That code is not right')
    const done = await submitForm(sandbox, formAction(again.text), { code: '123456' })
    const id = success(done.text)?.product_request_id ?? ''
    await sandbox.advance(6)
    expect(await statusOf(sandbox, id)).toBe('complete')
  })

  it('user_mfa: leaving mid-MFA leaves reconnect_required', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const mfa = await submitForm(sandbox, formAction(page.text), {
      institution: 'quokka',
      username: 'user_mfa',
      password: 'pass_good',
    })
    expect(mfa.text).toContain('data-ibv-exit-button')
    await sandbox.advance(86_400)
    expect(postedMessages(mfa.text).some((message) => message.type === 'ibv:success')).toBe(false)
    const exit = /data-ibv-exit="([^"]*)"/.exec(mfa.text)?.[1] ?? ''
    const waiting = /product_request_id&#34;:&#34;(IBV\w+)/.exec(exit)?.[1] ?? ''
    expect(await statusOf(sandbox, waiting)).toBe('reconnect_required')
  })

  it('the reconnect link (ibv_connection_link) works without a lender token and continues the waiting request', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-9',
      outcome: 'reconnect_required',
    })
    const link = new URL(created.body.ibv_connection_link as string)
    const page = await call(sandbox, 'GET', `${link.pathname}${link.search}`, undefined, {})
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('data-ibv-origin')
    const done = await submitForm(sandbox, formAction(page.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'pass_good',
    })
    expect(done.text).toContain('You can close this window')
    await sandbox.advance(6)
    expect(await statusOf(sandbox, created.body.product_request_id as string)).toBe('complete')
  })

  it('refuses expired, unknown and embedded tokens, telling the embedder why', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { token } = await openWidget(sandbox)
    await sandbox.advance(3600)
    const expired = await call(
      sandbox,
      'GET',
      `/connect?token=${token}&origin=${encodeURIComponent(ORIGIN)}`,
      undefined,
      {},
    )
    expect(expired.status).toBe(401)
    expect(postedMessages(expired.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'TOKEN_EXPIRED', message: expect.any(String) },
        metadata: { status: 'refused' },
      },
    ])
    const unknown = await call(
      sandbox,
      'GET',
      `/connect?token=nope&origin=${encodeURIComponent(ORIGIN)}`,
      undefined,
      {},
    )
    expect(postedMessages(unknown.text)[0]).toMatchObject({ error: { code: 'INVALID_TOKEN' } })
  })

  it('accepts the consumer token up to 3,599 s and refuses it at 3,600 s', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { token } = await openWidget(sandbox)
    await sandbox.advance(3599)
    expect(
      (
        await call(
          sandbox,
          'GET',
          `/connect?token=${token}&origin=${encodeURIComponent(ORIGIN)}`,
          undefined,
          {},
        )
      ).status,
    ).toBe(200)
    await sandbox.advance(1)
    expect(
      (
        await call(
          sandbox,
          'GET',
          `/connect?token=${token}&origin=${encodeURIComponent(ORIGIN)}`,
          undefined,
          {},
        )
      ).status,
    ).toBe(401)
  })

  it.each(['*', 'javascript:alert(1)', 'https://lender.test/path', 'lender.test'])(
    'refuses the origin %j',
    async (origin) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
      const page = await call(
        sandbox,
        'GET',
        `/connect?token=${token.body.access_token as string}&origin=${encodeURIComponent(origin)}`,
        undefined,
        {},
      )
      expect(page.status).toBe(400)
      expect(postedMessages(page.text)).toEqual([])
    },
  )

  it('ends a session that has expired', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    await sandbox.advance(1801)
    const late = await submitForm(sandbox, formAction(page.text), {
      username: 'user_good',
      password: 'pass_good',
    })
    expect(late.status).toBe(404)
  })
})

describe('the widget in steps: choose the bank, sign in, the code', () => {
  it('the search is a GET form that lists the banks matching q, without posting anything', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const found = await call(
      sandbox,
      'GET',
      `${formAction(page.text)}?q=${encodeURIComponent('wOmBaT cReDiT')}`,
      undefined,
      {},
    )
    expect(found.text).toContain('1 bank matches “<bdi>wOmBaT cReDiT</bdi>”.')
    expect(found.text.match(/name="institution" value="(\w+)"/g)).toEqual([
      'name="institution" value="wombat"',
    ])
    expect(postedMessages(found.text)).toEqual([])
    const none = await call(sandbox, 'GET', `${formAction(page.text)}?q=zzzz`, undefined, {})
    expect(none.text).toContain('No bank matches')
    expect(none.text).toContain('name="not_listed"')
  })

  it('hostile steps: a forged or missing bank never signs in, an override in the query is isolated, a non-code post at the code step announces nothing', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const forged: Array<Record<string, string>> = [
      { institution: 'no-such-bank', username: 'user_good', password: 'pass_good' },
      { username: 'user_good', password: 'pass_good' },
    ]
    for (const fields of forged) {
      const refused = await submitForm(sandbox, formAction(page.text), fields)
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Choose your bank from the list.')
      expect(postedMessages(refused.text)).toEqual([])
    }
    const spoof = await call(
      sandbox,
      'GET',
      `${formAction(page.text)}?q=${encodeURIComponent('\u202Eknab <b>')}`,
      undefined,
      {},
    )
    expect(spoof.text).toContain('No bank matches “<bdi>\u202Eknab &#60;b&#62;</bdi>”.')
    const signIn = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
    const mfa = await submitForm(sandbox, formAction(signIn.text), {
      institution: 'platypus',
      username: 'user_mfa',
      password: 'pass_good',
    })
    expect(mfa.text).toContain('name="code"')
    const searched = await call(sandbox, 'GET', `${formAction(mfa.text)}?q=x`, undefined, {})
    expect(searched.status).toBe(400)
    expect(searched.text).not.toContain('Step 1 of 3')
    const replayed = await submitForm(sandbox, formAction(mfa.text), {
      institution: 'platypus',
      username: 'user_mfa',
      password: 'pass_good',
    })
    expect(replayed.status).toBe(200)
    expect(replayed.text).toContain('name="code"')
    expect(postedMessages(replayed.text)).toEqual([])
  })

  it('after a wrong password the username stays filled in (escaped), the password does not', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const signIn = await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })
    const wrong = await submitForm(sandbox, formAction(signIn.text), {
      institution: 'platypus',
      username: 'user_good"><b>',
      password: 'secret-typo',
    })
    expect(wrong.text).toContain('name="username" value="user_good&#34;&#62;&#60;b&#62;"')
    expect(wrong.text).not.toContain('secret-typo')
  })

  it('choosing a bank announces SELECT_INSTITUTION and shows its sign-in, step 2 of 3, with the test credentials', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const signIn = await submitForm(sandbox, formAction(page.text), { institution: 'harbour' })
    expect(signIn.text).toContain('<h1>Sign in to Harbour National Bank</h1>')
    expect(signIn.text).toContain('Step 2 of 3')
    expect(signIn.text).toContain('user_<wbr>good')
    expect(postedMessages(signIn.text)).toEqual([
      {
        type: 'ibv:event',
        name: 'SELECT_INSTITUTION',
        metadata: { institution_id: 'harbour', institution_name: 'Harbour National Bank' },
      },
    ])
    const done = await submitForm(sandbox, formAction(signIn.text), {
      institution: 'harbour',
      username: 'user_good',
      password: 'pass_good',
    })
    expect(postedMessages(done.text).map((message) => message.name ?? message.type)).toEqual([
      'SUBMIT_CREDENTIALS',
      'HANDOFF',
      'ibv:success',
    ])
    expect(done.text).toContain('<h1>Connected</h1>')
  })

  it("“I can't find my bank” exits with INSTITUTION_NOT_FOUND and ends the session", async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox)
    const left = await submitForm(sandbox, formAction(page.text), { not_listed: '1' })
    expect(postedMessages(left.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'INSTITUTION_NOT_FOUND', message: expect.any(String) },
        metadata: { status: 'institution_not_found' },
      },
    ])
    expect(
      (await submitForm(sandbox, formAction(page.text), { institution: 'platypus' })).status,
    ).toBe(404)
  })

  it.each([
    ['user_good', 'nope', 'the username or password was not right'],
    ['user_mfa', 'pass_good', 'the verification code was not entered'],
  ])('the reconnect page names the bank and why (%s / %s: %s)', async (username, password, why) => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await openWidget(sandbox, 'LND-7')
    await submitForm(sandbox, formAction(page.text), { institution: 'quokka', username, password })
    const consumer = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-7',
      outcome: 'complete',
    })
    const link = new URL(consumer.body.ibv_connection_link as string)
    const again = await call(sandbox, 'GET', `${link.pathname}${link.search}`, undefined, {})
    expect(again.text).toContain('<h1>Sign in to Quokka Savings &#38; Loan</h1>')
    expect(again.text).toContain('Step 1 of 2')
    expect(again.text).toContain(why)
  })
})
