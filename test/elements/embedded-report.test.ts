import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  configureIbv,
  defineEmbeddedReport,
  type IbvElementEventMap,
} from '../../src/elements/index.js'
import { backendTokenFetcher } from '../../src/core/fetchers.js'
import type { ReportPageMessage } from '../../src/core/frame-protocol.js'
import { startHttpBackend } from './http-backend.js'

// <ibv-embedded-report> in jsdom, its tokens minted by the lender's real backend over HTTP (over
// the sandbox). jsdom loads no frame: the portal's messages are posted as its window would post
// them, from the frame's window and the service's origin. Chromium runs the real portal
// (embedded-report-chromium.test.ts).
const serviceUrl = 'https://service.test'
let backend: Awaited<ReturnType<typeof startHttpBackend>>
let tokenUrl = ''

beforeAll(async () => {
  backend = await startHttpBackend(serviceUrl)
  tokenUrl = backend.tokenUrl
  // Only this element: the per-element define function registers it alone.
  defineEmbeddedReport()
  // The page's service: elements' own service-url on its origin are allowed (allowedServiceOrigins).
  configureIbv({ serviceUrl })
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  vi.restoreAllMocks()
})
afterAll(() => backend.close())

/** A complete report's product request id, made in the sandbox. */
async function completeReport(): Promise<string> {
  const created = await backend.sandbox.fetch(
    new Request(`${serviceUrl}/sandbox/product_requests`, {
      method: 'POST',
      headers: { 'x-api-key': backend.sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: `EL-${crypto.randomUUID()}`, accounts: 1 }),
    }),
  )
  const { product_request_id: id } = (await created.json()) as { product_request_id: string }
  await backend.sandbox.advance(6)
  return id
}

type Seen = Array<[string, unknown]>

/**
 * An embedded report with `attributes`, connected, and the events it sends, in order; `after` is
 * set just after it joins the page, then `then` runs, in the same task (as Angular sets bound
 * attributes). Resolves once the element has rendered: one microtask after it joined the page.
 */
async function mount(
  attributes: Record<string, string>,
  after: Record<string, string> = {},
  then?: (element: HTMLElement) => void,
) {
  const element = document.createElement('ibv-embedded-report')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const seen: Seen = []
  const record = (event: Event) => {
    if (event.target !== element) return
    const { detail } = event as
      IbvElementEventMap['ibv-state-change'] | IbvElementEventMap['ibv-error']
    seen.push([event.type, 'state' in detail ? detail.state : detail.error.code])
  }
  document.addEventListener('ibv-state-change', record)
  document.addEventListener('ibv-error', record)
  document.body.append(element)
  for (const [name, value] of Object.entries(after)) element.setAttribute(name, value)
  then?.(element)
  await Promise.resolve()
  return {
    element,
    seen,
    frames: () => [
      ...element.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'),
    ],
  }
}

/** What the portal posts to its parent, as jsdom delivers a cross-origin message. */
function say(
  frame: HTMLIFrameElement,
  data: ReportPageMessage,
  origin = serviceUrl,
  source: unknown = frame.contentWindow,
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
}

describe('<ibv-embedded-report>', () => {
  it('says visibly, with ibv-error and data-state="error", that it has no product-request-id; one set starts the report', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { element, seen, frames } = await mount({
      'service-url': serviceUrl,
      'token-url': tokenUrl,
    })
    expect(element.getAttribute('data-state')).toBe('error')
    expect(element.querySelector('[role="alert"]')?.textContent).toBe(
      'The report could not be loaded.',
    )
    // Nothing to try again: the page has to say which report.
    expect(element.querySelector('button')).toBeNull()
    expect(seen).toEqual([
      ['ibv-error', 'invalid_request'],
      ['ibv-state-change', 'error'],
    ])
    expect(logged).toHaveBeenCalledTimes(1)

    element.setAttribute('product-request-id', await completeReport())
    expect(element.getAttribute('data-state')).toBe('loading')
    expect(element.querySelector('[role="status"]')?.textContent).toBe('Loading the report…')
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    expect(element.querySelector('[role="alert"]')).toBeNull()
  })

  it('reads a product-request-id set just after it joined the page, in the same task: no false error', async () => {
    const logged = vi.spyOn(console, 'error')
    const id = await completeReport()
    const { element, seen, frames } = await mount(
      { 'service-url': serviceUrl, 'token-url': tokenUrl },
      { 'product-request-id': id },
    )
    expect(element.getAttribute('data-state')).toBe('loading')
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    expect(element.querySelector('[role="alert"]')).toBeNull()
    // Every state it was ever in, and nothing reported.
    expect(seen).toEqual([['ibv-state-change', 'loading']])
    expect(logged).not.toHaveBeenCalled()
  })

  it('starts once when moved on the page in the task that added it, and again when moved after it started', async () => {
    const id = await completeReport()
    const token = vi.fn(backendTokenFetcher(tokenUrl))
    configureIbv({ serviceUrl, fetchers: { token } })
    const elsewhere = document.body.appendChild(document.createElement('section'))
    const { element, seen, frames } = await mount({}, { 'product-request-id': id }, (made) =>
      elsewhere.append(made),
    )
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    expect(seen).toEqual([['ibv-state-change', 'loading']])
    expect(element.querySelectorAll('.ibv-embedded-report')).toHaveLength(1)
    // Moved once started: a new session there, from the token held in memory.
    const first = frames()[0]
    document.body.append(element)
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    expect(frames()[0]).not.toBe(first)
    expect(element.querySelectorAll('.ibv-embedded-report')).toHaveLength(1)
    expect(token).toHaveBeenCalledTimes(1)
  })

  it('shows the portal once it speaks, follows its height, and ignores other origins and windows', async () => {
    const id = await completeReport()
    const { element, seen, frames } = await mount({
      'product-request-id': id,
      'service-url': serviceUrl,
      'token-url': tokenUrl,
      title: "Ada's report",
      'min-height': '200',
    })
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    const [frame] = frames() as [HTMLIFrameElement]
    const src = new URL(frame.src)
    expect(`${src.origin}${src.pathname}`).toBe(`${serviceUrl}/portal/embeddable_reports`)
    expect(src.searchParams.get('token')).toMatch(/^sbx_/)
    expect(frame.title).toBe("Ada's report")
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer')
    // Loading, hidden until its page speaks.
    expect(frame.style.visibility).toBe('hidden')
    expect(frame.dataset.frame).toBe('current')

    say(frame, { type: 'ibv:resize', height: 480 }, 'https://evil.test')
    say(frame, { type: 'ibv:resize', height: 480 }, serviceUrl, window)
    expect(element.getAttribute('data-state')).toBe('loading')
    say(frame, { type: 'ibv:resize', height: 480 })
    expect(element.getAttribute('data-state')).toBe('ready')
    expect(element.querySelector('.ibv-embedded-report')?.getAttribute('data-state')).toBe('ready')
    expect(frame.style.cssText).toBe('height: 480px; min-height: 200px;')
    expect(element.querySelector('[role="status"]')).toBeNull()
    say(frame, { type: 'ibv:resize', height: 9 }, 'https://evil.test')
    expect(frame.style.height).toBe('480px')
    // A fixed height wins over the portal's; the same frame, not reloaded.
    element.setAttribute('height', '70vh')
    expect(frames()).toEqual([frame])
    expect(frame.style.height).toBe('70vh')
    expect(seen).toEqual([
      ['ibv-state-change', 'loading'],
      ['ibv-state-change', 'ready'],
    ])
  })

  it('shows the token route\'s failure with "Try again", and a new product-request-id starts a new session', async () => {
    const { element, seen, frames } = await mount({
      'product-request-id': 'IBV-NONE',
      'service-url': serviceUrl,
      'token-url': `${tokenUrl}/no/such/route`,
    })
    await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('error'))
    expect(element.querySelector('.ibv-embedded-report__error p')?.textContent).toBe(
      'The report could not be loaded.',
    )
    expect(element.querySelector('.ibv-embedded-report__error button')?.textContent).toBe(
      'Try again',
    )
    expect(seen).toEqual([
      ['ibv-state-change', 'loading'],
      ['ibv-error', 'not_found'],
      ['ibv-state-change', 'error'],
    ])

    element.setAttribute('token-url', tokenUrl)
    element.setAttribute('product-request-id', await completeReport())
    await vi.waitFor(() => expect(frames()).toHaveLength(1))
    expect(element.getAttribute('data-state')).toBe('loading')
    expect(element.querySelector('[role="alert"]')).toBeNull()
  })

  it('shares one token, and one fetch, among the reports of one request on the page; none in storage', async () => {
    const id = await completeReport()
    const token = vi.fn(backendTokenFetcher(tokenUrl))
    configureIbv({ serviceUrl, fetchers: { token } })
    const first = await mount({ 'product-request-id': id })
    const second = await mount({ 'product-request-id': id })
    await vi.waitFor(() => expect([first.frames().length, second.frames().length]).toEqual([1, 1]))
    expect(first.frames()[0]!.src).toBe(second.frames()[0]!.src)
    expect(token).toHaveBeenCalledTimes(1)
    expect(token).toHaveBeenCalledWith({ type: 'embedded_report_token', productRequestId: id })
    expect(sessionStorage.length + localStorage.length + document.cookie.length).toBe(0)
  })

  it('stops its session when taken off the page: no timeout, no event, after it left', async () => {
    const id = await completeReport()
    const attributes = {
      'product-request-id': id,
      'service-url': serviceUrl,
      'token-url': tokenUrl,
      'ready-timeout-ms': '3000',
    }
    const first = await mount(attributes)
    await vi.waitFor(() => expect(first.frames()).toHaveLength(1))
    // The next two start from the token held: their timers are the fake clock's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const kept = await mount(attributes)
    const removed = await mount(attributes)
    expect([kept.frames().length, removed.frames().length]).toEqual([1, 1])
    removed.element.remove()
    vi.advanceTimersByTime(3000)
    // The one on the page: its portal never spoke.
    expect(kept.element.getAttribute('data-state')).toBe('error')
    expect(kept.seen).toEqual([
      ['ibv-state-change', 'loading'],
      ['ibv-error', 'timeout'],
      ['ibv-state-change', 'error'],
    ])
    expect(removed.element.getAttribute('data-state')).toBe('loading')
    expect(removed.seen).toEqual([['ibv-state-change', 'loading']])
  })
})
