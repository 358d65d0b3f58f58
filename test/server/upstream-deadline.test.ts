// @vitest-environment node
import { randomBytes } from 'node:crypto'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryTokenCache, type AuthorizeContext } from '../../src/server/index.js'
import { pause, servedBackend, standInService, until } from './stand-in-service.js'

// Each test waits on a stand-in that never answers: generous bounds, no timing checks.
vi.setConfig({ testTimeout: 30_000 })

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  while (stops.length > 0) await stops.pop()?.()
})

/**
 * A backend in front of a stand-in that never answers. `sent` counts the attempts where the client
 * starts them: on a loaded machine the stand-in may read a request well after it was sent, so its
 * own count can still grow after every request it has read was abandoned.
 */
async function setUp(options: Parameters<typeof servedBackend>[1] = {}) {
  const service = await standInService()
  stops.push(service.stop)
  const sent = { attempts: 0 }
  const send = (request: Request) => {
    sent.attempts++
    return fetch(request)
  }
  const served = await servedBackend(service.url, {
    ...options,
    client: { fetch: send, ...options.client },
  })
  stops.push(served.stop)
  return { service, sent, ...served }
}

/**
 * What a browser sends: JSON to POST, a plain GET otherwise. It gives up after 20 s, a bound far
 * above the deadlines under test (1 s), so only a deadline that never fires reaches it: 8 s ran
 * out once in a clean run with both cores oversubscribed, right after the multi-instance file.
 */
function call(url: string, body?: unknown, signal: AbortSignal = AbortSignal.timeout(20_000)) {
  const init: RequestInit =
    body === undefined
      ? { signal }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        }
  return fetch(url, init)
}

/** Retries that come quickly: a hung attempt times out after 500 ms, the next starts within 100 ms. */
const quickRetries = { timeoutMs: 500, retry: { baseDelayMs: 50, maxDelayMs: 100 } }

describe('one deadline for each backend request (upstreamTimeoutMs)', () => {
  it('with the service hung, every route that calls it answers 504 timeout once its deadline passes', async () => {
    const secret = randomBytes(32).toString('base64')
    const { service, sent, url } = await setUp({
      backend: {
        upstreamTimeoutMs: 1000,
        invites: { secret, pageUrl: 'https://lender.test/borrower' },
      },
    })
    const id = await service.productRequest()
    const link = (await (await call(`${url}/invites`, { consumer_id: 'LND-42' })).json()) as {
      url: string
    }
    const invite = new URL(link.url).searchParams.get('ibv_invite')
    const answers = await Promise.all([
      call(`${url}/tokens`, { type: 'consumer', consumer_id: 'LND-42' }),
      call(`${url}/tokens`, { type: 'embedded_report_token', product_request_id: id }),
      call(`${url}/tokens`, { type: 'invite', invite }),
      call(`${url}/reports/${id}`),
      call(`${url}/refresh/LND-42`, {}),
      call(`${url}/invites/complete`, { invite, product_request_id: id }),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(504)
      expect(await answer.json()).toMatchObject({
        code: 'timeout',
        message: expect.stringMatching(/did not answer in time/),
      })
    }
    // One attempt each (an attempt may take 10 s, the deadline 1 s), each abandoned at the deadline, none after.
    expect(sent.attempts).toBe(6)
    await until(
      () => service.seen.abandoned === service.seen.requests && service.seen.requests <= 6,
      'the upstream calls to be abandoned',
    )
    await pause(1500)
    expect(sent.attempts).toBe(6)
  })

  it('covers the retries and the waits between them: attempts stop at the deadline', async () => {
    const { service, sent, url } = await setUp({
      client: { ...quickRetries, retry: { attempts: 50, baseDelayMs: 50, maxDelayMs: 100 } },
      backend: { upstreamTimeoutMs: 1200 },
    })
    const id = await service.productRequest()
    const [token, report] = await Promise.all([
      call(`${url}/tokens`, { type: 'consumer', consumer_id: 'LND-42' }),
      call(`${url}/reports/${id}`),
    ])
    expect([token.status, report.status]).toEqual([504, 504])
    const attempts = sent.attempts
    // 1.2 s of 500 ms attempts: 3 at most per route, far below the 50 allowed.
    expect(attempts).toBeGreaterThanOrEqual(2)
    expect(attempts).toBeLessThanOrEqual(6)
    // An attempt aborted before it was written never reaches the stand-in: it may count fewer.
    await until(
      () => service.seen.abandoned === service.seen.requests && service.seen.requests <= attempts,
      'the upstream calls to be abandoned',
    )
    await pause(1000)
    expect(sent.attempts).toBe(attempts)
  })

  it('is checked like the other numeric options, at construction', async () => {
    const service = await standInService()
    stops.push(service.stop)
    for (const upstreamTimeoutMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1000']) {
      await expect(
        servedBackend(service.url, { backend: { upstreamTimeoutMs: upstreamTimeoutMs as number } }),
      ).rejects.toThrow(/createIbvBackend: upstreamTimeoutMs must be a whole number from 1 up/)
    }
    await expect(
      servedBackend(service.url, { backend: { upstreamTimeoutMs: 2 ** 31 } }),
    ).rejects.toThrow(/upstreamTimeoutMs must be at most 2147483647/)
  })
})

describe('the deadline survives garbage collection', () => {
  // Node 20's AbortSignal.any holds its sources weakly and AbortSignal.timeout's timer holds its
  // signal weakly: a collection in between left the deadline with nothing to fire it, so a hung
  // service held a request (and a prefetch 30 s in one clean run) for as long as it hung.
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void

  it('a prefetch ends at its timeoutMs though a collection ran while it waited', async () => {
    const { service, backend } = await setUp()
    const id = await service.productRequest()
    const prefetching = backend.prefetch(new Request('https://lender.test/reports'), id, {
      timeoutMs: 300,
    })
    for (let round = 0; round < 3; round++) {
      collect()
      await pause(50)
    }
    const prefetched = await Promise.race([
      prefetching,
      pause(8000).then(() => 'still waiting after 8 s'),
    ])
    expect(prefetched).toMatchObject({ token: null, status: null })
  })

  it('a route answers 504 at upstreamTimeoutMs though a collection ran while it waited', async () => {
    const { service, url } = await setUp({ backend: { upstreamTimeoutMs: 300 } })
    const id = await service.productRequest()
    const answering = call(`${url}/reports/${id}`)
    await until(() => service.seen.requests === 1, 'the first attempt')
    collect()
    const answer = await answering
    expect(answer.status).toBe(504)
  })
})

describe('prefetch uses the same deadline', () => {
  it('at its timeoutMs both calls are cancelled, the token mint too, and none is retried', async () => {
    const { service, backend, errors } = await setUp({
      client: { retry: { baseDelayMs: 50, maxDelayMs: 100 } },
    })
    const id = await service.productRequest()
    const prefetched = await backend.prefetch(new Request('https://lender.test/reports'), id, {
      timeoutMs: 500,
    })
    expect(prefetched).toMatchObject({ token: null, status: null })
    expect(errors.map((error) => (error as { code?: string }).code)).toEqual(['timeout', 'timeout'])
    await until(() => service.seen.abandoned === 2, 'both calls to be cancelled', 5000)
    await pause(500)
    expect(service.seen.requests).toBe(2)
  })

  it('is never longer than upstreamTimeoutMs', async () => {
    const { service, backend } = await setUp({ backend: { upstreamTimeoutMs: 300 } })
    const id = await service.productRequest()
    // 60 s asked for, 300 ms given: the 8 s bound is generous, not a timing check.
    const prefetched = await Promise.race([
      backend.prefetch(new Request('https://lender.test/reports'), id, { timeoutMs: 60_000 }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('prefetch still waiting after 8 s')), 8000),
      ),
    ])
    expect(prefetched).toMatchObject({ token: null, status: null })
  })
})

describe('a browser that goes away stops the upstream calls made for it', () => {
  for (const route of ['tokens', 'reports'] as const) {
    it(`${route === 'tokens' ? 'POST /tokens' : 'GET /reports/:id'} under toNodeHandler: no attempt after the client aborted`, async () => {
      const { service, url, errors } = await setUp({ client: quickRetries })
      const id = await service.productRequest()
      const browser = new AbortController()
      const asked =
        route === 'tokens'
          ? call(`${url}/tokens`, { type: 'consumer', consumer_id: 'LND-42' }, browser.signal)
          : call(`${url}/reports/${id}`, undefined, browser.signal)
      await until(() => service.seen.requests === 1, 'the first attempt')
      browser.abort()
      await expect(asked).rejects.toThrow()
      await until(() => service.seen.abandoned === 1, 'the attempt to be abandoned')
      // Longer than an attempt's timeout and the backoff after it: a retry would have started by now.
      await pause(1500)
      expect(service.seen.requests).toBe(1)
      // A browser leaving is no failure to report.
      expect(errors).toEqual([])
    })
  }

  it('as a fetch handler (Next.js route handlers, Deno, Bun): request.signal stops the calls', async () => {
    const { service, backend } = await setUp({ client: quickRetries })
    const browser = new AbortController()
    const asked = backend.fetch(
      new Request('https://lender.test/api/ibv/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'consumer', consumer_id: 'LND-42' }),
        signal: browser.signal,
      }),
    )
    await until(() => service.seen.requests === 1, 'the first attempt')
    browser.abort()
    await asked
    await until(() => service.seen.abandoned === 1, 'the attempt to be abandoned')
    await pause(1500)
    expect(service.seen.requests).toBe(1)
  })
})

describe('shared upstream work is abandoned only when every waiter has gone', () => {
  const counting = () => {
    const asked: AuthorizeContext['action'][] = []
    return { asked, authorize: (context: AuthorizeContext) => (asked.push(context.action), true) }
  }

  it('two viewers of one report: one leaves, the other still gets the answer', async () => {
    const { asked, authorize } = counting()
    const { service, url } = await setUp({ backend: { authorize } })
    const id = await service.productRequest()
    const leaving = new AbortController()
    const first = call(`${url}/reports/${id}`, undefined, leaving.signal)
    const second = call(`${url}/reports/${id}`)
    await until(
      () => asked.length === 2 && service.seen.requests === 1,
      'both viewers to wait on one read',
    )
    await pause(100)
    leaving.abort()
    await expect(first).rejects.toThrow()
    await pause(300)
    expect(service.seen.abandoned).toBe(0)
    service.release()
    const answer = await second
    expect(answer.status).toBe(202)
    expect(await answer.json()).toMatchObject({ product_request_id: id })
    expect(service.seen).toEqual({ requests: 1, abandoned: 0 })
  })

  it('two viewers of one report: both leave, the shared read is abandoned and not retried', async () => {
    const { asked, authorize } = counting()
    const { service, url } = await setUp({ client: quickRetries, backend: { authorize } })
    const id = await service.productRequest()
    const viewers = [new AbortController(), new AbortController()]
    const reads = viewers.map((viewer) => call(`${url}/reports/${id}`, undefined, viewer.signal))
    await until(
      () => asked.length === 2 && service.seen.requests === 1,
      'both viewers to wait on one read',
    )
    await pause(100)
    for (const viewer of viewers) viewer.abort()
    for (const read of reads) await expect(read).rejects.toThrow()
    await until(() => service.seen.abandoned === 1, 'the shared read to be abandoned')
    await pause(1500)
    expect(service.seen.requests).toBe(1)
  })

  it("a token cache's shared mint: one viewer leaves, the other gets the token; both leave, it is abandoned", async () => {
    const { asked, authorize } = counting()
    const { service, url } = await setUp({
      client: quickRetries,
      backend: { authorize, tokenCache: createMemoryTokenCache() },
    })
    const id = await service.productRequest()
    const viewers = [new AbortController(), new AbortController()]
    const mints = viewers.map((viewer) =>
      call(
        `${url}/tokens`,
        { type: 'embedded_report_token', product_request_id: id },
        viewer.signal,
      ),
    )
    await until(
      () => asked.length === 2 && service.seen.requests === 1,
      'both viewers to wait on one mint',
    )
    await pause(100)
    for (const viewer of viewers) viewer.abort()
    for (const mint of mints) await expect(mint).rejects.toThrow()
    await until(() => service.seen.abandoned === 1, 'the shared mint to be abandoned')
    await pause(1500)
    expect(service.seen.requests).toBe(1)

    const leaving = new AbortController()
    const first = call(
      `${url}/tokens`,
      { type: 'embedded_report_token', product_request_id: id },
      leaving.signal,
    )
    const second = call(`${url}/tokens`, { type: 'embedded_report_token', product_request_id: id })
    await until(
      () => asked.length === 4 && service.seen.requests === 2,
      'both viewers to wait on the next mint',
    )
    await pause(100)
    leaving.abort()
    await expect(first).rejects.toThrow()
    service.release()
    const answer = await second
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ access_token: expect.any(String) })
    expect(service.seen).toEqual({ requests: 2, abandoned: 1 })
  })
})
