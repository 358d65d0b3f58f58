import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEmbedSession, type EmbedFrameElement } from '../../src/core/embed-session.js'
import { heldToken } from '../../src/core/held-token.js'
import { createSandbox } from '../../src/sandbox/index.js'

// The embed session's live options (`setOptions`), with a fake clock and tokens from the real
// sandbox (in process).
const SERVICE = 'https://service.test'
const KEY = 'sandbox-api-key'
const MINUTE = 60_000

async function flush() {
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(0)
  }
}

async function setUp() {
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
  /** A token source whose fetches are counted in `counts[name]`. */
  const counts: Record<string, number> = {}
  const source = (name: string) => async () => {
    counts[name] = (counts[name] ?? 0) + 1
    const body = await call('/api/v1/auth/tokens', {
      type: 'embedded_report_token',
      product_request_id: productRequestId,
    })
    return heldToken(body, Date.now())
  }
  const session = createEmbedSession({
    productRequestId,
    serviceUrl: SERVICE,
    getToken: source('first'),
  })
  const windows = new Map<string, EmbedFrameElement['contentWindow']>()
  session.subscribe(() => {
    for (const frame of session.getSnapshot().frames) {
      if (windows.has(frame.token)) continue
      const contentWindow = { postMessage: () => undefined }
      windows.set(frame.token, contentWindow)
      session.frameAttached(frame.token, { src: frame.src, contentWindow })
    }
  })
  const speak = (token: string) =>
    session.message({ type: 'ibv:ready' }, SERVICE, windows.get(token))
  return { session, source, counts, speak }
}

const frames = (session: ReturnType<typeof createEmbedSession>) => session.getSnapshot().frames

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 0))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('setOptions', () => {
  it('a new getToken gives the next token', async () => {
    const { session, source, counts } = await setUp()
    session.start()
    await flush()
    session.setOptions({ getToken: source('second') })
    await vi.advanceTimersByTimeAsync(28 * MINUTE)
    await flush()
    expect(counts).toEqual({ first: 1, second: 1 })
  })

  it('a new renewLeadSeconds moves the held token’s renewal', async () => {
    const { session, counts } = await setUp()
    session.start()
    await flush()
    session.setOptions({ renewLeadSeconds: 600 })
    await vi.advanceTimersByTimeAsync(20 * MINUTE)
    await flush()
    expect(counts.first).toBe(2)
  })

  it('a new readyTimeoutMs counts from when the page began to load', async () => {
    const { session } = await setUp()
    session.start()
    await flush()
    await vi.advanceTimersByTimeAsync(3_000)
    session.setOptions({ readyTimeoutMs: 4_000 })
    await vi.advanceTimersByTimeAsync(999)
    expect(session.getSnapshot().state).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(session.getSnapshot().state).toBe('error')
  })

  it('a new locale loads the report in it behind the shown one, which keeps its address', async () => {
    const { session, speak } = await setUp()
    session.start()
    await flush()
    const [shown] = frames(session)
    speak(shown!.token)
    session.setOptions({ locale: 'es' })
    await flush()
    const [current, next] = frames(session)
    expect(current!.src).toBe(shown!.src)
    expect(new URL(next!.src).searchParams.get('locale')).toBe('es')
    speak(next!.token)
    expect(frames(session).map((frame) => frame.token)).toEqual([next!.token])
  })

  it('tells nobody when nothing changed: an adapter may hand over every render’s options', async () => {
    const { session } = await setUp()
    session.start()
    await flush()
    const told = vi.fn()
    session.subscribe(told)
    session.setOptions({ renewLeadSeconds: undefined, readyTimeoutMs: undefined })
    expect(told).not.toHaveBeenCalled()
  })
})
