import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import {
  createEmbedSession,
  type EmbedFrameElement,
  type EmbedSession,
  type EmbedSessionOptions,
  type EmbedSnapshot,
} from '../../src/core/embed-session.js'
import { heldToken } from '../../src/core/held-token.js'
import { createSandbox } from '../../src/sandbox/index.js'

// The embedded report's engine with a fake clock: tokens from the real sandbox (in process), the
// page's messages and frames handed in as an adapter would.
const SERVICE = 'https://service.test'
const KEY = 'sandbox-api-key'
const MINUTE = 60_000

/** Lets the sandbox answer (its Response bodies resolve on real macrotasks) and fake time run 0 ms. */
async function flush() {
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(0)
  }
}

/** Moves fake time (and the wall clock) by `ms`, then lets what that started finish. */
async function pass(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
  await flush()
}

/** An iframe as the session sees it: its src, and a window that records what it was sent. */
function frameElement(src: string) {
  const posted: unknown[] = []
  return {
    src,
    posted,
    contentWindow: { postMessage: (message: unknown) => posted.push(message) },
  } satisfies EmbedFrameElement & { posted: unknown[] }
}

async function setUp(options: Partial<EmbedSessionOptions> = {}) {
  const sandbox = createSandbox({ serviceUrl: SERVICE })
  const call = async (path: string, body: unknown) =>
    (
      await sandbox.fetch(
        new Request(`${SERVICE}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    ).json()
  const created = await call('/sandbox/product_requests', { consumer_id: 'LND-42' })
  const productRequestId: string = created.product_request_id
  let minted = 0
  /** What the adapter would answer: another token than the one held, here always a new one from the service. */
  const getToken = async () => {
    minted++
    const body = await call('/api/v1/auth/tokens', {
      type: 'embedded_report_token',
      product_request_id: productRequestId,
    })
    if (body.access_token === undefined) throw new IbvError('server_error', 'no token')
    return heldToken(body, Date.now())
  }
  const states: string[] = []
  const errors: unknown[] = []
  const session = createEmbedSession({
    productRequestId,
    serviceUrl: SERVICE,
    getToken,
    onStateChange: (state) => states.push(state),
    onError: (error) => errors.push(error),
    ...options,
  })
  const snapshots: EmbedSnapshot[] = []
  session.subscribe(() => snapshots.push(session.getSnapshot()))
  const elements = new Map<string, ReturnType<typeof frameElement>>()
  /** Renders the snapshot as an adapter would: an element for each frame. */
  const render = () => {
    for (const frame of session.getSnapshot().frames) {
      if (elements.has(frame.token)) continue
      const element = frameElement(frame.src)
      elements.set(frame.token, element)
      session.frameAttached(frame.token, element)
    }
  }
  session.subscribe(render)
  render()
  /** The page in the frame of `token` posts `data`. */
  const say = (token: string, data: unknown, origin = SERVICE) =>
    session.message(data, origin, elements.get(token)?.contentWindow)
  return {
    session,
    productRequestId,
    minted: () => minted,
    states,
    errors,
    snapshots,
    elements,
    say,
    call,
  }
}

const frames = (session: EmbedSession) => session.getSnapshot().frames
const state = (session: EmbedSession) => session.getSnapshot().state
const tokens = (session: EmbedSession) => frames(session).map((frame) => frame.token)

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
  vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 0))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the embed session', () => {
  it('does nothing until started: no token asked for, no timer', async () => {
    const { session, minted } = await setUp()
    await pass(MINUTE)
    expect(minted()).toBe(0)
    expect(state(session)).toBe('loading')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('loads a frame hidden, shows it when its page speaks, and takes the heights it reports', async () => {
    const { session, say, states } = await setUp()
    session.start()
    await flush()
    const [first] = tokens(session)
    expect(frames(session)).toEqual([expect.objectContaining({ token: first, ready: undefined })])
    expect(frames(session)[0]!.src).toBe(
      `${SERVICE}/portal/embeddable_reports?token=${encodeURIComponent(first!)}`,
    )
    say(first!, { type: 'ibv:resize', height: 612.2 })
    expect(frames(session)[0]).toMatchObject({ ready: true, height: 613 })
    expect(state(session)).toBe('ready')
    // Noise: heights out of range, unknown types.
    say(first!, { type: 'ibv:resize', height: -4 })
    say(first!, { type: 'ibv:resize', height: 1e9 })
    expect(frames(session)[0]!.height).toBe(613)
    expect(states).toEqual(['loading', 'ready'])
  })

  it('renews before expiry with no blank frame: the next loads hidden and swaps in on its first message', async () => {
    const { session, say, minted, snapshots, states } = await setUp()
    session.start()
    await flush()
    const [first] = tokens(session)
    say(first!, { type: 'ibv:ready' })
    await pass(28 * MINUTE - 1000)
    expect(minted()).toBe(1)
    await pass(1000)
    expect(minted()).toBe(2)
    const [current, next] = frames(session)
    expect(current).toMatchObject({ token: first, ready: true })
    expect(next).toMatchObject({ ready: undefined })
    expect(state(session)).toBe('renewing')
    say(next!.token, { type: 'ibv:ready' })
    expect(tokens(session)).toEqual([next!.token])
    expect(state(session)).toBe('ready')
    // From the first ready on, every snapshot showed a ready frame first.
    const shown = snapshots.slice(snapshots.findIndex((snapshot) => snapshot.state === 'ready'))
    expect(shown.every((snapshot) => snapshot.frames[0]?.ready)).toBe(true)
    expect(states).toEqual(['loading', 'ready', 'renewing', 'ready'])
    // And again a lifetime later.
    await pass(28 * MINUTE)
    expect(minted()).toBe(3)
  })

  it('renews at once on wake when the clock jumped past renewAt while timers slept', async () => {
    const { session, say, minted } = await setUp()
    session.start()
    await flush()
    say(tokens(session)[0]!, { type: 'ibv:ready' })
    vi.setSystemTime(Date.now() + 2 * 60 * MINUTE)
    session.wake()
    await flush()
    expect(minted()).toBe(2)
    expect(frames(session)).toHaveLength(2)
  })

  it('re-mints at once when the shown page says its token expired, and defers a second expiry to the end of the 10 s window', async () => {
    const { session, say, minted, states } = await setUp()
    session.start()
    await flush()
    say(tokens(session)[0]!, { type: 'ibv:ready' })
    say(tokens(session)[0]!, { type: 'ibv:resize', height: 800 })
    await pass(20 * MINUTE)
    say(tokens(session)[0]!, { type: 'ibv:token_expired' })
    // An expired page forgets its height: it is short, and cannot measure itself smaller than its frame.
    expect(frames(session)[0]).toMatchObject({ expired: true, height: undefined })
    expect(state(session)).toBe('expired')
    await flush()
    expect(minted()).toBe(2)
    say(tokens(session)[1]!, { type: 'ibv:ready' })
    expect(state(session)).toBe('ready')
    // Again 3 s later: the page says expired, the renewal waits for the window's end (7 s more).
    await pass(3000)
    say(tokens(session)[0]!, { type: 'ibv:token_expired' })
    expect(state(session)).toBe('expired')
    session.wake()
    await pass(6900)
    expect(minted()).toBe(2)
    expect(state(session)).toBe('expired')
    await pass(100)
    expect(minted()).toBe(3)
    say(tokens(session)[1]!, { type: 'ibv:ready' })
    expect(state(session)).toBe('ready')
    expect(states).toEqual([
      'loading',
      'ready',
      'expired',
      'renewing',
      'ready',
      'expired',
      'renewing',
      'ready',
    ])
  })

  it('counts only the newest token’s first complaint', async () => {
    const { session, say, minted } = await setUp()
    session.start()
    await flush()
    const [first] = tokens(session)
    say(first!, { type: 'ibv:ready' })
    say(first!, { type: 'ibv:token_expired' })
    say(first!, { type: 'ibv:token_expired' })
    await flush()
    expect(minted()).toBe(2)
    // The old page, still shown while the new one loads, complains again: nothing more.
    say(first!, { type: 'ibv:token_expired' })
    await pass(30_000)
    expect(minted()).toBe(2)
  })

  it('gives up after three failed renewals in a row; "Try again" starts over at once', async () => {
    const { session, say, minted, errors } = await setUp()
    session.start()
    await flush()
    const expireNewest = () => {
      const newest = tokens(session).at(-1)!
      say(newest, { type: 'ibv:ready' })
      say(newest, { type: 'ibv:token_expired' })
    }
    expireNewest()
    await flush()
    expect(minted()).toBe(2)
    for (const calls of [3, 4]) {
      expireNewest()
      await pass(10_000)
      expect(minted()).toBe(calls)
    }
    expireNewest() // the third failure in a row, just after a re-mint
    await pass(5 * MINUTE)
    expect(minted()).toBe(4)
    expect(state(session)).toBe('error')
    expect(errors).toEqual([expect.objectContaining({ code: 'unauthorized' })])
    expect(errors[0]).toBeInstanceOf(IbvError)
    session.retry()
    await flush()
    expect(minted()).toBe(5)
    expect(state(session)).toBe('renewing')
    say(tokens(session).at(-1)!, { type: 'ibv:ready' })
    expect(state(session)).toBe('ready')
    expect(errors).toHaveLength(1)
  })

  it('a page that says nothing within the ready timeout is hidden and an error; a late message shows it after all', async () => {
    const { session, say, errors } = await setUp({ readyTimeoutMs: 10_000 })
    session.start()
    await flush()
    const [first] = tokens(session)
    await pass(9_999)
    expect(state(session)).toBe('loading')
    await pass(1)
    expect(state(session)).toBe('error')
    expect(frames(session)[0]).toMatchObject({ ready: false, unavailable: true })
    expect(errors).toEqual([expect.objectContaining({ code: 'timeout', retryable: true })])
    await pass(MINUTE)
    expect(errors).toHaveLength(1)
    say(first!, { type: 'ibv:ready' })
    expect(state(session)).toBe('ready')
    expect(session.getSnapshot().error).toBeUndefined()
  })

  it('a page that spoke in time is never timed out: still ready well past the timeout, nothing reported', async () => {
    const { session, say, errors, states } = await setUp({ readyTimeoutMs: 1_500 })
    session.start()
    await flush()
    say(tokens(session)[0]!, { type: 'ibv:ready' })
    await pass(3_000)
    expect(state(session)).toBe('ready')
    expect(errors).toEqual([])
    expect(states).toEqual(['loading', 'ready'])
  })

  it('"Try again" after the ready timeout loads the report with a new token', async () => {
    const { session, minted } = await setUp({ readyTimeoutMs: 2_000 })
    session.start()
    await flush()
    const [first] = tokens(session)
    await pass(2_000)
    expect(state(session)).toBe('error')
    session.retry()
    await flush()
    expect(minted()).toBe(2)
    expect(tokens(session)).toHaveLength(1)
    expect(tokens(session)[0]).not.toBe(first)
    expect(state(session)).toBe('loading')
  })

  it('ignores spoofed messages: another origin, another window, no window, and data not of the protocol', async () => {
    const { session, say, snapshots } = await setUp()
    session.start()
    await flush()
    const [first] = tokens(session)
    const before = snapshots.length
    say(first!, { type: 'ibv:ready' }, 'https://evil.test')
    session.message({ type: 'ibv:ready' }, SERVICE, { postMessage: () => undefined })
    session.message({ type: 'ibv:ready' }, SERVICE, null)
    for (const data of [
      null,
      'ibv:ready',
      42,
      ['ibv:ready'],
      { type: 'ready' },
      { kind: 'ibv:ready' },
    ])
      say(first!, data)
    expect(snapshots.length).toBe(before)
    expect(state(session)).toBe('loading')
    say(first!, { type: 'ibv:ready' })
    expect(state(session)).toBe('ready')
  })

  it('a failed token fetch is an error; "Try again" asks again', async () => {
    let fail = true
    const { session, errors, minted } = await setUp()
    const failing = createEmbedSession({
      ...session.options,
      getToken: async () => {
        if (fail) throw new IbvError('unauthorized', 'Not signed in', { status: 401 })
        return session.options.getToken(undefined)
      },
      onError: (error) => errors.push(error),
    })
    failing.start()
    await flush()
    expect(failing.getSnapshot().state).toBe('error')
    expect(errors).toEqual([expect.objectContaining({ code: 'unauthorized', status: 401 })])
    fail = false
    failing.retry()
    expect(failing.getSnapshot().state).toBe('loading')
    await flush()
    expect(minted()).toBe(1)
    expect(failing.getSnapshot().frames).toHaveLength(1)
  })

  it('explains a missing product request id and asks for no token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { session, minted, errors } = await setUp({ productRequestId: '' })
    session.start()
    await flush()
    expect(minted()).toBe(0)
    expect(state(session)).toBe('error')
    expect(session.getSnapshot().canRetry).toBe(false)
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'invalid_request',
        fields: { productRequestId: ['is required'] },
      }),
    ])
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('needs a non-empty productRequestId'),
    )
  })

  it.each([
    'javascript:alert(document.domain)//',
    ' JAVA\tSCRIPT:alert(1)',
    'data:text/html,<p>spoof</p>',
  ])(
    'refuses the service URL %j: no token asked for, no frame, an error said once',
    async (serviceUrl) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { session, minted, errors } = await setUp({ serviceUrl })
      session.start()
      await flush()
      expect(minted()).toBe(0)
      expect(session.getSnapshot().frames).toEqual([])
      expect(state(session)).toBe('error')
      expect(errors).toEqual([
        expect.objectContaining({
          code: 'invalid_request',
          fields: { serviceUrl: ['must be http(s) or a path'] },
        }),
      ])
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('must be http(s) or a path'))
    },
  )

  it('while hydrating, shows the prefetched token’s frame at once, even aged; asks it to speak; renews it when due', async () => {
    const { call, productRequestId } = await setUp()
    const body = await call('/api/v1/auth/tokens', {
      type: 'embedded_report_token',
      product_request_id: productRequestId,
    })
    const issuedAt = Date.now() - 29 * MINUTE
    const { session, elements, minted } = await setUp({
      productRequestId,
      hydrating: true,
      prefetched: [
        null,
        {
          productRequestId,
          fetched_at: issuedAt,
          token: { access_token: body.access_token, expires_in: 1800, issued_at: issuedAt },
          status: 'complete',
        },
      ],
    })
    expect(frames(session)).toEqual([
      expect.objectContaining({ token: body.access_token, ready: true }),
    ])
    expect(state(session)).toBe('ready')
    session.start()
    expect(elements.get(body.access_token)!.posted).toEqual([{ type: 'ibv:hello' }])
    await flush()
    expect(minted()).toBe(1)
    expect(frames(session)).toHaveLength(2)
  })

  it('a page from the server’s HTML that speaks after its renewal began keeps the new frame loading behind it', async () => {
    const { call, productRequestId } = await setUp()
    const body = await call('/api/v1/auth/tokens', {
      type: 'embedded_report_token',
      product_request_id: productRequestId,
    })
    const issuedAt = Date.now() - 29 * MINUTE
    const { session, say, minted } = await setUp({
      productRequestId,
      hydrating: true,
      prefetched: [
        {
          productRequestId,
          fetched_at: issuedAt,
          token: { access_token: body.access_token, expires_in: 1800, issued_at: issuedAt },
          status: 'complete',
        },
      ],
    })
    session.start()
    await flush()
    expect(minted()).toBe(1)
    const [served, next] = tokens(session)
    say(served!, { type: 'ibv:ready' })
    expect(tokens(session)).toEqual([served, next])
    say(next!, { type: 'ibv:ready' })
    expect(tokens(session)).toEqual([next])
    expect(state(session)).toBe('ready')
  })

  it('after hydration, an aged prefetched token is not used; a fresh one is', async () => {
    const { call, productRequestId } = await setUp()
    const body = await call('/api/v1/auth/tokens', {
      type: 'embedded_report_token',
      product_request_id: productRequestId,
    })
    const issuedAt = Date.now() - 29 * MINUTE
    const { session } = await setUp({
      productRequestId,
      prefetched: [
        {
          productRequestId,
          fetched_at: issuedAt,
          token: { access_token: body.access_token, expires_in: 1800, issued_at: issuedAt },
          status: 'complete',
        },
      ],
    })
    expect(frames(session)).toEqual([])
  })

  it('keeps the shown frame of the session it replaces until its own has loaded (a refresh)', async () => {
    const previous = await setUp()
    previous.session.start()
    await flush()
    previous.say(tokens(previous.session)[0]!, { type: 'ibv:ready' })
    const next = await setUp({ replaces: previous.session })
    expect(frames(next.session)).toEqual([
      expect.objectContaining({ token: tokens(previous.session)[0], ready: true }),
    ])
    next.session.start()
    await flush()
    expect(frames(next.session)).toHaveLength(2)
    expect(state(next.session)).toBe('renewing')
  })

  it('asks the report page to speak its locale, in every frame (a renewal too); no parameter without one', async () => {
    const english = await setUp()
    english.session.start()
    await flush()
    expect(frames(english.session)[0]!.src).not.toContain('locale')

    const { session, say } = await setUp({ locale: 'es' })
    session.start()
    await flush()
    const [first] = tokens(session)
    expect(frames(session)[0]!.src).toBe(
      `${SERVICE}/portal/embeddable_reports?token=${encodeURIComponent(first!)}&locale=es`,
    )
    say(first!, { type: 'ibv:ready' })
    await pass(28 * MINUTE)
    expect(frames(session).map((frame) => new URL(frame.src).searchParams.get('locale'))).toEqual([
      'es',
      'es',
    ])

    const renamed = await setUp({ locale: 'fr-CA', localeParam: 'hl' })
    renamed.session.start()
    await flush()
    expect(new URL(frames(renamed.session)[0]!.src).searchParams.get('hl')).toBe('fr-CA')
  })

  it('stops: nothing renewed, no timeout, nothing reported', async () => {
    const { session, minted, states } = await setUp()
    const stop = session.start()
    await flush()
    stop()
    await pass(60 * MINUTE)
    expect(minted()).toBe(1)
    expect(state(session)).toBe('loading')
    expect(states).toEqual(['loading'])
  })
})
