// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createBackendFetchers } from '../../src/core/fetchers.js'
import { APP, backendUnderAttack, KEY } from './backend-under-attack.js'

const tokenBody = JSON.stringify({ type: 'consumer', consumer_id: 'LND-42' })

async function withConsumer() {
  const attacked = backendUnderAttack()
  await attacked.sandbox.fetch(
    new Request('https://service.test/sandbox/product_requests', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: 'LND-42' }),
    }),
  )
  await attacked.sandbox.advance(6)
  return attacked
}

// Finding 5: a same-site page auto-submitting a form used up the borrower's once-per-24-hours
// refresh: POST /refresh read no body and checked nothing; POST /tokens took a body with no type.
describe('state-changing requests a foreign page could send without a preflight', () => {
  it.each([
    ['an HTML form (urlencoded)', 'application/x-www-form-urlencoded', 'type=consumer'],
    ['an HTML form (multipart)', 'multipart/form-data; boundary=x', '--x--'],
    ['text/plain (a form or a no-cors fetch)', 'text/plain', tokenBody],
  ])('refuses %s with 415, before the service is called', async (_, contentType, body) => {
    const { post, upstream } = await withConsumer()
    for (const path of ['/tokens', '/refresh/LND-42']) {
      const answer = await post(path, body, { 'content-type': contentType })
      expect(answer.status).toBe(415)
      expect(await answer.json()).toMatchObject({ code: 'invalid_request' })
    }
    expect(upstream).toHaveLength(0)
  })

  it('refuses a POST with no content type at all', async () => {
    const { backend, upstream } = await withConsumer()
    for (const path of ['/tokens', '/refresh/LND-42']) {
      const answer = await backend.fetch(new Request(`${APP}/api/ibv${path}`, { method: 'POST' }))
      expect(answer.status).toBe(415)
    }
    expect(upstream).toHaveLength(0)
  })

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.test' }],
    ['a sibling subdomain Origin', { origin: 'https://app.lender.test' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['the right host on another scheme', { origin: 'http://lender.test' }],
  ])('refuses %s with 403, before the service is called', async (_, headers) => {
    const { post, upstream } = await withConsumer()
    for (const path of ['/tokens', '/refresh/LND-42']) {
      const answer = await post(path, tokenBody, { 'content-type': 'application/json', ...headers })
      expect(answer.status).toBe(403)
      expect(await answer.json()).toMatchObject({ code: 'forbidden' })
    }
    expect(upstream).toHaveLength(0)
  })

  it("lets the page's own origin through, and an origin listed in allowedOrigins", async () => {
    const { post } = await withConsumer()
    const own = await post('/tokens', tokenBody, {
      'content-type': 'application/json',
      origin: APP,
      'sec-fetch-site': 'same-origin',
    })
    expect(own.status).toBe(200)

    const listed = backendUnderAttack({ allowedOrigins: ['https://app.lender.test'] })
    const answer = await listed.post('/tokens', tokenBody, {
      'content-type': 'application/json',
      origin: 'https://app.lender.test',
      'sec-fetch-site': 'same-site',
    })
    expect(answer.status).toBe(200)
  })

  it("behind a proxy that rewrites the URL, trusts the browser's own Sec-Fetch-Site: same-origin", async () => {
    const { backend } = backendUnderAttack()
    const request = new Request('http://10.0.0.7:3000/api/ibv/tokens', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://lender.example',
        'sec-fetch-site': 'same-origin',
      },
      body: tokenBody,
    })
    expect((await backend.fetch(request)).status).toBe(200)
  })

  it("a forged X-Forwarded-Host does not make a foreign origin the backend's own", async () => {
    const { backend, upstream } = backendUnderAttack()
    for (const site of [{}, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const request = new Request(`${APP}/api/ibv/tokens`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          ...site,
        },
        body: tokenBody,
      })
      expect((await backend.fetch(request)).status).toBe(403)
    }
    expect(upstream).toHaveLength(0)
  })

  it('leaves /webhooks to the service, which is no browser', async () => {
    const { post } = backendUnderAttack()
    const body = JSON.stringify({ event: 'data_pull_via_connection_failed', consumer_id: 'LND-42' })
    expect(
      (
        await post('/webhooks', body, {
          'content-type': 'application/json',
          'sec-fetch-site': 'cross-site',
          origin: 'https://service.test',
        })
      ).status,
    ).toBe(200)
  })

  it('the default fetchers send what the backend requires, refresh included', async () => {
    const { backend } = await withConsumer()
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: (input, init) =>
        backend.fetch(
          new Request(new URL(String(input), APP), {
            ...init,
            headers: { ...init?.headers, origin: APP, 'sec-fetch-site': 'same-origin' },
          }),
        ),
    })
    expect(await fetchers.refresh('LND-42')).toMatchObject({ kind: 'submitted' })
    expect(await fetchers.token({ type: 'consumer', consumerId: 'LND-42' })).toMatchObject({
      expires_in: 3600,
    })
  })
})
