import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTokenStore } from '../../src/core/token-store.js'
import { IbvError } from '../../src/core/errors.js'
import { heldToken, isUsable } from '../../src/core/held-token.js'
import type { TokenRequest } from '../../src/core/fetchers.js'
import { createIbvTestEnvironment } from '../../src/testing/index.js'

// The token store with a fake clock: tokens from the real backend over the in-process sandbox
// (ibv-kit/testing's environment), asked for as the adapters ask.
const MINUTE = 60_000
const REQUEST: TokenRequest = { type: 'consumer', consumerId: 'LND-1' }

/** Lets the backend and the sandbox answer (their bodies resolve on real macrotasks). */
async function flush() {
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(0)
  }
}

/** The environment's token-fetcher, with every call counted. */
function setUp(authorize?: () => boolean) {
  const env = createIbvTestEnvironment(authorize ? { authorize } : {})
  let calls = 0
  const fetch = (request: TokenRequest = REQUEST) => {
    calls++
    return env.fetchers.token(request)
  }
  return { env, fetch, calls: () => calls }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 0))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the token store', () => {
  it('fetches once for many askers at the same time, and parses the answer once into a HeldToken', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const asks = [1, 2, 3, 4, 5].map(() => store.token(REQUEST, { fetch }))
    await flush()
    const tokens = await Promise.all(asks)
    expect(calls()).toBe(1)
    expect(new Set(tokens).size).toBe(1)
    expect(tokens[0]).toEqual({
      accessToken: expect.stringMatching(/^sbx_/),
      expiresIn: expect.any(Number),
      expiresAt: Date.now() + tokens[0]!.expiresIn * 1000,
      renewAt: Date.now() + (tokens[0]!.expiresIn - 120) * 1000,
    })
    expect(store.peek(REQUEST)).toBe(tokens[0])
  })

  it('reuses a usable token, and fetches another when asked for one other than the stale one', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const first = store.token(REQUEST, { fetch })
    await flush()
    const held = await first
    expect(await store.token(REQUEST, { fetch })).toBe(held)
    expect(calls()).toBe(1)
    const next = store.token(REQUEST, { fetch, stale: held.accessToken })
    await flush()
    expect((await next).accessToken).not.toBe(held.accessToken)
    expect(calls()).toBe(2)
  })

  it('fetches again once the held token has under 5 s left', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const first = store.token(REQUEST, { fetch })
    await flush()
    const held = await first
    vi.setSystemTime(held.expiresAt - 4_000)
    expect(isUsable(store.peek(REQUEST))).toBe(false)
    const next = store.token(REQUEST, { fetch })
    await flush()
    expect((await next).accessToken).not.toBe(held.accessToken)
    expect(calls()).toBe(2)
  })

  it('sets the renewal point from renewLeadSeconds', async () => {
    const { fetch } = setUp()
    const store = createTokenStore()
    const asked = store.token(REQUEST, { fetch, renewLeadSeconds: 300 })
    await flush()
    const token = await asked
    expect(token.expiresAt - token.renewAt).toBe(300_000)
  })

  it('keeps tokens apart by request and by scope (the token route)', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const other: TokenRequest = { type: 'consumer', consumerId: 'LND-2' }
    const asks = [
      store.token(REQUEST, { fetch }),
      store.token(other, { fetch: () => fetch(other) }),
      store.token(REQUEST, { fetch }, '/elsewhere/tokens'),
    ]
    await flush()
    const tokens = await Promise.all(asks)
    expect(calls()).toBe(3)
    expect(new Set(tokens.map((token) => token.accessToken)).size).toBe(3)
    expect(store.peek(REQUEST, '/elsewhere/tokens')).toBe(tokens[2])
  })

  it('retries a retryable failure with a growing wait, and gives up after `retries`', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    let failures = 0
    const flaky = async () => {
      if (++failures <= 2) throw new IbvError('network', 'The backend could not be reached.')
      return fetch()
    }
    const times: number[] = []
    const asked = store.token(REQUEST, {
      fetch: () => (times.push(Date.now()), flaky()),
      retries: 3,
    })
    await flush()
    expect(times).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await flush()
    expect(times).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(2_000)
    await flush()
    expect((await asked).accessToken).toMatch(/^sbx_/)
    expect(times.map((time) => time - times[0]!)).toEqual([0, 1_000, 3_000])
    expect(calls()).toBe(1)

    const down = store.token(
      { type: 'consumer', consumerId: 'LND-9' },
      {
        fetch: async () => {
          throw new IbvError('server_error', 'The backend failed.')
        },
        retries: 1,
      },
    )
    const settled = down.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(1_000)
    await flush()
    expect(await settled).toMatchObject({ code: 'server_error' })
  })

  it('never retries a refusal', async () => {
    const { fetch, calls } = setUp(() => false)
    const store = createTokenStore()
    const asked = store.token(REQUEST, { fetch, retries: 3 }).catch((error: unknown) => error)
    await flush()
    await vi.advanceTimersByTimeAsync(MINUTE)
    await flush()
    expect(await asked).toMatchObject({ code: 'forbidden' })
    expect(calls()).toBe(1)
    expect(store.peek(REQUEST)).toBeUndefined()
  })

  it('refuses a malformed answer once, at its boundary', async () => {
    const store = createTokenStore()
    const asked = store.token(REQUEST, {
      fetch: async () => ({ access_token: 'sbx_x', expires_in: 0 }),
      retries: 3,
    })
    await expect(asked).rejects.toMatchObject({ code: 'malformed_response' })
  })

  it('forgets a request: the next ask fetches, and a fetch under way is not kept', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const first = store.token(REQUEST, { fetch })
    await flush()
    const held = await first
    store.forget(REQUEST)
    expect(store.peek(REQUEST)).toBeUndefined()
    const inFlight = store.token(REQUEST, { fetch })
    store.forget(REQUEST)
    await flush()
    expect((await inFlight).accessToken).not.toBe(held.accessToken)
    expect(store.peek(REQUEST)).toBeUndefined()
    expect(calls()).toBe(2)
  })

  it('starts from a seeded token (a prefetched one) without fetching, unless a usable one is held', async () => {
    const { fetch, calls } = setUp()
    const store = createTokenStore()
    const seeded = heldToken({ access_token: 'sbx_seeded', expires_in: 1800 }, Date.now())
    store.seed(REQUEST, seeded)
    expect(await store.token(REQUEST, { fetch })).toBe(seeded)
    store.seed(REQUEST, heldToken({ access_token: 'sbx_other', expires_in: 1800 }, Date.now()))
    expect(store.peek(REQUEST)).toBe(seeded)
    expect(calls()).toBe(0)
  })

  it('keeps its tokens where it is told (React keeps them in its query cache)', async () => {
    const { fetch } = setUp()
    const kept = new Map<string, unknown>()
    const store = createTokenStore({
      holding: {
        get: (request, scope) => kept.get(JSON.stringify([scope, request])) as never,
        set: (request, scope, token) => kept.set(JSON.stringify([scope, request]), token),
        delete: (request, scope) => kept.delete(JSON.stringify([scope, request])),
      },
    })
    const asked = store.token(REQUEST, { fetch })
    await flush()
    expect(kept.get(JSON.stringify(['', REQUEST]))).toBe(await asked)
    store.forget(REQUEST)
    expect(kept.size).toBe(0)
  })
})
