import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { cdp, page } from 'vitest/browser'
import type { AxeResults, RunOptions } from 'axe-core'
import axeUrl from 'axe-core/axe.min.js?url'
import { embeddedReportUrl } from '../../src/core/index.js'

// Every page and state of the hosted report (/portal/embeddable_reports), served by the sandbox on
// the test server, in an iframe 360 and 1280 px wide, light and dark: axe-core finds nothing, and
// its colour-contrast rule really ran (it passed on text, not "inapplicable"). axe is loaded into
// the frame as a same-origin script file, so the page's strict CSP stays on.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const post = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()
const tokenFor = async (id: string) =>
  (await post('/api/v1/auth/tokens', { product_request_id: id, type: 'embedded_report_token' }))
    .access_token as string

type Scheme = 'light' | 'dark'
type AxeWindow = Window & {
  axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> }
}

/** A product request in `outcome`, moved `seconds` on; the URL of its report page. */
async function reportUrl(outcome: string, seconds: number, accounts = 2): Promise<string> {
  const created = await post('/sandbox/product_requests', {
    consumer_id: `A11Y-${crypto.randomUUID()}`,
    outcome,
    accounts,
  })
  if (seconds) await post('/sandbox/clock/advance', { seconds })
  return embeddedReportUrl(service, await tokenFor(created.product_request_id))
}

/** Each state the page can show, how to reach it through the control routes, and its title. */
const STATES: Array<[name: string, url: () => Promise<string>, title: string]> = [
  ['complete', () => reportUrl('complete', 6, 3), 'Income and bank verification report'],
  ['initiated', () => reportUrl('complete', 0), 'Report in progress'],
  ['ibv_data_acquired', () => reportUrl('complete', 3), 'Report being generated'],
  ['reconnect_required', () => reportUrl('reconnect_required', 0), 'Bank reconnection needed'],
  [
    'ibv_data_acquire_failed',
    () => reportUrl('ibv_data_acquire_failed', 6),
    'Bank data could not be pulled',
  ],
  ['generation_failed', () => reportUrl('generation_failed', 6), 'Report could not be generated'],
  [
    'expired token',
    async () => {
      const url = await reportUrl('complete', 0)
      await post('/sandbox/tokens/expire', { access_token: new URL(url).searchParams.get('token') })
      return url
    },
    'Report link expired',
  ],
  ['unknown token', async () => embeddedReportUrl(service, 'sbx_e_nope'), 'Report link not valid'],
  [
    'consumer token (wrong kind)',
    async () =>
      embeddedReportUrl(
        service,
        (await post('/api/v1/auth/tokens', { consumer_id: 'A11Y-1' })).access_token,
      ),
    'Report link not valid',
  ],
]

async function scheme(value: Scheme) {
  await cdp().send('Emulation.setEmulatedMedia', {
    media: '',
    features: [{ name: 'prefers-color-scheme', value }],
  })
}

afterEach(async () => {
  document.body.replaceChildren()
  await scheme('light')
})
afterAll(async () => {
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
  await page.viewport(414, 896)
})

/** The next message of `type` from `iframe`, checking origin and source. */
function nextMessage(
  iframe: HTMLIFrameElement,
  type: string,
  timeout = 10_000,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeout} ms`)), timeout)
    const listener = (event: MessageEvent) => {
      if (
        event.source !== iframe.contentWindow ||
        event.origin !== location.origin ||
        event.data?.type !== type
      )
        return
      window.removeEventListener('message', listener)
      clearTimeout(timer)
      resolve(event.data)
    }
    window.addEventListener('message', listener)
  })
}

/** The page at `src` in an iframe `width` px wide, once loaded and sized (its first ibv:resize). */
async function open(src: string, width: number): Promise<HTMLIFrameElement> {
  await page.viewport(Math.max(414, width + 40), 900)
  const iframe = document.createElement('iframe')
  iframe.style.cssText = `width: ${width}px; height: 800px; border: 0; display: block`
  iframe.title = 'Hosted report'
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
  const sized = nextMessage(iframe, 'ibv:resize')
  iframe.src = src
  document.body.append(iframe)
  await Promise.all([loaded, sized])
  return iframe
}

/** axe-core in the frame's own document (loaded once per document). */
async function audit(iframe: HTMLIFrameElement): Promise<AxeResults> {
  const win = iframe.contentWindow as AxeWindow
  const doc = iframe.contentDocument!
  if (!win.axe) {
    const script = doc.createElement('script')
    script.src = axeUrl
    await new Promise((resolve, reject) => {
      script.onload = resolve
      script.onerror = () => reject(new Error(`axe-core did not load from ${axeUrl}`))
      doc.head.append(script)
    })
  }
  return win.axe!.run(doc, { resultTypes: ['violations', 'passes', 'incomplete'] })
}

/** What a failure shows: each violation with its nodes and axe's summary (contrast figures). */
function describeViolations(results: AxeResults) {
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map(
      (node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
    ),
  }))
}

describe('the hosted report page is accessible in every state', () => {
  for (const [name, url, title] of STATES) {
    for (const width of [360, 1280]) {
      it(`${name} at ${width} px, light and dark: no axe violation, contrast checked`, async () => {
        const iframe = await open(await url(), width)
        const doc = iframe.contentDocument!
        for (const value of ['light', 'dark'] as const) {
          await scheme(value)
          expect(iframe.contentWindow!.matchMedia('(prefers-color-scheme: dark)').matches).toBe(
            value === 'dark',
          )
          expect(doc.querySelector('h1')?.textContent).toBe(title)
          const results = await audit(iframe)
          // The states that can still move watch their status (the script reloads on a change).
          expect(doc.body.dataset.ibvStatus !== undefined).toBe(
            name === 'initiated' || name === 'ibv_data_acquired',
          )
          expect(describeViolations(results), `${name}, ${width} px, ${value}`).toEqual([])
          // The contrast rule ran on text and passed: not skipped, not inapplicable.
          const contrast = results.passes.find((rule) => rule.id === 'color-contrast')
          expect(contrast?.nodes.length ?? 0).toBeGreaterThan(0)
          expect(
            results.incomplete
              .filter((rule) => rule.id === 'color-contrast')
              .flatMap((rule) => rule.nodes.map((node) => node.target)),
          ).toEqual([])
          expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(
            doc.documentElement.clientWidth,
          )
        }
      })
    }
  }

  it('the page an open report becomes when its token expires (built by the script), light and dark', async () => {
    const src = await reportUrl('complete', 6)
    const iframe = await open(src, 360)
    const expired = nextMessage(iframe, 'ibv:token_expired', 12_000)
    await post('/sandbox/tokens/expire', { access_token: new URL(src).searchParams.get('token') })
    await expired
    expect(iframe.contentDocument!.querySelector('h1')?.textContent).toBe('Report session expired')
    for (const value of ['light', 'dark'] as const) {
      await scheme(value)
      const results = await audit(iframe)
      expect(describeViolations(results), value).toEqual([])
      expect(
        results.passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0,
      ).toBeGreaterThan(0)
    }
  }, 20_000)
})

describe('the hosted report page fits and reports its height', () => {
  it('a complete report fits 320 px without horizontal scrolling, long names wrapping', async () => {
    const iframe = await open(await reportUrl('complete', 6, 3), 320)
    const doc = iframe.contentDocument!
    expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(doc.documentElement.clientWidth)
    const right = doc.documentElement.clientWidth
    const outside = Array.from(doc.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > right + 0.5,
    )
    expect(outside.map((element) => element.outerHTML.slice(0, 80))).toEqual([])
    // Numbers are right-aligned: every value cell of a table ends at the same x.
    const ends = new Set(
      Array.from(doc.querySelectorAll('tbody td.portal-number')).map((cell) =>
        Math.round(cell.getBoundingClientRect().right),
      ),
    )
    expect(ends.size).toBe(1)
  })

  it('at 1280 px every fact is on one line, and a feature table stays readable (name and value close, rows striped)', async () => {
    const iframe = await open(await reportUrl('complete', 6, 3), 1280)
    const doc = iframe.contentDocument!
    for (const value of doc.querySelectorAll<HTMLElement>('.portal-facts dd')) {
      const lines = Math.round(
        value.getBoundingClientRect().height / parseFloat(getComputedStyle(value).lineHeight),
      )
      expect(lines, `${value.previousElementSibling?.textContent}: ${value.textContent}`).toBe(1)
    }
    const rem = parseFloat(getComputedStyle(doc.documentElement).fontSize)
    for (const table of doc.querySelectorAll('.portal-features'))
      expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(36 * rem + 0.5)
    const rows = Array.from(doc.querySelectorAll('.portal-features tbody tr')).slice(0, 2)
    const [odd, even] = rows.map((row) => getComputedStyle(row).backgroundColor)
    expect(even).not.toBe(odd)
  })

  it('posts a new ibv:resize height whenever its height changes (the frame is resized)', async () => {
    const iframe = await open(await reportUrl('complete', 6, 3), 360)
    const doc = iframe.contentDocument!
    // The page's own height, rounded up (scrollHeight rounds to the nearest pixel); taller than the frame here.
    const narrow = doc.documentElement.scrollHeight
    expect(narrow).toBeGreaterThan(800)
    const resized = nextMessage(iframe, 'ibv:resize')
    iframe.style.width = '1280px'
    const message = await resized
    expect((message.height as number) - doc.documentElement.scrollHeight).toBeOneOf([0, 1])
    expect(message.height as number).toBeLessThan(narrow)
    const back = nextMessage(iframe, 'ibv:resize')
    iframe.style.width = '360px'
    expect(((await back).height as number) - narrow).toBeOneOf([0, 1])
  })
})

describe('a page waiting for its report', () => {
  it('shows the report once it is ready, by itself (the status is watched, no meta refresh)', async () => {
    const iframe = await open(await reportUrl('complete', 0), 1280)
    expect(iframe.contentDocument!.querySelector('h1')?.textContent).toBe('Report in progress')
    expect(iframe.contentDocument!.querySelector('meta[http-equiv="refresh"]')).toBeNull()
    const reloaded = new Promise((resolve) =>
      iframe.addEventListener('load', resolve, { once: true }),
    )
    await post('/sandbox/clock/advance', { seconds: 6 })
    await reloaded
    expect(iframe.contentDocument!.querySelector('h1')?.textContent).toBe(
      'Income and bank verification report',
    )
  }, 15_000)
})
