import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IbvError,
  createConnectScope,
  createConnectSession,
  type ConnectScope,
  type ConnectSessionOptions,
} from '../../src/core/index.js'
import { heldToken } from '../../src/core/held-token.js'
import { listenToPage } from '../../src/core/page-events.js'

// The redirect path of OAuth banks, in the core session: the lender's `redirectUri` goes to the
// widget, and on the page the bank sent the applicant back to, `receivedRedirectUri`'s state opens
// the widget by itself, once.
const SERVICE = 'https://service.test'
const BACK = `${location.origin}/applicants/LND-42/bank-return`

/** The owner of the states spent on this test's page: a page's provider, say. */
let page: ConnectScope

beforeEach(() => {
  vi.useFakeTimers()
  page = createConnectScope()
})

afterEach(() => {
  vi.useRealTimers()
  sessionStorage.clear()
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

/** A fresh state id, as a bank gives each return. */
const newState = () => `os_${crypto.randomUUID()}`

function setup(extra: Partial<ConnectSessionOptions> = {}, scope = page) {
  let minted = 0
  const options = {
    serviceUrl: SERVICE,
    getToken: vi.fn<ConnectSessionOptions['getToken']>(async () =>
      heldToken({ access_token: `tok-${++minted}`, expires_in: 1800 }, Date.now()),
    ),
    listen: listenToPage,
    onSuccess: vi.fn(),
    onExit: vi.fn(),
    onEvent: vi.fn(),
    ...extra,
  }
  const session = createConnectSession(options, scope)
  const frame = document.body.appendChild(document.createElement('iframe'))
  session.attachFrame(frame)
  const post = (data: unknown) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: SERVICE, source: frame.contentWindow }),
    )
  const query = () => {
    const src = session.getSnapshot().src
    return src ? Object.fromEntries(new URL(src).searchParams) : undefined
  }
  return { session, options, post, query, state: () => session.getSnapshot().state }
}

/** What this tab does before the bank sends it back: it opened the widget on the redirect path. */
async function leaveForBank() {
  const { session } = setup({ redirectUri: BACK })
  await session.open()
  session.close()
}

describe('a crafted link with oauth_state_id (this tab never left for a bank)', () => {
  it('opens nothing and asks for no token', async () => {
    const { session, options } = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    expect(options.getToken).not.toHaveBeenCalled()
    expect(options.onExit).not.toHaveBeenCalled()
  })

  it('opens nothing either when this tab left for a bank more than 30 minutes ago (the state has expired)', async () => {
    await leaveForBank()
    await vi.advanceTimersByTimeAsync(30 * 60_000 + 1000)
    const { session, options } = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    expect(options.getToken).not.toHaveBeenCalled()
  })

  it('opens nothing in a tab whose applicant closed the widget instead of leaving for a bank', async () => {
    const first = setup({ redirectUri: BACK })
    await first.session.open()
    first.post({ type: 'ibv:ready' })
    first.session.dismiss()
    expect(first.options.onExit).toHaveBeenCalledOnce()
    const { session, options } = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    expect(options.getToken).not.toHaveBeenCalled()
  })

  it('opens nothing after a genuine return was used: a reload with another state is a link from elsewhere', async () => {
    await leaveForBank()
    const genuine = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await genuine.session.resume()
    expect(genuine.state()).toBe('open')
    const { session, options } = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    expect(options.getToken).not.toHaveBeenCalled()
  })

  it('keeps no token in storage: only the time this tab left', async () => {
    await leaveForBank()
    const stored = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`)
    expect(stored).toEqual([`ibv-kit:oauth-redirect=${Date.now()}`])
    expect(JSON.stringify(localStorage)).toBe('{}')
  })
})

describe('the connect session on the redirect path', () => {
  it('resumes a second return when the applicant, back from one bank, left for another (OAUTH_OPENED, redirect)', async () => {
    await leaveForBank()
    const first = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${newState()}`,
    })
    await first.session.resume()
    first.post({ type: 'ibv:ready' })
    first.post({
      type: 'ibv:event',
      name: 'OAUTH_OPENED',
      metadata: {
        institution_id: 'wombat_oauth',
        institution_name: 'Wombat Bank (OAuth)',
        mode: 'redirect',
      },
    })
    const state = newState()
    const second = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${state}`,
    })
    await second.session.resume()
    expect(second.query()?.oauth_state_id).toBe(state)
  })

  it('sends redirectUri to the widget as redirect_uri, on every open', async () => {
    const { session, query } = setup({ redirectUri: BACK })
    await session.open()
    expect(query()).toEqual({ token: 'tok-1', origin: location.origin, redirect_uri: BACK })
    session.close()
    await session.open()
    expect(query()?.redirect_uri).toBe(BACK)
  })

  it.each([
    ['another origin', 'https://elsewhere.test/bank-return'],
    ['a path', '/bank-return'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['another scheme', 'ftp://localhost/bank-return'],
    ['an empty string', ''],
  ])(
    'refuses a redirectUri on %s with a typed error, before any token is asked for',
    async (_, redirectUri) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const { session, options, state } = setup({ redirectUri })
      await session.open()
      expect(state()).toBe('error')
      const error = session.getSnapshot().error
      expect(error).toBeInstanceOf(IbvError)
      expect(error).toMatchObject({
        code: 'invalid_request',
        fields: { redirectUri: [expect.stringContaining('origin')] },
      })
      expect((error as Error).message).toContain(location.origin)
      expect(logged).toHaveBeenCalledExactlyOnceWith((error as Error).message)
      expect(options.getToken).not.toHaveBeenCalled()
      expect(options.onExit).not.toHaveBeenCalled()
    },
  )

  it('opens by itself with the state the bank returned, ends in onSuccess, and later opens send no state', async () => {
    await leaveForBank()
    const state = newState()
    const onEvent = vi.fn()
    const { session, options, post, query } = setup({
      onEvent,
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?step=2&oauth_state_id=${state}#top`,
    })
    await session.resume()
    expect(query()).toEqual({
      token: 'tok-1',
      origin: location.origin,
      redirect_uri: BACK,
      oauth_state_id: state,
    })
    post({ type: 'ibv:ready' })
    post({ type: 'ibv:event', name: 'OPEN', metadata: { mode: 'oauth_return' } })
    post({
      type: 'ibv:event',
      name: 'OAUTH_COMPLETED',
      metadata: {
        institution_id: 'wombat_oauth',
        institution_name: 'Wombat Bank (OAuth)',
        mode: 'redirect',
      },
    })
    post({
      type: 'ibv:success',
      product_request_id: 'IBV7',
      institution: { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' },
    })
    expect(onEvent.mock.calls.map(([name]) => name)).toEqual(['OPEN', 'OAUTH_COMPLETED'])
    expect(options.onSuccess).toHaveBeenCalledExactlyOnceWith({
      productRequestId: 'IBV7',
      institution: { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' },
    })
    expect(session.getSnapshot()).toEqual({ state: 'idle' })

    // Once: asked again, it stays closed; opened by the button, it starts over without the state.
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    await session.open()
    expect(query()).toEqual({ token: 'tok-2', origin: location.origin, redirect_uri: BACK })
  })

  it('ends in onExit, closed, when the widget refuses the state', async () => {
    await leaveForBank()
    const { session, options, post, state } = setup({
      receivedRedirectUri: `${BACK}?oauth_state_id=os_tampered_${crypto.randomUUID()}`,
    })
    await session.resume()
    expect(state()).toBe('open')
    const error = {
      code: 'OAUTH_STATE_INVALID',
      message: 'This sign-in at the bank cannot be used.',
    }
    post({ type: 'ibv:exit', error, metadata: { status: 'refused' } })
    expect(options.onExit).toHaveBeenCalledExactlyOnceWith(
      error,
      expect.objectContaining({ status: 'refused' }),
    )
    expect(state()).toBe('idle')
  })

  it.each([
    ['no received URI', undefined],
    ['a URI without oauth_state_id', `${BACK}?step=2`],
    ['an empty oauth_state_id', `${BACK}?oauth_state_id=`],
    ['a URI that does not parse', 'http://[::1'],
  ])('does nothing by itself with %s', async (_, receivedRedirectUri) => {
    const { session, options } = setup({ receivedRedirectUri })
    await session.resume()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    expect(options.getToken).not.toHaveBeenCalled()
  })

  it('still opens with the state after a close that came before the widget showed (a remount under StrictMode)', async () => {
    await leaveForBank()
    const state = newState()
    const { session, options, query } = setup({
      receivedRedirectUri: `${BACK}?oauth_state_id=${state}`,
    })
    void session.resume()
    session.close()
    await session.resume()
    expect(query()?.oauth_state_id).toBe(state)
    expect(options.getToken).toHaveBeenCalledTimes(2)
  })

  it('uses a state once per page: another session given the same received URI stays closed', async () => {
    await leaveForBank()
    const receivedRedirectUri = `${BACK}?oauth_state_id=${newState()}`
    const first = setup({ receivedRedirectUri })
    await first.session.resume()
    first.session.close()
    // Even should the tab leave for a bank again: this state is spent here.
    await leaveForBank()
    const second = setup({ receivedRedirectUri })
    await second.session.resume()
    expect(second.session.getSnapshot()).toEqual({ state: 'idle' })
    expect(second.options.getToken).not.toHaveBeenCalled()
  })

  it("uses a state once per scope: another scope's widget (another provider) still opens with it", async () => {
    await leaveForBank()
    const receivedRedirectUri = `${BACK}?oauth_state_id=${newState()}`
    const first = setup({ receivedRedirectUri })
    await first.session.resume()
    first.session.close()
    await leaveForBank()
    const other = setup({ receivedRedirectUri }, createConnectScope())
    await other.session.resume()
    expect(other.session.getSnapshot().state).toBe('open')
  })

  it('keeps the state for "Try again" after the widget said nothing in time', async () => {
    await leaveForBank()
    const state = newState()
    const {
      session,
      query,
      state: current,
    } = setup({ receivedRedirectUri: `${BACK}?oauth_state_id=${state}`, readyTimeoutMs: 1000 })
    await session.resume()
    await vi.advanceTimersByTimeAsync(1000)
    expect(current()).toBe('unavailable')
    await session.retry()
    expect(query()).toMatchObject({ token: 'tok-2', oauth_state_id: state })
  })

  it('hands redirectUri and the state to a widgetUrl of the lender', async () => {
    await leaveForBank()
    const state = newState()
    const widgetUrl = vi.fn((serviceUrl: string, token: string) => `${serviceUrl}/w/${token}`)
    const { session } = setup({
      widgetUrl,
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${state}`,
    })
    await session.resume()
    expect(widgetUrl).toHaveBeenCalledExactlyOnceWith(
      SERVICE,
      'tok-1',
      location.origin,
      expect.objectContaining({ redirectUri: BACK, oauthStateId: state }),
    )
  })
})
