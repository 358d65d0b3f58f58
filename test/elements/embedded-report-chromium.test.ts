// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import { openElementsPage, type OpenElementsPage } from './page/server.ts'

// <ibv-embedded-report> in real Chromium on a plain page with no React (test/elements/page/), the
// real portal of the sandbox mounted on the same server, tokens from the backend's default route
// /api/ibv/tokens. The page's clock is Playwright's, so it can jump as a sleeping laptop's does.
let opened: OpenElementsPage
let url: string
let page: Page
/** Every URL the page (and its frames) asked for: Playwright's clock fakes `performance`. */
const requested: string[] = []

beforeAll(async () => {
  opened = await openElementsPage({
    async prepare(page) {
      page.on('request', (request) => requested.push(request.url()))
      // Time passes as it does, until the test moves it.
      await page.clock.install()
    },
  })
  ;({ url, page } = opened)
}, 60_000)

afterAll(() => opened?.close())

const control = async (path: string, body: unknown) =>
  (
    await fetch(`${url}ibv-sandbox${path}`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Record<string, unknown>>

/** A complete report's product request id. */
async function completeReport(accounts = 1): Promise<string> {
  const created = await control('/sandbox/product_requests', {
    consumer_id: `EL-${crypto.randomUUID()}`,
    accounts,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  return created.product_request_id as string
}

/** Replaces the page's content with a report of `id`, recording the events that reach the document. */
const mount = (id: string) =>
  page.evaluate((productRequestId) => {
    const seen: string[] = ((window as { seen?: string[] }).seen = [])
    const record = (event: Event) => {
      const { detail } = event as CustomEvent<{ state?: string; error?: { code: string } }>
      seen.push(`${event.type} ${detail.state ?? detail.error?.code}`)
    }
    document.addEventListener('ibv-state-change', record)
    document.addEventListener('ibv-error', record)
    document.getElementById('root')!.innerHTML =
      `<ibv-embedded-report product-request-id="${productRequestId}"></ibv-embedded-report>`
  }, id)

/** The report's frames: their token, whether shown, and what their document says. */
const frames = () =>
  page.locator('iframe.ibv-embedded-report__frame').evaluateAll((elements: HTMLIFrameElement[]) =>
    elements.map((frame) => ({
      token: new URL(frame.src).searchParams.get('token'),
      shown: getComputedStyle(frame).visibility !== 'hidden',
      height: frame.getBoundingClientRect().height,
      scrollHeight: frame.contentDocument?.documentElement.scrollHeight,
      text: frame.contentDocument?.body?.textContent ?? '',
    })),
  )

const state = () => page.locator('ibv-embedded-report').getAttribute('data-state')

describe('<ibv-embedded-report> in Chromium, with no React on the page', () => {
  it("shows the sandbox's report at its height, saying so with data-state and events; no React module loaded", async () => {
    const id = await completeReport(3)
    await mount(id)
    await expect
      .poll(async () => (await frames())[0]?.text ?? '', { timeout: 10_000 })
      .toContain(id)
    await expect.poll(state).toBe('ready')
    await expect
      .poll(
        async () => {
          const [frame] = await frames()
          return frame!.height === frame!.scrollHeight
        },
        { timeout: 5000 },
      )
      .toBe(true)
    expect((await frames())[0]!.height).toBeGreaterThan(300)
    expect(await page.evaluate(() => (window as { seen?: string[] }).seen)).toEqual([
      'ibv-state-change loading',
      'ibv-state-change ready',
    ])
    // Themed by styles.css in the light DOM: the line around the frame (an outline, which takes no room).
    expect(
      await page
        .locator('iframe.ibv-embedded-report__frame')
        .evaluate((frame) => getComputedStyle(frame).outlineWidth),
    ).toBe('1px')

    const loaded = await page.evaluate(() => ({
      react: typeof (window as { React?: unknown }).React,
      defined: typeof customElements.get('ibv-embedded-report'),
    }))
    expect(
      requested.some((name) => name.includes('/src/elements/embedded-report-element.ts')),
    ).toBe(true)
    expect(requested.filter((name) => /react|tanstack/i.test(name))).toEqual([])
    expect(loaded.react).toBe('undefined')
    expect(loaded.defined).toBe('function')
  }, 30_000)

  it('ignores messages from another origin and from another window', async () => {
    const id = await completeReport()
    await mount(id)
    await expect.poll(state, { timeout: 10_000 }).toBe('ready')
    await expect
      .poll(
        async () => {
          const [frame] = await frames()
          return frame!.height === frame!.scrollHeight
        },
        { timeout: 5000 },
      )
      .toBe(true)
    const before = (await frames())[0]!.height
    const arrived = await page.evaluate(async () => {
      // An opaque-origin frame, a same-origin frame that is not the report, and the page itself.
      const origins: string[] = []
      const report = document.querySelector('iframe')!.contentWindow
      const listener = (event: MessageEvent) =>
        void (event.source !== report && origins.push(event.origin))
      window.addEventListener('message', listener)
      const opaque = document.createElement('iframe')
      opaque.setAttribute('sandbox', 'allow-scripts')
      opaque.srcdoc =
        "<script>parent.postMessage({ type: 'ibv:resize', height: 7 }, '*'); parent.postMessage({ type: 'ibv:token_expired' }, '*')</script>"
      const stranger = document.createElement('iframe')
      stranger.srcdoc =
        "<script>parent.postMessage({ type: 'ibv:resize', height: 9 }, '*'); parent.postMessage({ type: 'ibv:token_expired' }, '*')</script>"
      document.getElementById('root')!.append(opaque, stranger)
      window.postMessage({ type: 'ibv:resize', height: 11 }, '*')
      while (origins.length < 5) await new Promise((resolve) => setTimeout(resolve, 20))
      window.removeEventListener('message', listener)
      return origins
    })
    expect(arrived).toContain('null')
    expect(arrived).toContain(new URL(url).origin)
    const [frame] = await frames()
    expect(frame!.height).toBe(before)
    expect(await state()).toBe('ready')
    expect(await page.evaluate(() => (window as { seen?: string[] }).seen)).toEqual([
      'ibv-state-change loading',
      'ibv-state-change ready',
    ])
  }, 30_000)

  it('renews the report after the clocks move 31 minutes, never showing an empty frame', async () => {
    const id = await completeReport()
    await mount(id)
    await expect
      .poll(async () => (await frames())[0]?.text ?? '', { timeout: 10_000 })
      .toContain(id)
    await expect.poll(state).toBe('ready')
    const [first] = await frames()

    // Every animation frame: exactly one frame shown, its document loaded and saying something (the
    // report, or for a moment that its session expired). And a new frame is inserted beside the
    // shown one, never in its place.
    await page.evaluate((productRequestId) => {
      const sampled = window as {
        problems?: string[]
        inserts?: number[]
        sampling?: boolean
        samples?: number
      }
      sampled.samples = 0
      const problems: string[] = (sampled.problems = [])
      const inserts: number[] = (sampled.inserts = [])
      sampled.sampling = true
      const host = document.querySelector('ibv-embedded-report')!
      const all = () => [
        ...host.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'),
      ]
      const sample = () => {
        sampled.samples!++
        const visible = all().filter((frame) => getComputedStyle(frame).visibility !== 'hidden')
        const shown = visible[0]?.contentDocument
        const text = shown?.body?.textContent ?? ''
        if (visible.length !== 1) problems.push(`${visible.length} visible frames`)
        else if (
          shown?.readyState !== 'complete' ||
          !(text.includes(productRequestId) || text.includes('expired'))
        )
          problems.push(
            `the visible ${visible[0]!.dataset.frame} frame is ${shown?.readyState}: ${text.slice(0, 60)}`,
          )
        if (sampled.sampling) requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
      new MutationObserver((records) => {
        if (
          records.some((record) =>
            [...record.addedNodes].some((node) => node instanceof HTMLIFrameElement),
          )
        )
          inserts.push(all().length)
      }).observe(host.querySelector('.ibv-embedded-report')!, { childList: true })
    }, id)

    // The service's clock, then the page's: its token is past its 30 minutes everywhere.
    await control('/sandbox/clock/advance', { seconds: 31 * 60 })
    await page.clock.fastForward('31:00')
    await expect
      .poll(
        async () => {
          const now = await frames()
          return (
            now.length === 1 &&
            now[0]!.token !== first!.token &&
            now[0]!.text.includes(id) &&
            (await state()) === 'ready'
          )
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    const sampled = await page.evaluate(() => {
      const window_ = window as {
        problems?: string[]
        inserts?: number[]
        sampling?: boolean
        samples?: number
        seen?: string[]
      }
      window_.sampling = false
      return {
        problems: window_.problems,
        inserts: window_.inserts,
        samples: window_.samples,
        seen: window_.seen,
      }
    })
    expect(sampled.samples).toBeGreaterThan(0)
    expect(sampled.problems).toEqual([])
    expect(sampled.inserts).toEqual([2])
    expect(sampled.seen).toContain('ibv-state-change renewing')
    expect(sampled.seen?.filter((event) => event.startsWith('ibv-error'))).toEqual([])
    expect(sampled.seen?.at(-1)).toBe('ibv-state-change ready')
  }, 40_000)
})
