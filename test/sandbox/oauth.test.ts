import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { call, formAction, postedMessages, submitForm } from './call.js'

// An OAuth bank over HTTP: the widget's step, the visit's state, the bank's consent page (which
// refuses frames), and the way back in both modes, with the refusals of a state that does not fit.
const ORIGIN = 'https://lender.test'
const REDIRECT = `${ORIGIN}/applicants/42?tab=bank#top`

const decode = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
const dataOf = (html: string, name: string) => {
  const found = new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1]
  return found === undefined ? undefined : decode(found)
}
const events = (html: string) =>
  postedMessages(html)
    .filter((message) => message.type === 'ibv:event')
    .map((message) => message.name)

async function token(sandbox: Sandbox, consumerId: string) {
  return (await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: consumerId })).body
    .access_token as string
}

/** Opens the widget and chooses the OAuth bank: the OAuth step's page. */
async function chooseOAuthBank(
  sandbox: Sandbox,
  options: { consumerId?: string; redirectUri?: string } = {},
) {
  const access = await token(sandbox, options.consumerId ?? 'LND-42')
  const redirect = options.redirectUri
    ? `&redirect_uri=${encodeURIComponent(options.redirectUri)}`
    : ''
  const opened = await call(
    sandbox,
    'GET',
    `/connect?token=${access}&origin=${encodeURIComponent(ORIGIN)}${redirect}`,
    undefined,
    {},
  )
  expect(opened.status).toBe(200)
  const step = await submitForm(sandbox, formAction(opened.text), { institution: 'wombat_oauth' })
  return { access, step }
}

/** Follows the OAuth step's start address to the bank: the consent page and its state. */
async function visitBank(sandbox: Sandbox, html: string) {
  const start = await call(sandbox, 'GET', dataOf(html, 'ibv-oauth-start') ?? '', undefined, {})
  expect(start.status).toBe(303)
  const bank = new URL(start.headers.get('location') ?? '', 'http://sandbox.test')
  const consent = await call(sandbox, 'GET', `${bank.pathname}${bank.search}`, undefined, {})
  const state = /name="state" value="([^"]+)"/.exec(consent.text)?.[1] ?? ''
  return { consent, state }
}

const returnPath = (html: string) => dataOf(html, 'ibv-oauth-return') ?? ''

describe('an OAuth bank in the sandbox widget', () => {
  it('is offered in the list, and choosing it shows its step (no password), popup mode by default', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { step } = await chooseOAuthBank(sandbox)
    expect(step.text).toContain('<h1>Sign in to Wombat Bank (OAuth)</h1>')
    expect(step.text).not.toContain('name="password"')
    expect(step.text).toContain('data-ibv-oauth-open')
    expect(dataOf(step.text, 'ibv-oauth-return')).toMatch(
      /\/connect\/sessions\/ws_[^/]+\/oauth\/return$/,
    )
    expect(JSON.parse(dataOf(step.text, 'ibv-oauth-opened') ?? '')).toEqual({
      type: 'ibv:event',
      name: 'OAUTH_OPENED',
      metadata: {
        institution_id: 'wombat_oauth',
        institution_name: 'Wombat Bank (OAuth)',
        mode: 'popup',
      },
    })
    expect(JSON.parse(dataOf(step.text, 'ibv-exit') ?? '')).toEqual({
      type: 'ibv:exit',
      error: null,
      metadata: { status: 'oauth', institution_name: 'Wombat Bank (OAuth)' },
    })
    // A forged password post for it gets its step again, never a sign-in.
    const sessionPath = returnPath(step.text).replace(/\/oauth\/return$/, '')
    const forged = await submitForm(sandbox, sessionPath, {
      institution: 'wombat_oauth',
      username: 'user_good',
      password: 'pass_good',
    })
    expect(forged.text).toContain('data-ibv-oauth-start')
    expect(postedMessages(forged.text).some((message) => message.type === 'ibv:success')).toBe(
      false,
    )
  })

  it('the bank’s consent page refuses every frame and has Allow, Deny and the test outcomes', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { step } = await chooseOAuthBank(sandbox)
    const { consent, state } = await visitBank(sandbox, step.text)
    expect(consent.status).toBe(200)
    expect(consent.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'$/)
    expect(consent.headers.get('x-frame-options')).toBe('DENY')
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self';")
    expect(state).toMatch(/^os_/)
    for (const text of [
      'Allow access to your accounts?',
      '>Allow</button>',
      '>Deny</button>',
      'value="complete" checked',
      'value="ibv_data_acquire_failed"',
    ]) {
      expect(consent.text).toContain(text)
    }
  })

  it.each([
    ['complete', 'complete'],
    ['ibv_data_acquire_failed', 'ibv_data_acquire_failed'],
  ])(
    'popup: Allow (%s) connects; the return posts OAUTH_COMPLETED then the success, and the report ends %s',
    async (outcome, final) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const { step } = await chooseOAuthBank(sandbox)
      const { state } = await visitBank(sandbox, step.text)
      expect(
        (await call(sandbox, 'GET', dataOf(step.text, 'ibv-oauth-answered') ?? '', undefined, {}))
          .body,
      ).toEqual({ answered: false })
      const answered = await submitForm(sandbox, '/oauth/authorize', {
        state,
        decision: 'allow',
        outcome,
      })
      expect(answered.status).toBe(200)
      expect(answered.text).toContain('data-ibv-oauth-done')
      expect(answered.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'$/)
      // What the widget asks while the bank's window may be open (it cannot always see the window).
      const answeredPath = dataOf(step.text, 'ibv-oauth-answered') ?? ''
      expect((await call(sandbox, 'GET', answeredPath, undefined, {})).body).toEqual({
        answered: true,
      })
      const back = await call(sandbox, 'GET', returnPath(step.text), undefined, {})
      expect(events(back.text)).toEqual(['OAUTH_COMPLETED', 'HANDOFF'])
      expect((await call(sandbox, 'GET', answeredPath, undefined, {})).body).toEqual({
        answered: false,
      })
      const success = postedMessages(back.text).find(
        (message) => message.type === 'ibv:success',
      ) as { product_request_id: string; institution: unknown }
      expect(success.institution).toEqual({ id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' })
      await sandbox.advance(6)
      expect(
        (await call(sandbox, 'GET', `/api/v2/ibv/requests/${success.product_request_id}`)).body
          .ibv_report_status,
      ).toBe(final)
      // Taken once: a second load of the return announces nothing; a late answer at the bank is refused.
      expect(
        postedMessages((await call(sandbox, 'GET', returnPath(step.text), undefined, {})).text),
      ).toEqual([])
      expect(
        (await submitForm(sandbox, '/oauth/authorize', { state, decision: 'deny' })).status,
      ).toBe(400)
    },
  )

  it('popup: Deny, or the window closed first, goes back to the list with a notice and OAUTH_CANCELLED', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const denied = await chooseOAuthBank(sandbox)
    const visit = await visitBank(sandbox, denied.step.text)
    await submitForm(sandbox, '/oauth/authorize', { state: visit.state, decision: 'deny' })
    const afterDeny = await call(sandbox, 'GET', returnPath(denied.step.text), undefined, {})
    expect(afterDeny.text).toContain('<h1>Choose your bank</h1>')
    expect(afterDeny.text).toContain('You did not allow Wombat Bank (OAuth) to share your data.')
    expect(postedMessages(afterDeny.text)).toContainEqual({
      type: 'ibv:event',
      name: 'OAUTH_CANCELLED',
      metadata: {
        institution_id: 'wombat_oauth',
        institution_name: 'Wombat Bank (OAuth)',
        mode: 'popup',
        reason: 'denied',
      },
    })

    const closed = await chooseOAuthBank(sandbox, { consumerId: 'LND-43' })
    const unanswered = await visitBank(sandbox, closed.step.text)
    const afterClose = await call(sandbox, 'GET', returnPath(closed.step.text), undefined, {})
    expect(afterClose.text).toContain('was closed before you finished')
    expect(
      postedMessages(afterClose.text).find((message) => message.name === 'OAUTH_CANCELLED')
        ?.metadata,
    ).toMatchObject({ reason: 'closed' })
    // The visit is cancelled: the bank no longer takes an answer for it.
    const late = await submitForm(sandbox, '/oauth/authorize', {
      state: unanswered.state,
      decision: 'allow',
      outcome: 'complete',
    })
    expect(late.status).toBe(400)
    expect(late.text).toContain('role="alert"')
    // Choosing the bank again starts a fresh visit that works.
    const again = await submitForm(
      sandbox,
      formAction(afterClose.text.replace(/<form method="get"[\s\S]*?<\/form>/, '')),
      { institution: 'wombat_oauth' },
    )
    const second = await visitBank(sandbox, again.text)
    expect(second.state).not.toBe(unanswered.state)
    await submitForm(sandbox, '/oauth/authorize', {
      state: second.state,
      decision: 'allow',
      outcome: 'complete',
    })
    expect(
      events((await call(sandbox, 'GET', returnPath(again.text), undefined, {})).text),
    ).toContain('OAUTH_COMPLETED')
  })

  it('redirect: the bank returns to redirect_uri with the state; the widget reopened with it connects once', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { access, step } = await chooseOAuthBank(sandbox, { redirectUri: REDIRECT })
    expect(step.text).toContain('target="_top"')
    expect(step.text).toContain('Continue to Wombat Bank (OAuth)')
    expect(dataOf(step.text, 'ibv-oauth-return')).toBeUndefined()
    expect(JSON.parse(dataOf(step.text, 'ibv-oauth-opened') ?? '').metadata.mode).toBe('redirect')
    const { consent, state } = await visitBank(sandbox, step.text)
    // The form's answer goes to the lender's page: its origin joins the consent page's form-action.
    expect(consent.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${ORIGIN};`,
    )
    const answered = await submitForm(sandbox, '/oauth/authorize', {
      state,
      decision: 'allow',
      outcome: 'complete',
    })
    expect(answered.status).toBe(303)
    const location = new URL(answered.headers.get('location') ?? '')
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/applicants/42`)
    expect(location.searchParams.get('tab')).toBe('bank')
    expect(location.searchParams.get('oauth_state_id')).toBe(state)
    expect(location.hash).toBe('')

    // The lender's page reopens the widget with a fresh token and the state: it resumes.
    const fresh = await token(sandbox, 'LND-42')
    expect(fresh).not.toBe(access)
    const reopen = `/connect?token=${fresh}&origin=${encodeURIComponent(ORIGIN)}&redirect_uri=${encodeURIComponent(REDIRECT)}&oauth_state_id=${state}`
    const resumed = await call(sandbox, 'GET', reopen, undefined, {})
    expect(resumed.status).toBe(200)
    expect(postedMessages(resumed.text).map((message) => message.type)).toEqual([
      'ibv:ready',
      'ibv:event',
      'ibv:event',
      'ibv:event',
      'ibv:success',
    ])
    expect(events(resumed.text)).toEqual(['OPEN', 'OAUTH_COMPLETED', 'HANDOFF'])

    // Replayed: refused, and the refusal tells the embedder at once.
    const replayed = await call(sandbox, 'GET', reopen, undefined, {})
    expect(replayed.status).toBe(400)
    expect(postedMessages(replayed.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'OAUTH_STATE_INVALID', message: expect.stringContaining('oauth_state_id') },
        metadata: { status: 'refused' },
      },
    ])
  })

  it('a second submission of the bank’s answer (a double click) gets the first answer again, not a dead end', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    // Redirect mode: both posts send the page back to the lender with the state, and the first decision holds.
    const { step } = await chooseOAuthBank(sandbox, { redirectUri: REDIRECT })
    const { state } = await visitBank(sandbox, step.text)
    const first = await submitForm(sandbox, '/oauth/authorize', {
      state,
      decision: 'allow',
      outcome: 'complete',
    })
    const second = await submitForm(sandbox, '/oauth/authorize', { state, decision: 'deny' })
    expect([first.status, second.status]).toEqual([303, 303])
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    const reopen = `/connect?token=${await token(sandbox, 'LND-42')}&origin=${encodeURIComponent(ORIGIN)}&redirect_uri=${encodeURIComponent(REDIRECT)}&oauth_state_id=${state}`
    expect(events((await call(sandbox, 'GET', reopen, undefined, {})).text)).toEqual([
      'OPEN',
      'OAUTH_COMPLETED',
      'HANDOFF',
    ])
    // Taken back: the bank refuses any later answer, with a way back to the lender's page (no state).
    const late = await submitForm(sandbox, '/oauth/authorize', {
      state,
      decision: 'allow',
      outcome: 'complete',
    })
    expect(late.status).toBe(400)
    expect(late.text).toContain(
      `<a class="button" href="${REDIRECT.replace(/&/g, '&#38;')}">Back to the application</a>`,
    )

    // Popup mode: both posts get the page that tells the widget and closes.
    const popup = await chooseOAuthBank(sandbox)
    const visit = await visitBank(sandbox, popup.step.text)
    await submitForm(sandbox, '/oauth/authorize', {
      state: visit.state,
      decision: 'allow',
      outcome: 'complete',
    })
    const again = await submitForm(sandbox, '/oauth/authorize', {
      state: visit.state,
      decision: 'allow',
      outcome: 'complete',
    })
    expect(again.status).toBe(200)
    expect(again.text).toContain('data-ibv-oauth-done')
    // A popup's refusal has no link: its window is closed, the widget is behind it.
    await call(sandbox, 'GET', dataOf(popup.step.text, 'ibv-oauth-return') ?? '', undefined, {})
    expect(
      (await submitForm(sandbox, '/oauth/authorize', { state: visit.state, decision: 'deny' }))
        .text,
    ).not.toContain('Back to the application')
  })

  it('redirect: a visit left for another bank in the same session is refused on the way back, never a second connection', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    // The borrower went to the bank, came Back (the widget restored), and connected a password bank instead.
    const { step } = await chooseOAuthBank(sandbox, { redirectUri: REDIRECT })
    const { state } = await visitBank(sandbox, step.text)
    const sessionPath = (dataOf(step.text, 'ibv-oauth-start') ?? '').replace(/\/oauth\/start$/, '')
    await call(sandbox, 'GET', sessionPath, undefined, {})
    await submitForm(sandbox, sessionPath, { institution: 'platypus' })
    const connected = await submitForm(sandbox, sessionPath, {
      username: 'user_good',
      password: 'pass_good',
    })
    expect(events(connected.text)).toContain('HANDOFF')
    // Then Forward to the bank's page, still open, and Allow: the state goes back to the lender.
    await submitForm(sandbox, '/oauth/authorize', { state, decision: 'allow', outcome: 'complete' })
    const reopen = `/connect?token=${await token(sandbox, 'LND-42')}&origin=${encodeURIComponent(ORIGIN)}&redirect_uri=${encodeURIComponent(REDIRECT)}&oauth_state_id=${state}`
    const resumed = await call(sandbox, 'GET', reopen, undefined, {})
    expect(postedMessages(resumed.text)).toEqual([
      {
        type: 'ibv:exit',
        error: { code: 'OAUTH_STATE_INVALID', message: expect.stringContaining('oauth_state_id') },
        metadata: { status: 'refused' },
      },
    ])
  })

  it('redirect: a tampered, foreign-consumer or foreign-origin state is refused and the real one still resumes', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { step } = await chooseOAuthBank(sandbox, { redirectUri: REDIRECT })
    const { state } = await visitBank(sandbox, step.text)
    await submitForm(sandbox, '/oauth/authorize', { state, decision: 'deny' })
    const open = async (consumerId: string, origin: string, id: string) =>
      call(
        sandbox,
        'GET',
        `/connect?token=${await token(sandbox, consumerId)}&origin=${encodeURIComponent(origin)}&oauth_state_id=${encodeURIComponent(id)}`,
        undefined,
        {},
      )
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
    for (const refused of [
      await open('LND-42', ORIGIN, tampered),
      await open('LND-99', ORIGIN, state),
      await open('LND-42', 'https://other.test', state),
    ]) {
      expect(refused.status).toBe(400)
      expect(postedMessages(refused.text)[0]).toMatchObject({
        type: 'ibv:exit',
        error: { code: 'OAUTH_STATE_INVALID' },
      })
      expect(refused.text).toContain('This return from your bank cannot be used')
    }
    const resumed = await open('LND-42', ORIGIN, state)
    expect(resumed.status).toBe(200)
    expect(resumed.text).toContain('You did not allow Wombat Bank (OAuth) to share your data.')
    expect(
      postedMessages(resumed.text).find((message) => message.name === 'OAUTH_CANCELLED')?.metadata,
    ).toMatchObject({ mode: 'redirect', reason: 'denied' })
  })

  it('refuses a redirect_uri off the widget’s origin, telling the embedder', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    for (const uri of ['https://attacker.test/steal', 'javascript:alert(1)', '/relative']) {
      const page = await call(
        sandbox,
        'GET',
        `/connect?token=${await token(sandbox, 'LND-1')}&origin=${encodeURIComponent(ORIGIN)}&redirect_uri=${encodeURIComponent(uri)}`,
        undefined,
        {},
      )
      expect(page.status).toBe(400)
      expect(postedMessages(page.text)[0]).toMatchObject({
        type: 'ibv:exit',
        error: { code: 'INVALID_REDIRECT_URI' },
      })
    }
  })

  it('an unknown state at the bank gets the bank’s own refusal, also unframeable', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const page = await call(sandbox, 'GET', '/oauth/authorize?state=os_nope', undefined, {})
    expect(page.status).toBe(400)
    expect(page.text).toContain('This sign-in is over')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
  })

  it('a reconnect link for a request at the OAuth bank goes through the bank again, in a popup', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-7',
      institution: 'Wombat Bank (OAuth)',
      outcome: 'reconnect_required',
    })
    const link = new URL(created.body.ibv_connection_link as string)
    const step = await call(sandbox, 'GET', `${link.pathname}${link.search}`, undefined, {})
    expect(step.text).toContain('<h1>Sign in to Wombat Bank (OAuth)</h1>')
    expect(step.text).toContain('Step 1 of 2')
    const { state } = await visitBank(sandbox, step.text)
    await submitForm(sandbox, '/oauth/authorize', { state, decision: 'allow', outcome: 'complete' })
    const back = await call(sandbox, 'GET', returnPath(step.text), undefined, {})
    expect(back.text).toContain('Wombat Bank (OAuth) is connected.')
    await sandbox.advance(6)
    expect(
      (
        await call(
          sandbox,
          'GET',
          `/api/v2/ibv/requests/${created.body.product_request_id as string}`,
        )
      ).body.ibv_report_status,
    ).toBe('complete')
  })
})
