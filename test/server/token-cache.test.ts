import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryTokenCache, type TokenCache } from '../../src/server/index.js'
import { tokenBackend } from './token-backend.js'

describe('tokenCache: embedded report tokens shared by authorized viewers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('without a tokenCache, 50 concurrent viewers cost 50 mints', async () => {
    const { mints, token, productRequest } = tokenBackend()
    const id = await productRequest()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        token({ type: 'embedded_report_token', product_request_id: id }),
      ),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(mints.embedded).toBe(50)
  })

  it('with the memory cache, 50 concurrent viewers cost 1 mint and all get a usable token with a consistent expires_in', async () => {
    const { mints, token, productRequest, status } = tokenBackend({
      tokenCache: createMemoryTokenCache(),
    })
    const id = await productRequest()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        token({ type: 'embedded_report_token', product_request_id: id }),
      ),
    )
    expect(mints.embedded).toBe(1)
    expect(new Set(answers.map((a) => a.body.access_token)).size).toBe(1)
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.expires_in).toBeGreaterThan(1790)
      expect(answer.body.expires_in).toBeLessThanOrEqual(1800)
    }
    expect(await status(answers[0]!.body.access_token)).toMatchObject({ valid: true })
    // A later viewer gets the same token, with the lifetime it has left.
    const later = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(later.body.access_token).toBe(answers[0]!.body.access_token)
    expect(mints.embedded).toBe(1)
  })

  it('hands out the remaining lifetime, and mints again once the renewal time has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { sandbox, mints, token, productRequest, status } = tokenBackend({
      tokenCache: createMemoryTokenCache(),
    })
    const id = await productRequest()
    const first = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(first.body.expires_in).toBe(1800)

    const tick = async (seconds: number) => {
      vi.setSystemTime(Date.now() + seconds * 1000)
      await sandbox.advance(seconds)
    }
    await tick(1000)
    const reused = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(reused.body).toEqual({ access_token: first.body.access_token, expires_in: 800 })
    expect(await status(reused.body.access_token)).toMatchObject({ valid: true, expires_in: 800 })
    expect(mints.embedded).toBe(1)

    await tick(681) // past the renewal time, 120 s before expiry
    const renewed = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(mints.embedded).toBe(2)
    expect(renewed.body.access_token).not.toBe(first.body.access_token)
    expect(renewed.body.expires_in).toBe(1800)
    expect(await status(renewed.body.access_token)).toMatchObject({ valid: true })
  })

  it('a refused authorize never gets a cached token', async () => {
    const { mints, token, productRequest } = tokenBackend({
      tokenCache: createMemoryTokenCache(),
      authorize: ({ request }) => request.headers.get('x-viewer') !== 'outsider',
    })
    const id = await productRequest()
    const viewer = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(viewer.status).toBe(200)
    const outsider = await token(
      { type: 'embedded_report_token', product_request_id: id },
      { 'x-viewer': 'outsider' },
    )
    expect(outsider.status).toBe(403)
    expect(JSON.stringify(outsider.body)).not.toContain(viewer.body.access_token)
    expect(outsider.body).toEqual({ message: 'You are not allowed to do this.', code: 'forbidden' })
    expect(mints.embedded).toBe(1)
  })

  it('consumer tokens are never cached', async () => {
    const { mints, token } = tokenBackend({ tokenCache: createMemoryTokenCache() })
    const a = await token({ type: 'consumer', consumer_id: 'LND-42' })
    const b = await token({ type: 'consumer', consumer_id: 'LND-42' })
    expect(a.status).toBe(200)
    expect(a.body.access_token).not.toBe(b.body.access_token)
    expect(mints.consumer).toBe(2)
  })

  it('a cache that throws does not fail the request: it mints, and onError is told', async () => {
    const errors: unknown[] = []
    const broken: TokenCache = {
      get: () => Promise.reject(new Error('cache down (get)')),
      set: () => Promise.reject(new Error('cache down (set)')),
    }
    const { mints, token, productRequest } = tokenBackend({
      tokenCache: broken,
      onError: (error) => errors.push(error),
    })
    const id = await productRequest()
    const answer = await token({ type: 'embedded_report_token', product_request_id: id })
    expect(answer.status).toBe(200)
    expect(mints.embedded).toBe(1)
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'cache down (get)',
      'cache down (set)',
    ])
  })

  it('the memory cache keeps at most maxEntries product requests', async () => {
    const cache = createMemoryTokenCache({ maxEntries: 2 })
    const entry = { access_token: 't', expires_in: 1800, expiresAt: Date.now() + 1_800_000 }
    await cache.set('a', entry, 60_000)
    await cache.set('b', entry, 60_000)
    await cache.set('c', entry, 60_000)
    expect(await cache.get('a')).toBeUndefined()
    expect(await cache.get('c')).toEqual(entry)
  })
})
