import '../../src/styles.css'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import {
  EmbeddedReport,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
  type IbvFetchers,
  type PrefetchedReport,
} from '../../src/index.js'

// <IbvProvider prefetched> in real Chromium, as a server-rendered page meets it: the server's HTML
// (renderToString, here in the page) goes into the document and its iframe starts loading; then
// React hydrates it. Tokens come from the sandbox on this test server; the token-fetcher counts.
const service = `${location.origin}/ibv-sandbox`
// Hydration is driven with React's act(), as Testing Library does.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body?: unknown) =>
  (
    await fetch(`${service}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json()

/** A complete report's id and, as prefetchReport would hand it over, what the server fetched; `age` ms ago. */
async function prefetch(age = 0): Promise<PrefetchedReport> {
  const created = await control('/sandbox/product_requests', {
    consumer_id: `SSR-${crypto.randomUUID()}`,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  const id = created.product_request_id as string
  const token = await control('/api/v1/auth/tokens', {
    type: 'embedded_report_token',
    product_request_id: id,
  })
  const report = await control(`/api/v2/ibv/requests/${id}`)
  const issuedAt = Date.now() - age
  return {
    productRequestId: id,
    fetched_at: issuedAt,
    token: { access_token: token.access_token, expires_in: token.expires_in, issued_at: issuedAt },
    status: report.ibv_report_status,
    answer: { kind: 'ready', report },
  }
}

function Status({ id }: { id: string }) {
  const { status } = useIbvReport(id)
  return status ? (
    <ReportStatusBadge status={status} data-testid="badge" />
  ) : (
    <span data-testid="badge">no status</span>
  )
}

function App({
  id,
  prefetched,
  fetchers,
  renewLeadSeconds,
}: {
  id: string
  prefetched: readonly (PrefetchedReport | null)[]
  fetchers: IbvFetchers
  renewLeadSeconds?: number
}) {
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={service} prefetched={prefetched}>
      <Status id={id} />
      <EmbeddedReport productRequestId={id} renewLeadSeconds={renewLeadSeconds} />
    </IbvProvider>
  )
}

/** The backend's fetchers, counting token and report requests. */
function countingFetchers() {
  const backend = createBackendFetchers('/api/ibv')
  const tokens: unknown[] = []
  const reports: string[] = []
  const fetchers: IbvFetchers = {
    ...backend,
    token: (request) => (tokens.push(request), backend.token(request)),
    report: (id) => (reports.push(id), backend.report!(id)),
  }
  return { fetchers, tokens, reports }
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

/** Resolves once `frame` has loaded and then posted nothing for 500 ms. */
async function settled(frame: HTMLIFrameElement) {
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
  let last = performance.now()
  const heard = (event: MessageEvent) => {
    if (event.source === frame.contentWindow) last = performance.now()
  }
  addEventListener('message', heard)
  await vi.waitFor(() => expect(performance.now() - last).toBeGreaterThan(500), {
    timeout: 5000,
    interval: 100,
  })
  removeEventListener('message', heard)
}

/** The server's HTML in the page (its iframe starts loading), then hydration; what React said meanwhile. */
async function serveAndHydrate(
  id: string,
  prefetched: readonly (PrefetchedReport | null)[],
  options: { waitForFrame?: boolean; renewLeadSeconds?: number } = {},
) {
  const { fetchers, tokens, reports } = countingFetchers()
  const lead = options.renewLeadSeconds
  // The server renders as soon as it has fetched: its clock reads the token's issue time. The
  // browser hydrates now, however long the page took to get here (a cache, a slow network).
  const issuedAt = prefetched[0]?.token?.issued_at
  const serverClock =
    issuedAt === undefined ? undefined : vi.spyOn(Date, 'now').mockReturnValue(issuedAt + 50)
  const html = renderToString(
    <App id={id} prefetched={prefetched} fetchers={fetchers} renewLeadSeconds={lead} />,
  )
  serverClock?.mockRestore()
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const serverFrame = container.querySelector('iframe')
  // The frame loads, and says its height, before React listens (as on a fast network): that
  // ibv:resize is lost. Settled: no message from it for 500 ms.
  if (options.waitForFrame && serverFrame) await settled(serverFrame)
  const said: string[] = []
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      said.push(args.map(String).join(' '))
      original(...args)
    })
  }
  await act(async () => {
    root = hydrateRoot(
      container,
      <App id={id} prefetched={prefetched} fetchers={fetchers} renewLeadSeconds={lead} />,
      { onRecoverableError: (error) => said.push(String(error)) },
    )
  })
  return { html, container, serverFrame, tokens, reports, said }
}

describe('<IbvProvider prefetched>: the report in the first paint', () => {
  it('the HTML holds the iframe and the badge; hydration keeps both, fetches no token and says nothing', async () => {
    const prefetched = await prefetch()
    const id = prefetched.productRequestId
    const { html, container, serverFrame, tokens, said } = await serveAndHydrate(id, [prefetched], {
      waitForFrame: true,
    })
    expect(html).toContain(`token=${encodeURIComponent(prefetched.token!.access_token)}`)
    expect(html).toContain('Complete')
    expect(said).toEqual([])
    expect(container.querySelector('iframe'), 'the same iframe, not a new one').toBe(serverFrame)
    expect(tokens).toEqual([])
    expect(container.querySelector('[data-testid="badge"]')?.textContent).toContain('Complete')
    expect(container.querySelector('.ibv-embedded-report')?.getAttribute('data-state')).toBe(
      'ready',
    )
    // The frame loaded before React listened: asked (ibv:hello), it says its height again.
    await vi.waitFor(() => expect(parseFloat(serverFrame!.style.height)).toBeGreaterThan(400), {
      timeout: 5000,
    })
  })

  it('a prefetched report is not read again as the page hydrates', async () => {
    const prefetched = await prefetch()
    const { reports, said } = await serveAndHydrate(prefetched.productRequestId, [prefetched])
    expect(said).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(reports).toEqual([])
  })

  it("the prefetched token is timed with the component's own renewLeadSeconds", async () => {
    // 1,205 s old: past renewal with a 600 s lead (renewed at once), not with the default 120 s.
    const prefetched = await prefetch(1205 * 1000)
    const { tokens, said } = await serveAndHydrate(prefetched.productRequestId, [prefetched], {
      renewLeadSeconds: 600,
    })
    expect(said).toEqual([])
    await vi.waitFor(() => expect(tokens).toHaveLength(1), { timeout: 3000 })
  })

  it('prefetched without the report (includeReport: false): the badge still shows the status in the HTML', async () => {
    const prefetched = await prefetch()
    delete prefetched.answer
    const { html, container, said } = await serveAndHydrate(prefetched.productRequestId, [
      prefetched,
    ])
    expect(html).toContain('Complete')
    expect(said).toEqual([])
    expect(container.querySelector('[data-testid="badge"]')?.textContent).toContain('Complete')
  })

  it('renews the token on schedule after hydration: a new document replaces the server one', async () => {
    // Issued so that its renewal time (120 s before expiry) comes 1.5 s after hydration.
    const prefetched = await prefetch((1800 - 120 - 1.5) * 1000)
    const id = prefetched.productRequestId
    const { container, tokens, said } = await serveAndHydrate(id, [prefetched])
    expect(said).toEqual([])
    expect(tokens).toEqual([])
    await vi.waitFor(() => expect(tokens).toHaveLength(1), { timeout: 5000 })
    await vi.waitFor(
      () => {
        const frames = container.querySelectorAll('iframe')
        expect(frames).toHaveLength(1)
        expect(frames[0]!.src).not.toContain(encodeURIComponent(prefetched.token!.access_token))
      },
      { timeout: 5000 },
    )
  })

  it('a token past its renewal time at hydration is renewed at once and never used for a new load', async () => {
    const prefetched = await prefetch((1800 - 60) * 1000) // a minute of life left, past renewal
    const id = prefetched.productRequestId
    const old = encodeURIComponent(prefetched.token!.access_token)
    const added: string[] = []
    const watcher = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLIFrameElement) added.push(node.src)
    })
    watcher.observe(document.body, { childList: true, subtree: true })
    const { container, tokens, said } = await serveAndHydrate(id, [prefetched])
    expect(said).toEqual([])
    await vi.waitFor(() => expect(tokens).toHaveLength(1), { timeout: 3000 })
    await vi.waitFor(() => expect(container.querySelector('iframe')?.src).not.toContain(old), {
      timeout: 5000,
    })
    watcher.disconnect()
    // The server's iframe came in with the HTML (innerHTML); React added only the renewed one.
    expect(added.filter((src) => src.includes(old))).toEqual([])
  })

  it('a page that mounts later (a client navigation) with an aged token fetches its own', async () => {
    const prefetched = await prefetch((1800 - 60) * 1000)
    const id = prefetched.productRequestId
    const { fetchers, tokens } = countingFetchers()
    const container = document.createElement('div')
    document.body.append(container)
    const { createRoot } = await import('react-dom/client')
    const client = createRoot(container)
    root = client
    await act(async () =>
      client.render(<App id={id} prefetched={[prefetched]} fetchers={fetchers} />),
    )
    await vi.waitFor(() => expect(tokens).toHaveLength(1), { timeout: 3000 })
    await vi.waitFor(() => expect(container.querySelector('iframe')).toBeTruthy(), {
      timeout: 5000,
    })
    expect(container.querySelector('iframe')!.src).not.toContain(
      encodeURIComponent(prefetched.token!.access_token),
    )
  })

  it('authorize refused (prefetched is null): no iframe in the HTML, the browser asks for its token as usual', async () => {
    const { productRequestId: id } = await prefetch()
    const { html, container, tokens, said } = await serveAndHydrate(id, [null])
    expect(html).not.toContain('<iframe')
    expect(said).toEqual([])
    await vi.waitFor(() => expect(tokens).toHaveLength(1), { timeout: 3000 })
    await vi.waitFor(() => expect(container.querySelector('iframe')).toBeTruthy(), {
      timeout: 5000,
    })
  })
})
