// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import {
  EmbeddedReport,
  IbvProvider,
  createBackendFetchers,
  type PrefetchedReport,
} from '../../src/index.js'
import {
  createIbvBackend,
  createIbvClient,
  createMemoryTokenCache,
  prefetchReport,
  type AuthorizeContext,
} from '../../src/server/index.js'
import { tokenBackend } from './token-backend.js'

// prefetchReport on a backend over the real sandbox, and the server render it feeds: the HTML
// holds the report iframe with a token the sandbox accepts, and nothing that is not the browser's.
const PAGE = 'https://lender.test/applications/42'
const SERVICE = 'https://service.test'

function serverRender(
  prefetched: readonly (PrefetchedReport | null)[],
  productRequestId: string,
): string {
  const fetchers = createBackendFetchers('/api/ibv')
  return renderToString(
    createElement(
      IbvProvider,
      { fetchers, serviceUrl: SERVICE, prefetched },
      createElement(EmbeddedReport, { productRequestId }),
    ),
  )
}

const iframeSrc = (html: string) =>
  /<iframe[^>]*\ssrc="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')

describe('prefetchReport (ibv-kit/server)', () => {
  it('hands over a token with its issue time and the status, through authorize (asked for the token and the report)', async () => {
    const asked: AuthorizeContext[] = []
    const { backend, productRequest, status, sandbox } = tokenBackend({
      authorize: (context) => (asked.push(context), true),
    })
    const id = await productRequest()
    await sandbox.advance(6)
    const request = new Request(PAGE, { headers: { cookie: 'session=abc' } })
    const before = Date.now()
    const prefetched = await prefetchReport(backend, request, id)
    expect(prefetched).toMatchObject({
      productRequestId: id,
      status: 'complete',
      token: { access_token: expect.any(String), expires_in: 1800 },
    })
    expect(prefetched!.token!.issued_at).toBeGreaterThanOrEqual(before)
    expect(prefetched!.answer).toMatchObject({ kind: 'ready', report: { product_request_id: id } })
    expect(await status(prefetched!.token!.access_token)).toMatchObject({ valid: true })
    expect(
      asked
        .map(({ action, kind, productRequestId }) => ({ action, kind, productRequestId }))
        .sort((a, b) => a.action.localeCompare(b.action)),
    ).toEqual([
      { action: 'report', kind: undefined, productRequestId: id },
      { action: 'token', kind: 'embedded_report_token', productRequestId: id },
    ])
    expect(asked.every((context) => context.request === request)).toBe(true)
    // Plain JSON: it survives a round trip, and carries no API key.
    expect(JSON.parse(JSON.stringify(prefetched))).toEqual(prefetched)
    expect(JSON.stringify(prefetched)).not.toContain('sk_test')
  })

  it('a pending report: its 202 body, or only the status with includeReport: false', async () => {
    const { backend, productRequest } = tokenBackend()
    const id = await productRequest()
    const full = await prefetchReport(backend, new Request(PAGE), id)
    expect(full).toMatchObject({
      status: 'initiated',
      answer: { kind: 'pending', pending: { ibv_report_status: 'initiated' } },
    })
    const small = await prefetchReport(backend, new Request(PAGE), id, { includeReport: false })
    expect(small).toMatchObject({ status: 'initiated' })
    expect(small).not.toHaveProperty('answer')
  })

  it('null when authorize refuses the token or the report, or throws', async () => {
    for (const refuse of ['token', 'report', 'throw'] as const) {
      const onError = vi.fn()
      const { backend, productRequest, mints } = tokenBackend({
        onError,
        authorize: ({ action }) => {
          if (refuse === 'throw') throw new Error('session store down')
          return action !== refuse
        },
      })
      const id = await productRequest()
      expect(await prefetchReport(backend, new Request(PAGE), id)).toBeNull()
      expect(mints.embedded).toBe(0)
      expect(onError).toHaveBeenCalledTimes(refuse === 'throw' ? 2 : 0)
    }
  })

  it('an unknown product request: no token, no status, each failure told to onError; the page still renders', async () => {
    const onError = vi.fn()
    const { backend } = tokenBackend({ onError })
    const prefetched = await prefetchReport(backend, new Request(PAGE), 'IBVNOPE')
    expect(prefetched).toMatchObject({ productRequestId: 'IBVNOPE', token: null, status: null })
    expect(onError).toHaveBeenCalled()
    expect(JSON.stringify(onError.mock.calls)).not.toContain('sk_test')
    expect(iframeSrc(serverRender([prefetched], 'IBVNOPE'))).toBeUndefined()
  })

  it('a service that does not answer holds the page at most timeoutMs: both parts null, a timeout told to onError', async () => {
    const onError = vi.fn()
    const hanging = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )
    const backend = createIbvBackend({
      client: createIbvClient({ apiKey: 'sk_test_hang', serviceUrl: SERVICE, fetch: hanging }),
      authorize: () => true,
      onError,
      verifyWebhook: () => true,
    })
    const started = Date.now()
    const prefetched = await prefetchReport(backend, new Request(PAGE), 'IBV1', { timeoutMs: 200 })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(prefetched).toMatchObject({ productRequestId: 'IBV1', token: null, status: null })
    expect(onError.mock.calls.map(([error]) => (error as { code?: string }).code)).toEqual([
      'timeout',
      'timeout',
    ])
  })

  it('issued_at is when the token arrived, not when a slower report read ended', async () => {
    const { sandbox, productRequest } = tokenBackend()
    const id = await productRequest()
    const slowReports = async (request: Request) => {
      if (new URL(request.url).pathname.includes('/ibv/requests/'))
        await new Promise((resolve) => setTimeout(resolve, 600))
      return sandbox.fetch(request)
    }
    const backend = createIbvBackend({
      client: createIbvClient({
        apiKey: 'sk_test_token-cache',
        serviceUrl: SERVICE,
        fetch: slowReports,
      }),
      authorize: () => true,
      verifyWebhook: () => true,
    })
    const before = Date.now()
    const prefetched = await prefetchReport(backend, new Request(PAGE), id)
    expect(Date.now() - before).toBeGreaterThanOrEqual(550)
    expect(prefetched!.token!.issued_at - before).toBeLessThan(400)
  })

  it('shares the backend token cache: ten pages of one report cost one mint', async () => {
    const { backend, productRequest, mints } = tokenBackend({
      tokenCache: createMemoryTokenCache(),
    })
    const id = await productRequest()
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => prefetchReport(backend, new Request(PAGE), id)),
    )
    expect(mints.embedded).toBe(1)
    expect(new Set(pages.map((page) => page?.token?.access_token)).size).toBe(1)
  })

  it('refuses what is not a backend, a request or an id, with a message that says what to pass', async () => {
    const { backend } = tokenBackend()
    await expect(
      prefetchReport({ basePath: '/api/ibv' } as never, new Request(PAGE), 'IBV1'),
    ).rejects.toThrow(/createIbvBackend/)
    await expect(
      prefetchReport(backend, { headers: new Headers() } as never, 'IBV1'),
    ).rejects.toThrow(/new Request/)
    await expect(prefetchReport(backend, new Request(PAGE), ' ')).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('backend.prefetch', () => {
  it('is the prefetcher prefetchReport delegates to: public, typed, callable detached, with no hidden keys on the backend', async () => {
    const asked: AuthorizeContext['action'][] = []
    const { backend, productRequest } = tokenBackend({
      authorize: ({ action }) => (asked.push(action), true),
    })
    const id = await productRequest()
    const { prefetch } = backend
    const prefetched = await prefetch(new Request(PAGE), id, { includeReport: false })
    expect(prefetched).toMatchObject({
      productRequestId: id,
      status: 'initiated',
      token: { access_token: expect.any(String) },
    })
    expect(prefetched).not.toHaveProperty('answer')
    expect(asked.sort()).toEqual(['report', 'token'])
    expect(Object.getOwnPropertySymbols(backend)).toEqual([])
    await expect(backend.prefetch({ headers: new Headers() } as never, id)).rejects.toThrow(
      /new Request/,
    )
    await expect(backend.prefetch(new Request(PAGE), '')).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('the server render of <IbvProvider prefetched>', () => {
  it('holds the report iframe with a token the sandbox accepts: the page it loads is the report', async () => {
    const { backend, productRequest, sandbox } = tokenBackend()
    const id = await productRequest()
    await sandbox.advance(6)
    const prefetched = await prefetchReport(backend, new Request(PAGE), id)
    const html = serverRender([prefetched], id)
    const src = iframeSrc(html)
    expect(src).toBe(
      `${SERVICE}/portal/embeddable_reports?token=${encodeURIComponent(prefetched!.token!.access_token)}`,
    )
    expect(html).toContain('data-state="ready"')
    expect(html).toMatch(/referrerpolicy="no-referrer"/i)
    const portal = await sandbox.fetch(new Request(src!))
    expect(portal.status).toBe(200)
    expect(await portal.text()).toContain('Income and bank verification report')
  })

  it('authorize refusing: no token in the HTML, the component renders its loading state for the browser to fetch', async () => {
    const { backend, productRequest } = tokenBackend({ authorize: () => false })
    const id = await productRequest()
    const prefetched = await prefetchReport(backend, new Request(PAGE), id)
    const html = serverRender([prefetched], id)
    expect(prefetched).toBeNull()
    expect(html).not.toContain('<iframe')
    expect(html).toContain('data-state="loading"')
  })

  it('a token past its renewal time when the page is rendered is still the one the HTML holds (the browser renews it at once)', async () => {
    const { backend, productRequest } = tokenBackend()
    const id = await productRequest()
    const prefetched = await prefetchReport(backend, new Request(PAGE), id)
    // The object aged 29 minutes in a server cache before this render.
    const aged = {
      ...prefetched!,
      token: { ...prefetched!.token!, issued_at: prefetched!.token!.issued_at - 29 * 60_000 },
    }
    expect(iframeSrc(serverRender([aged], id))).toContain(
      encodeURIComponent(aged.token.access_token),
    )
  })
})
