// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AuthorizeContext } from '../../src/server/index.js'
import { APP, backendUnderAttack, KEY } from './backend-under-attack.js'

// GET /events and GET /reports/:id ignored Fetch-Metadata: a page on another site could open
// streams and spend upstream reads with the borrower's SameSite=None cookie. Cross-site (and
// same-site) reads are refused unless their Origin is in allowedOrigins.
async function withReport(options: { allowedOrigins?: string[] } = {}) {
  const asked: AuthorizeContext[] = []
  const attacked = backendUnderAttack({
    ...options,
    authorize: (context) => (asked.push(context), true),
  })
  const created = await attacked.sandbox.fetch(
    new Request('https://service.test/sandbox/product_requests', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: 'LND-42' }),
    }),
  )
  const { product_request_id: id } = (await created.json()) as { product_request_id: string }
  attacked.upstream.length = 0
  const get = (path: string, headers: Record<string, string>) =>
    attacked.backend.fetch(new Request(`${APP}/api/ibv${path}`, { headers }))
  return { ...attacked, asked, id, get }
}

describe('cross-site reads of /events and /reports/:id', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
    [
      'Sec-Fetch-Site: same-site',
      { 'sec-fetch-site': 'same-site', origin: 'https://app.lender.test' },
    ],
    ['Sec-Fetch-Site: cross-site with no Origin (an <img>)', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin from a browser without Fetch-Metadata', { origin: 'https://evil.test' }],
  ])('refuses %s with 403, before authorize and the service', async (_, headers) => {
    const { get, id, asked, upstream, backend } = await withReport()
    for (const path of [`/reports/${id}`, '/events']) {
      const answer = await get(path, headers)
      expect(answer.status).toBe(403)
      expect(await answer.json()).toMatchObject({ code: 'forbidden' })
    }
    expect(asked).toEqual([])
    expect(upstream).toEqual([])
    expect(backend.relay.subscribers).toBe(0)
  })

  it("lets the page's own reads through (same-origin, a typed URL, no Fetch-Metadata at all), and a listed origin", async () => {
    const own = await withReport()
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
      { origin: APP },
    ] as Record<string, string>[]) {
      expect((await own.get(`/reports/${own.id}`, headers)).status).toBe(202)
      const stream = await own.get('/events', headers)
      expect(stream.status).toBe(200)
      await stream.body?.cancel()
    }
    const listed = await withReport({ allowedOrigins: ['https://app.lender.test'] })
    const headers = { 'sec-fetch-site': 'same-site', origin: 'https://app.lender.test' }
    expect((await listed.get(`/reports/${listed.id}`, headers)).status).toBe(202)
    const stream = await listed.get('/events', headers)
    expect(stream.status).toBe(200)
    await stream.body?.cancel()
  })
})
