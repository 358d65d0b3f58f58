import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createConnectScope,
  createConnectSession,
  IbvError,
  type ConnectScope,
  type ConnectSessionOptions,
  type ConnectSessionSnapshot,
} from '../../src/core/index.js'
import { heldToken, type HeldToken } from '../../src/core/held-token.js'
import { listenToPage } from '../../src/core/page-events.js'

const SERVICE = 'https://service.test'
const CLOSED = { status: 'closed_by_user' }

/** The owner of "one widget at a time" for this test's sessions: a page's provider, say. */
let page: ConnectScope

beforeEach(() => {
  vi.useFakeTimers()
  page = createConnectScope()
})

/** A token as the adapters hand it over: held, with its lifetime. */
const held = (accessToken: string): HeldToken =>
  heldToken({ access_token: accessToken, expires_in: 1800 }, Date.now())

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

/** A frame in the page, as an adapter renders the widget's (jsdom gives it a window of its own). */
function frameInPage() {
  return document.body.appendChild(document.createElement('iframe'))
}

/**
 * A session of `scope` with tokens `tok-1`, `tok-2`, … and every callback recorded; its frame
 * attached, the page's messages fed to it by `listenToPage` as an adapter does.
 */
function setup(extra: Partial<ConnectSessionOptions> = {}, scope = page) {
  let minted = 0
  const options = {
    serviceUrl: SERVICE,
    getToken: vi.fn<ConnectSessionOptions['getToken']>(async () => held(`tok-${++minted}`)),
    listen: listenToPage,
    onSuccess: vi.fn(),
    onExit: vi.fn(),
    onError: vi.fn(),
    onEvent: vi.fn(),
    onInvalidMessage: vi.fn(),
    ...extra,
  }
  const session = createConnectSession(options, scope)
  const frame = frameInPage()
  session.attachFrame(frame)
  const seen: ConnectSessionSnapshot[] = []
  session.subscribe(() => seen.push(session.getSnapshot()))
  const post = (
    data: unknown,
    origin = SERVICE,
    source: MessageEventSource | null = frame.contentWindow,
  ) => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  }
  return { session, options, frame, post, seen, state: () => session.getSnapshot().state }
}

const success = (id = 'IBV1') => ({
  type: 'ibv:success',
  product_request_id: id,
  institution: { id: 'platypus', name: 'Platypus Bank' },
})

describe('the connect session', () => {
  it('opens the widget with a token, and closes on success', async () => {
    const { session, options, post, seen, state } = setup()
    expect(session.getSnapshot()).toEqual({ state: 'idle' })
    const opening = session.open()
    expect(state()).toBe('loading')
    await opening
    const { src } = session.getSnapshot()
    expect(src).toBe(`${SERVICE}/connect?token=tok-1&origin=${encodeURIComponent(location.origin)}`)
    expect(state()).toBe('open')
    // Not shown until the widget speaks.
    expect(session.getSnapshot().ready).toBeUndefined()
    post({ type: 'ibv:ready' })
    expect(session.getSnapshot().ready).toBe(true)
    post({ type: 'ibv:event', name: 'SUBMIT_CREDENTIALS', metadata: { step: 1 } })
    // Ready in time: no timeout later.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(state()).toBe('open')
    post(success())
    expect(state()).toBe('idle')
    expect(options.onEvent).toHaveBeenCalledExactlyOnceWith('SUBMIT_CREDENTIALS', { step: 1 })
    expect(options.onSuccess).toHaveBeenCalledExactlyOnceWith({
      productRequestId: 'IBV1',
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })
    expect(options.onExit).not.toHaveBeenCalled()
    expect(seen.map((snapshot) => [snapshot.state, snapshot.ready])).toEqual([
      ['loading', undefined],
      ['open', undefined],
      ['open', true],
      ['idle', undefined],
    ])
    // The widget is gone: what its window says now reaches nobody.
    post(success('IBV2'))
    expect(options.onSuccess).toHaveBeenCalledTimes(1)
  })

  it('hands out a new snapshot for each change, and none after unsubscribing', async () => {
    const { session, post } = setup()
    const listener = vi.fn()
    const unsubscribe = session.subscribe(listener)
    const idle = session.getSnapshot()
    expect(session.getSnapshot()).toBe(idle)
    await session.open()
    const open = session.getSnapshot()
    expect(open).not.toBe(idle)
    post({ type: 'ibv:resize', height: 480.2 })
    expect(session.getSnapshot()).toEqual({ ...open, ready: true, height: 481 })
    expect(open.height).toBeUndefined()
    const calls = listener.mock.calls.length
    unsubscribe()
    post({ type: 'ibv:resize', height: 500 })
    expect(listener).toHaveBeenCalledTimes(calls)
  })

  it('reports the exit the widget says, with its error, and closes', async () => {
    const { session, options, post, state } = setup()
    await session.open()
    const error = {
      code: 'INVALID_CREDENTIALS',
      message: 'The bank did not accept the credentials.',
    }
    post({
      type: 'ibv:exit',
      error,
      metadata: { status: 'reconnect_required', product_request_id: 'IBV7' },
    })
    expect(state()).toBe('idle')
    expect(options.onExit).toHaveBeenCalledExactlyOnceWith(
      error,
      expect.objectContaining({ status: 'reconnect_required', productRequestId: 'IBV7' }),
    )
  })

  it('reports what the widget last said leaving would, when the dialog is closed', async () => {
    const { session, options, post, state } = setup()
    await session.open()
    session.dismiss()
    expect(state()).toBe('idle')
    expect(options.onExit).toHaveBeenLastCalledWith(null, CLOSED)

    await session.open()
    const error = { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' }
    post({
      type: 'ibv:exit_pending',
      error,
      metadata: { status: 'reconnect_required', product_request_id: 'IBV8' },
    })
    expect(state()).toBe('open')
    expect(options.onExit).toHaveBeenCalledTimes(1)
    session.dismiss()
    expect(options.onExit).toHaveBeenLastCalledWith(
      error,
      expect.objectContaining({ status: 'reconnect_required', productRequestId: 'IBV8' }),
    )

    // A new widget starts from nothing said.
    await session.open()
    session.dismiss()
    expect(options.onExit).toHaveBeenLastCalledWith(null, CLOSED)
    expect(options.onExit).toHaveBeenCalledTimes(3)
  })

  it('says the widget is unavailable when it says nothing in time, once, and tries again with a fresh token', async () => {
    const { session, options, post, state } = setup({ readyTimeoutMs: 5000 })
    await session.open()
    await vi.advanceTimersByTimeAsync(4999)
    expect(state()).toBe('open')
    await vi.advanceTimersByTimeAsync(1)
    expect(state()).toBe('unavailable')
    expect(options.onExit).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ code: 'WIDGET_UNAVAILABLE' }),
      { status: 'unavailable' },
    )
    await vi.advanceTimersByTimeAsync(60_000)
    expect(options.onExit).toHaveBeenCalledTimes(1)
    // The frame is gone while the error shows: a late word from it changes nothing.
    post(success())
    expect(options.onSuccess).not.toHaveBeenCalled()

    await session.retry()
    // Another token than the one that failed.
    expect(options.getToken).toHaveBeenLastCalledWith('tok-1')
    expect(session.getSnapshot()).toEqual({
      state: 'open',
      src: expect.stringContaining('token=tok-2'),
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(state()).toBe('unavailable')
    expect(options.onExit).toHaveBeenCalledTimes(2)

    await session.retry()
    post({ type: 'ibv:ready' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(state()).toBe('open')
    // Closing after the error reports nothing more.
    await vi.advanceTimersByTimeAsync(0)
    session.dismiss()
    expect(options.onExit).toHaveBeenCalledTimes(3)
  })

  it('closes quietly after the error', async () => {
    const { session, options, state } = setup()
    await session.open()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(state()).toBe('unavailable')
    session.dismiss()
    expect(state()).toBe('idle')
    expect(options.onExit).toHaveBeenCalledTimes(1)
  })

  it('ignores messages from another origin or another window, and reports malformed ones from the widget', async () => {
    const { session, options, post, state } = setup()
    await session.open()
    const stranger = frameInPage()
    for (const data of [
      success('IBVEVIL'),
      { type: 'ibv:ready' },
      { type: 'ibv:exit', error: null, metadata: {} },
    ]) {
      post(data, 'https://evil.test')
      post(data, SERVICE, window)
      post(data, SERVICE, stranger.contentWindow)
      post(data, SERVICE, null)
    }
    expect(options.onSuccess).not.toHaveBeenCalled()
    expect(options.onExit).not.toHaveBeenCalled()
    expect(options.onInvalidMessage).not.toHaveBeenCalled()
    // None of them counted as the widget being there.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(state()).toBe('unavailable')

    await session.retry()
    post({ type: 'ibv:success', product_request_id: 42 })
    post('hello')
    expect(options.onInvalidMessage).toHaveBeenCalledTimes(2)
    expect(options.onInvalidMessage).toHaveBeenLastCalledWith('hello')
    expect(state()).toBe('open')
  })

  it('shows why when no token can be had, and can be opened again', async () => {
    const refused = new Error('Not yours')
    const { session, options } = setup({
      getToken: vi.fn().mockRejectedValueOnce(refused).mockResolvedValue(held('tok-ok')),
    })
    await session.open()
    // A fetcher's plain error becomes a typed one, kept as its cause; onError hears it once, onExit not at all.
    const { error } = session.getSnapshot()
    expect(session.getSnapshot()).toEqual({ state: 'error', error: expect.any(IbvError) })
    expect(error).toMatchObject({ code: 'unknown', source: 'backend', cause: refused })
    expect(options.onError).toHaveBeenCalledExactlyOnceWith(error)
    await session.open()
    expect(session.getSnapshot().src).toContain('token=tok-ok')
    expect(options.onError).toHaveBeenCalledTimes(1)
    expect(options.onExit).not.toHaveBeenCalled()
  })

  it('never puts a page other than http(s) in the frame: a javascript: service URL or widgetUrl is an error', async () => {
    for (const extra of [
      { serviceUrl: 'javascript:alert(1)//' },
      { widgetUrl: () => 'javascript:alert(1)' },
    ]) {
      const { session } = setup(extra)
      await session.open()
      expect(session.getSnapshot()).toEqual({
        state: 'error',
        error: expect.objectContaining({ code: 'invalid_request' }),
      })
    }
  })

  it('opens one widget at a time in its scope, and once however often it is asked', async () => {
    const first = setup()
    const second = setup()
    void first.session.open()
    void first.session.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(first.options.getToken).toHaveBeenCalledTimes(1)
    expect(first.state()).toBe('open')
    await second.session.open()
    expect(second.state()).toBe('open')
    expect(first.state()).toBe('idle')
    expect(first.options.onExit).not.toHaveBeenCalled()
  })

  it('leaves the widget of another scope open: two providers on a page, two test files, do not meet', async () => {
    const first = setup({}, createConnectScope())
    const second = setup({}, createConnectScope())
    await first.session.open()
    await second.session.open()
    expect(first.state()).toBe('open')
    expect(second.state()).toBe('open')
    // Each hears its own frame only.
    second.post(success('IBV2'))
    expect(second.options.onSuccess).toHaveBeenCalledOnce()
    expect(first.options.onSuccess).not.toHaveBeenCalled()
    expect(first.state()).toBe('open')
  })

  it('drops a token that arrives after the widget was closed', async () => {
    let grant: (token: HeldToken) => void = () => {}
    const { session, state } = setup({
      getToken: () => new Promise<HeldToken>((resolve) => (grant = resolve)),
    })
    const opening = session.open()
    await vi.advanceTimersByTimeAsync(0)
    session.close()
    grant(held('tok-late'))
    await opening
    expect(state()).toBe('idle')
  })

  it('on an invite: reports its use once, then asks for another token than the used one, once the use is recorded', async () => {
    let recorded: () => void = () => {}
    const completeInvite = vi.fn(() => new Promise<void>((resolve) => (recorded = resolve)))
    const { session, options, post, state } = setup({ invite: 'inv-1', completeInvite })
    await session.open()
    post(success('IBV9'))
    post(success('IBV9'))
    expect(completeInvite).toHaveBeenCalledExactlyOnceWith('inv-1', 'IBV9')
    expect(options.onSuccess).toHaveBeenCalledTimes(1)

    const reopening = session.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(options.getToken).toHaveBeenCalledTimes(1)
    recorded()
    await reopening
    expect(options.getToken).toHaveBeenCalledTimes(2)
    expect(options.getToken).toHaveBeenLastCalledWith('tok-1')
    expect(state()).toBe('open')
  })

  it('reports a success even when recording the invite fails', async () => {
    const completeInvite = vi.fn(async () => {
      throw new Error('backend down')
    })
    const { session, options, post } = setup({ invite: 'inv-2', completeInvite })
    await session.open()
    post(success())
    expect(options.onSuccess).toHaveBeenCalledTimes(1)
    await session.open()
    expect(session.getSnapshot().state).toBe('open')
  })

  it('asks the widget to speak the locale it is given, and hands it to a widgetUrl of the lender', async () => {
    const plain = setup()
    await plain.session.open()
    expect(new URL(plain.session.getSnapshot().src!).searchParams.has('locale')).toBe(false)
    plain.session.close()

    const spanish = setup({ locale: 'es' })
    await spanish.session.open()
    expect(spanish.session.getSnapshot().src).toBe(
      `${SERVICE}/connect?token=tok-1&origin=${encodeURIComponent(location.origin)}&locale=es`,
    )
    spanish.session.close()

    const renamed = setup({ locale: 'fr-CA', localeParam: 'lang' })
    await renamed.session.open()
    expect(new URL(renamed.session.getSnapshot().src!).searchParams.get('lang')).toBe('fr-CA')
    renamed.session.close()

    const widgetUrl = vi.fn(
      (
        serviceUrl: string,
        token: string,
        _origin: string,
        options?: { locale?: string; localeParam?: string | null },
      ) => `${serviceUrl}/w/${token}?hl=${options?.locale}`,
    )
    const own = setup({ locale: 'fr-CA', localeParam: null, widgetUrl })
    await own.session.open()
    expect(own.session.getSnapshot().src).toBe(`${SERVICE}/w/tok-1?hl=fr-CA`)
    expect(widgetUrl).toHaveBeenCalledWith(SERVICE, 'tok-1', location.origin, {
      locale: 'fr-CA',
      localeParam: null,
    })
  })

  it('reads the options it was last given', async () => {
    const { session, options, post } = setup()
    const onSuccess = vi.fn()
    session.setOptions({
      ...options,
      onSuccess,
      widgetUrl: (serviceUrl, token) => `${serviceUrl}/w/${token}`,
    })
    await session.open()
    expect(session.getSnapshot().src).toBe(`${SERVICE}/w/tok-1`)
    post(success())
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(options.onSuccess).not.toHaveBeenCalled()
  })
})
