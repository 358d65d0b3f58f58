// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP, backendUnderAttack } from './backend-under-attack.js'

const events = (headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/ibv/events`, { headers })
/** The lender's session lookup, as a test stands it in: the `session` cookie names the user. */
const sessionUser = (request: Request) =>
  /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1]

afterEach(() => {
  vi.restoreAllMocks()
})

// One signed-in user could take every stream of the instance by adding a junk cookie to each
// request: the per-client cap keyed on the whole Cookie header counted each as a new client.
describe('streams per principal (identify)', () => {
  it('refuses one more stream to a user at the cap with a 429, however the user varies the cookies', async () => {
    const { backend } = backendUnderAttack({
      maxStreamsPerClient: 3,
      maxStreams: 100,
      identify: sessionUser,
    })
    const open = await Promise.all(
      [0, 1, 2].map((index) => backend.fetch(events({ cookie: `session=greedy; junk=${index}` }))),
    )
    expect(open.map((answer) => answer.status)).toEqual([200, 200, 200])

    for (let index = 3; index < 50; index++) {
      const refused = await backend.fetch(
        events({ cookie: `junk=${index}; session=greedy; more=${index}` }),
      )
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(await refused.json()).toMatchObject({ code: 'too_many_streams' })
    }
    expect(backend.openStreams).toBe(3)

    const other = await backend.fetch(events({ cookie: 'session=someone-else' }))
    expect(other.status).toBe(200)
    await open[0]?.body?.cancel()
    const again = await backend.fetch(events({ cookie: 'session=greedy; junk=again' }))
    expect(again.status).toBe(200)
    for (const answer of [...open.slice(1), other, again]) await answer.body?.cancel()
    expect(backend.relay.subscribers).toBe(0)
  })

  it('defaults to 10 streams per principal', async () => {
    const { backend } = backendUnderAttack({ identify: () => 'user-1' })
    const open = await Promise.all(
      Array.from({ length: 10 }, (_, index) => backend.fetch(events({ cookie: `n=${index}` }))),
    )
    expect(open.every((answer) => answer.status === 200)).toBe(true)
    expect((await backend.fetch(events({ cookie: 'n=new' }))).status).toBe(429)
    for (const answer of open) await answer.body?.cancel()
  })

  it('awaits an async identify', async () => {
    const { backend } = backendUnderAttack({
      maxStreamsPerClient: 1,
      identify: async (request) => sessionUser(request),
    })
    const first = await backend.fetch(events({ cookie: 'session=ada' }))
    expect(first.status).toBe(200)
    expect((await backend.fetch(events({ cookie: 'session=ada; x=1' }))).status).toBe(429)
    await first.body?.cancel()
  })

  it('counts every anonymous caller (identify answers undefined) as one principal', async () => {
    const { backend } = backendUnderAttack({ maxStreamsPerClient: 2, identify: sessionUser })
    const anonymous = await Promise.all(
      [0, 1].map((index) => backend.fetch(events({ cookie: `visitor=${index}` }))),
    )
    expect(anonymous.map((answer) => answer.status)).toEqual([200, 200])
    expect((await backend.fetch(events())).status).toBe(429)
    // A user whose id is any string, even 'anonymous', is someone else.
    const named = await backend.fetch(events({ cookie: 'session=anonymous' }))
    expect(named.status).toBe(200)
    for (const answer of [...anonymous, named]) await answer.body?.cancel()
  })

  it('answers 500, tells onError and takes no place when identify throws or returns a non-string', async () => {
    const results: unknown[] = [new Error('session store down'), 42, { id: 'x' }]
    const { backend, errors } = backendUnderAttack({
      identify: () => {
        const result = results.shift()
        if (result instanceof Error) throw result
        return result as string
      },
    })
    for (let index = 0; index < 3; index++) {
      const answer = await backend.fetch(events())
      expect(answer.status).toBe(500)
      expect(await answer.json()).toMatchObject({ code: 'internal' })
    }
    expect(backend.openStreams).toBe(0)
    expect(errors.map((error) => String(error))).toEqual([
      'Error: session store down',
      'TypeError: createIbvBackend: identify must return the user id as a string, or undefined for an anonymous caller; it returned a number.',
      'TypeError: createIbvBackend: identify must return the user id as a string, or undefined for an anonymous caller; it returned an object.',
    ])
  })

  it('refuses an identify that is not a function, and the removed clientKey, at construction', () => {
    expect(() => backendUnderAttack({ identify: 'user' as never })).toThrow(
      new TypeError(
        'createIbvBackend: identify must be a function (request) => the signed-in user id, or undefined.',
      ),
    )
    expect(() => backendUnderAttack({ clientKey: () => 'user' } as never)).toThrow(
      /clientKey was replaced by identify/,
    )
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10'])(
    'refuses maxStreamsPerClient %s at construction',
    (value) => {
      expect(() => backendUnderAttack({ maxStreamsPerClient: value as number })).toThrow(
        /maxStreamsPerClient must be a whole number/,
      )
    },
  )
})

// Without identify no per-client key is safe: headers are the client's to choose, and behind a
// proxy every caller has the proxy's address. The instance cap is then what protects.
describe('streams without identify', () => {
  it('warns once, at construction, naming identify', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    backendUnderAttack()
    const about = warn.mock.calls.filter(([message]) => String(message).includes('identify'))
    expect(about).toHaveLength(1)
    expect(String(about[0]?.[0])).toMatch(/^createIbvBackend: no identify/)
  })

  it('does not warn when identify is given', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    backendUnderAttack({ identify: () => undefined })
    expect(warn.mock.calls.filter(([message]) => String(message).includes('identify'))).toEqual([])
  })

  it('counts no client apart: one caller may fill the instance, and the instance cap answers 503', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { backend } = backendUnderAttack({ maxStreams: 12, maxStreamsPerClient: 2 })
    const open = await Promise.all(
      Array.from({ length: 12 }, () => backend.fetch(events({ cookie: 'session=one' }))),
    )
    expect(open.map((answer) => answer.status)).toEqual(Array(12).fill(200))
    const refused = await backend.fetch(events({ cookie: 'session=two' }))
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' })
    for (const answer of open) await answer.body?.cancel()
    expect(backend.openStreams).toBe(0)
  })
})
