import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { EmbeddedReport, IbvProvider, createBackendFetchers } from '../../src/index.js'

// Real Chromium, real portal: the sandbox and a backend are mounted on the test server.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

async function completeReport(accounts = 2): Promise<string> {
  const created = await control('/sandbox/product_requests', {
    consumer_id: `BR-${crypto.randomUUID()}`,
    accounts,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  return created.product_request_id
}

function mount(id: string) {
  return render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <EmbeddedReport productRequestId={id} data-testid="report" />
    </IbvProvider>,
  )
}

const frames = () =>
  Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'))

afterEach(() => {
  vi.useRealTimers()
})

describe('<EmbeddedReport> in Chromium', () => {
  it('loads the real portal and takes its real height', async () => {
    const id = await completeReport(3)
    mount(id)
    await waitFor(() => expect(frames()[0]?.contentDocument?.body?.textContent).toContain(id), {
      timeout: 5000,
    })
    const iframe = frames()[0]!
    await waitFor(() =>
      expect(iframe.style.height).toBe(`${iframe.contentDocument?.documentElement.scrollHeight}px`),
    )
    expect(parseInt(iframe.style.height, 10)).toBeGreaterThan(300)
    expect(iframe.getBoundingClientRect().height).toBeGreaterThan(300)
  })

  it('ignores messages from another origin and from another window', async () => {
    const id = await completeReport(1)
    mount(id)
    await waitFor(() => expect(frames()[0]?.style.height).toMatch(/px$/), { timeout: 5000 })
    const before = frames()[0]!.style.height
    // An opaque-origin frame, and a same-origin frame that is not the report, both post a resize.
    const opaque = document.createElement('iframe')
    opaque.setAttribute('sandbox', 'allow-scripts')
    opaque.srcdoc = "<script>parent.postMessage({ type: 'ibv:resize', height: 7 }, '*')</script>"
    const stranger = document.createElement('iframe')
    stranger.srcdoc = "<script>parent.postMessage({ type: 'ibv:resize', height: 9 }, '*')</script>"
    const arrived: string[] = []
    const listener = (event: MessageEvent) => arrived.push(event.origin)
    window.addEventListener('message', listener)
    document.body.append(opaque, stranger)
    window.postMessage({ type: 'ibv:resize', height: 11 }, '*')
    await waitFor(() => expect(arrived.length).toBeGreaterThanOrEqual(3))
    window.removeEventListener('message', listener)
    expect(arrived).toContain('null')
    expect(frames()[0]!.style.height).toBe(before)
  })

  it('re-mints when the service ends the session: the open portal notices and says so', async () => {
    const id = await completeReport(1)
    mount(id)
    await waitFor(() => expect(frames()[0]?.contentDocument?.readyState).toBe('complete'), {
      timeout: 5000,
    })
    const before = new URL(frames()[0]!.src).searchParams.get('token')
    await control('/sandbox/tokens/expire', { product_request_id: id })
    // The portal checks its token every 5 s, posts ibv:token_expired, and a new token loads.
    await waitFor(
      () => {
        expect(frames()).toHaveLength(1)
        expect(new URL(frames()[0]!.src).searchParams.get('token')).not.toBe(before)
        expect(frames()[0]!.contentDocument?.body?.textContent).toContain(id)
      },
      { timeout: 12_000 },
    )
  }, 20_000)

  it('renews after a second expiry within 10 s, never says ready over an expired page, and shrinks around it', async () => {
    const id = await completeReport(1)
    mount(id)
    const root = document.querySelector<HTMLElement>('.ibv-embedded-report')!
    const said = (frame: HTMLIFrameElement | undefined) =>
      frame?.contentDocument?.body?.textContent ?? ''
    const token = () => new URL(frames()[0]!.src).searchParams.get('token')
    await waitFor(() => expect(said(frames()[0])).toContain(id), { timeout: 5000 })
    // Every animation frame: the state, and whether the shown document says the session expired.
    // The page changes before its message arrives, so `ready` may last until the message is
    // handled, but not for 10 frames in a row.
    const problems: string[] = []
    const heightsWhileExpired: number[] = []
    let readyOverExpired = 0
    let sampling = true
    const sample = () => {
      const shown = frames()[0]
      const expiredPage = said(shown).includes('session has expired')
      readyOverExpired = expiredPage && root.dataset.state === 'ready' ? readyOverExpired + 1 : 0
      if (readyOverExpired === 10) problems.push('ready over an expired page')
      if (expiredPage && root.dataset.state === 'expired')
        heightsWhileExpired.push(shown!.getBoundingClientRect().height)
      if (sampling) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)

    const first = token()
    await control('/sandbox/tokens/expire', { product_request_id: id })
    await waitFor(
      () =>
        expect(frames().length === 1 && token() !== first && said(frames()[0]).includes(id)).toBe(
          true,
        ),
      { timeout: 12_000 },
    )
    const second = token()
    const reportHeight = frames()[0]!.getBoundingClientRect().height
    // Again at once: the portal complains within 5 s, inside the 10 s window of the first re-mint.
    await control('/sandbox/tokens/expire', { product_request_id: id })
    await waitFor(() => expect(said(frames()[0])).toContain('session has expired'), {
      timeout: 8000,
    })
    await waitFor(() => expect(root.dataset.state).toBe('expired'))
    // The frame follows the short expired page down: to the frame's default height, or to the
    // page's own height where its text needs more (a narrow frame, late fonts).
    await waitFor(
      () => expect(frames()[0]!.getBoundingClientRect().height).toBeLessThan(reportHeight / 2),
      { timeout: 5000 },
    )
    await waitFor(
      () => {
        expect(frames()).toHaveLength(1)
        expect(token()).not.toBe(second)
        expect(said(frames()[0])).toContain(id)
        expect(root.dataset.state).toBe('ready')
      },
      { timeout: 15_000 },
    )
    sampling = false
    expect(problems).toEqual([])
    expect(heightsWhileExpired.length).toBeGreaterThan(0)
    // And back up around the report.
    await waitFor(() =>
      expect(frames()[0]!.style.height).toBe(
        `${frames()[0]!.contentDocument?.documentElement.scrollHeight}px`,
      ),
    )
  }, 40_000)

  it('renews and swaps documents without ever showing an empty frame', async () => {
    const id = await completeReport(1)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    mount(id)
    await vi.waitFor(
      () => {
        expect(frames()[0]?.contentDocument?.readyState).toBe('complete')
        expect(frames()[0]?.contentDocument?.body?.textContent).toContain(id)
        // Shown once its page has spoken.
        expect(document.querySelector<HTMLElement>('[data-testid="report"]')?.dataset.state).toBe(
          'ready',
        )
      },
      { timeout: 5000 },
    )
    const first = frames()[0]!
    const firstToken = new URL(first.src).searchParams.get('token')

    // Sample every animation frame: the visible frame must always hold a loaded report.
    const problems: string[] = []
    let sampling = true
    const sample = () => {
      const visible = frames().filter((frame) => getComputedStyle(frame).visibility !== 'hidden')
      const shown = visible[0]?.contentDocument
      if (visible.length !== 1) problems.push(`${visible.length} visible frames`)
      else if (shown?.readyState !== 'complete' || !shown.body?.textContent?.includes(id))
        problems.push(`the visible ${visible[0]?.dataset.frame} frame is ${shown?.readyState}`)
      if (sampling) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)

    // When the next iframe is inserted, the current one must still be there (a swap, not a
    // replace). A MutationObserver sees every insertion, however fast the new document loads.
    const framesAtInsert: number[] = []
    const observer = new MutationObserver((records) => {
      if (
        records.some((record) =>
          [...record.addedNodes].some((node) => node instanceof HTMLIFrameElement),
        )
      )
        framesAtInsert.push(frames().length)
    })
    observer.observe(first.parentElement!, { childList: true })

    vi.setSystemTime(Date.now() + 28 * 60_000)
    vi.advanceTimersByTime(28 * 60_000)
    await vi.waitFor(
      () => {
        expect(frames()).toHaveLength(1)
        expect(new URL(frames()[0]!.src).searchParams.get('token')).not.toBe(firstToken)
      },
      { timeout: 5000 },
    )
    await new Promise((resolve) => requestAnimationFrame(resolve))
    sampling = false
    observer.disconnect()
    expect(framesAtInsert).toEqual([2])
    expect(frames()[0]!.contentDocument?.body?.textContent).toContain(id)
    expect(problems).toEqual([])
  })
})
