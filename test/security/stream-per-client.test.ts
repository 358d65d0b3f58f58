// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { defaultClientKey } from '../../src/server/client-key.js'
import { APP, backendUnderAttack } from './backend-under-attack.js'

const events = (headers: Record<string, string> = {}) => new Request(`${APP}/api/ibv/events`, { headers })

// One client (one session cookie) could hold every stream of `maxStreams` and lock others out.
describe('streams per client', () => {
  it('refuses one more stream to the client at its cap with a 429, while others still get theirs', async () => {
    const { backend } = backendUnderAttack({ maxStreamsPerClient: 3, maxStreams: 100 })
    const greedy = { cookie: 'session=greedy' }
    const open = await Promise.all([0, 1, 2].map(() => backend.fetch(events(greedy))))
    expect(open.map((answer) => answer.status)).toEqual([200, 200, 200])

    const refused = await backend.fetch(events(greedy))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' })

    const other = await backend.fetch(events({ cookie: 'session=someone-else' }))
    expect(other.status).toBe(200)
    const bearer = await backend.fetch(events({ authorization: 'Bearer abc' }))
    expect(bearer.status).toBe(200)

    await open[0]?.body?.cancel()
    const again = await backend.fetch(events(greedy))
    expect(again.status).toBe(200)
    for (const answer of [...open.slice(1), other, bearer, again]) await answer.body?.cancel()
    expect(backend.relay.subscribers).toBe(0)
  })

  it('defaults to 10 streams per client', async () => {
    const { backend } = backendUnderAttack()
    const cookie = { cookie: 'session=one' }
    const open = await Promise.all(Array.from({ length: 10 }, () => backend.fetch(events(cookie))))
    expect(open.every((answer) => answer.status === 200)).toBe(true)
    expect((await backend.fetch(events(cookie))).status).toBe(429)
    for (const answer of open) await answer.body?.cancel()
  })

  it('keys clients by the clientKey option', async () => {
    const { backend } = backendUnderAttack({ maxStreamsPerClient: 1, clientKey: (request) => request.headers.get('x-user') ?? 'nobody' })
    const first = await backend.fetch(events({ 'x-user': 'ada', cookie: 'a=1' }))
    expect(first.status).toBe(200)
    expect((await backend.fetch(events({ 'x-user': 'ada', cookie: 'a=2' }))).status).toBe(429)
    const grace = await backend.fetch(events({ 'x-user': 'grace', cookie: 'a=1' }))
    expect(grace.status).toBe(200)
    await first.body?.cancel()
    await grace.body?.cancel()
  })

  it('keys by a hash, never the cookie or Authorization itself', async () => {
    const key = (headers: Record<string, string>) => defaultClientKey(events(headers))
    const secret = await key({ cookie: 'session=very-secret-session-value' })
    expect(secret).not.toContain('very-secret')
    expect(secret).toBe(await key({ cookie: 'session=very-secret-session-value' }))
    expect(secret).not.toBe(await key({ cookie: 'session=another' }))
    expect(await key({ authorization: 'Bearer very-secret' })).not.toContain('very-secret')
  })

  it('counts the open streams', async () => {
    const { backend } = backendUnderAttack()
    const answer = await backend.fetch(events({ cookie: 'session=one' }))
    expect(backend.openStreams).toBe(1)
    await answer.body?.cancel()
    expect(backend.openStreams).toBe(0)
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10'])('refuses maxStreamsPerClient %s at construction', (value) => {
    expect(() => backendUnderAttack({ maxStreamsPerClient: value as number })).toThrow(/maxStreamsPerClient must be a whole number/)
  })
})
