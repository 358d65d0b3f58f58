import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cdp, page } from 'vitest/browser'
import axeSource from 'axe-core/axe.min.js?raw'
import type { AxeResults } from 'axe-core'
import { connectWidgetUrl, embeddedReportUrl } from '../../src/core/index.js'
import { textsFor } from '../../src/sandbox/pages/texts/index.js'
import { englishLeft } from '../sandbox/english-left.js'

// The sandbox's hosted pages in Spanish and Canadian French, in real Chromium: every step of the
// connect widget, the reconnect page and every state of the report page, 360 and 1280 px wide.
// Each has the right <html lang>, no English left in what it shows, no axe violation (light at 360
// px, dark at 1280), and no horizontal scrolling. VITE_LOCALE_SCREENS=1 also takes a screenshot of each.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const post = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()
const consumer = () => `LOC-${crypto.randomUUID()}`

type Locale = 'es' | 'fr-CA'
let iframe: HTMLIFrameElement
const doc = () => iframe.contentDocument!

function loaded(): Promise<void> {
  return new Promise((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }))
}

async function open(src: string): Promise<void> {
  const done = loaded()
  iframe.src = src
  await done
}

/** Does `action` in the frame and waits for the page it leads to. */
async function go(action: () => void): Promise<void> {
  const done = loaded()
  action()
  await done
}

function fill(fields: Record<string, string>): Promise<void> {
  return go(() => {
    const form = doc().querySelector<HTMLFormElement>('form[method="post"]')!
    for (const [name, value] of Object.entries(fields))
      (form.elements.namedItem(name) as HTMLInputElement).value = value
    form.requestSubmit()
  })
}

async function widget(locale: Locale): Promise<void> {
  const token = await post('/api/v1/auth/tokens', { consumer_id: consumer() })
  await open(connectWidgetUrl(service, token.access_token, location.origin, { locale }))
}
const choose = (id: string) =>
  go(() =>
    doc().querySelector<HTMLButtonElement>(`button[name="institution"][value="${id}"]`)!.click(),
  )
const search = (q: string) =>
  go(() => {
    const form = doc().querySelector<HTMLFormElement>('form[role="search"]')!
    ;(form.elements.namedItem('q') as HTMLInputElement).value = q
    form.requestSubmit()
  })

const WIDGET: Record<string, (locale: Locale) => Promise<void>> = {
  'bank list': widget,
  'search with results': async (locale) => (await widget(locale), await search('wom')),
  'search with none': async (locale) => (await widget(locale), await search('zzzz')),
  'bank not listed': async (locale) => (
    await widget(locale),
    await go(() => doc().querySelector<HTMLButtonElement>('button[name="not_listed"]')!.click())
  ),
  'sign-in': async (locale) => (await widget(locale), await choose('quokka')),
  'wrong password': async (locale) => (
    await widget(locale),
    await choose('quokka'),
    await fill({ username: 'user_good', password: 'nope' })
  ),
  'MFA code': async (locale) => (
    await widget(locale),
    await choose('quokka'),
    await fill({ username: 'user_mfa', password: 'pass_good' })
  ),
  'wrong code': async (locale) => (
    await WIDGET['MFA code']!(locale),
    await fill({ code: '000000' })
  ),
  connected: async (locale) => (await WIDGET['MFA code']!(locale), await fill({ code: '123456' })),
  'refused token': (locale) => open(connectWidgetUrl(service, 'nope', location.origin, { locale })),
  'session ended': (locale) => open(`${service}/connect/sessions/ws_unknown?locale=${locale}`),
  reconnect: async (locale) => {
    const created = await post('/sandbox/product_requests', {
      consumer_id: consumer(),
      outcome: 'reconnect_required',
    })
    // The link names the sandbox's public host; the same path on this page's origin, to read the frame.
    const link = new URL(created.ibv_connection_link as string)
    await open(`${location.origin}${link.pathname}${link.search}&locale=${locale}`)
  },
}

async function report(locale: Locale, outcome: string, seconds: number): Promise<string> {
  const created = await post('/sandbox/product_requests', {
    consumer_id: consumer(),
    outcome,
    accounts: 3,
  })
  if (seconds) await post('/sandbox/clock/advance', { seconds })
  const token = await post('/api/v1/auth/tokens', {
    product_request_id: created.product_request_id,
    type: 'embedded_report_token',
  })
  return embeddedReportUrl(service, token.access_token, { locale })
}

const PORTAL: Record<string, (locale: Locale) => Promise<void>> = {
  'report ready': async (locale) => open(await report(locale, 'complete', 6)),
  'report in progress': async (locale) => open(await report(locale, 'complete', 0)),
  'report being generated': async (locale) => open(await report(locale, 'complete', 3)),
  'reconnect required': async (locale) => open(await report(locale, 'reconnect_required', 0)),
  'data pull failed': async (locale) => open(await report(locale, 'ibv_data_acquire_failed', 6)),
  'generation failed': async (locale) => open(await report(locale, 'generation_failed', 6)),
  'link expired': async (locale) => {
    const url = await report(locale, 'complete', 0)
    await post('/sandbox/tokens/expire', { access_token: new URL(url).searchParams.get('token') })
    await open(url)
  },
  'link not valid': (locale) => open(embeddedReportUrl(service, 'sbx_e_nope', { locale })),
}

async function axe(): Promise<string[]> {
  const win = iframe.contentWindow as Window & {
    eval: (source: string) => unknown
    axe?: { run: (context: Document, options: object) => Promise<AxeResults> }
  }
  if (!win.axe) win.eval(axeSource)
  const results = await win.axe!.run(win.document, { resultTypes: ['violations'] })
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

async function scheme(value: 'light' | 'dark') {
  await cdp().send('Emulation.setEmulatedMedia', {
    media: '',
    features: [{ name: 'prefers-color-scheme', value }],
  })
}

beforeAll(async () => {
  // The pages' strict CSP refuses an injected script: axe goes in with the CSP bypassed.
  await cdp().send('Page.setBypassCSP', { enabled: true })
  document.body.style.margin = '0'
})
afterEach(async () => {
  document.body.replaceChildren()
  await scheme('light')
})
afterAll(async () => {
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
  await page.viewport(414, 896)
})

const locales = ['es', 'fr-CA'] as const
const widths = [360, 1280]

/**
 * The page shown in `locale`: its lang and its text; then, in place (the same document resized and
 * repainted), its width at 360 and 1280 px, and axe light at 360 px and dark at 1280: each page is
 * audited in both schemes in each language, for one page load. What a scheme changes (colours,
 * contrast) does not change with the language, and the English pages are audited at each width in
 * both (sandbox-widget-a11y, sandbox-portal-a11y). VITE_LOCALE_SCREENS=1 saves a screenshot of each
 * width in each scheme.
 */
async function check(name: string, show: (locale: Locale) => Promise<void>, locale: Locale) {
  await page.viewport(widths[0]!, 900)
  iframe = document.createElement('iframe')
  iframe.title = name
  iframe.style.cssText = `display:block;width:${widths[0]}px;height:900px;border:0`
  document.body.append(iframe)
  await show(locale)
  // The credentials hint is read too.
  doc().querySelector('details')?.setAttribute('open', '')
  expect(doc().documentElement.lang).toBe(locale)
  expect(englishLeft(`${doc().title} ${doc().body.innerText}`, textsFor(locale))).toEqual([])
  // A page still waiting for its report reloads itself once its status moves on: the audits below
  // must all be of the page shown.
  const shown = doc()
  for (const width of widths) {
    await page.viewport(width, 900)
    iframe.style.width = `${width}px`
    expect(iframe.contentWindow!.innerWidth, `${name}, ${locale}, resized to ${width} px`).toBe(
      width,
    )
    expect(
      doc().documentElement.scrollWidth,
      `${name}, ${locale}, ${width} px`,
    ).toBeLessThanOrEqual(doc().documentElement.clientWidth)
    const audited: 'light' | 'dark' = width < 1280 ? 'light' : 'dark'
    for (const value of import.meta.env.VITE_LOCALE_SCREENS
      ? (['light', 'dark'] as const)
      : [audited]) {
      await scheme(value)
      if (value === audited)
        expect(await axe(), `${name}, ${locale}, ${width} px, ${value}`).toEqual([])
      if (import.meta.env.VITE_LOCALE_SCREENS) {
        await page.screenshot({
          path: `__screenshots__/sandbox-locale.test.ts/${name.replace(/\W+/g, '-')}-${locale}-${width}-${value}.png`,
        })
      }
    }
  }
  expect(
    doc() === shown,
    `${name}, ${locale}: the page reloaded during its checks (its status moved on)`,
  ).toBe(true)
}

describe.each(locales)('the connect widget in %s, at 360 and 1280 px', (locale) => {
  it.each(Object.keys(WIDGET))('%s', async (name) => {
    await check(name, WIDGET[name]!, locale)
  })
})

describe.each(locales)('the report page in %s, at 360 and 1280 px', (locale) => {
  it.each(Object.keys(PORTAL))('%s', async (name) => {
    await check(name, PORTAL[name]!, locale)
  })
})

describe('the page an open report becomes when its token expires (built by its script)', () => {
  /** Opens a ready report and expires its token: the page's script turns it into the expired page. */
  async function expiredWhileOpen(locale: Locale): Promise<void> {
    const src = await report(locale, 'complete', 6)
    await open(src)
    const told = new Promise<void>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow || event.data?.type !== 'ibv:token_expired')
          return
        window.removeEventListener('message', listener)
        resolve()
      }
      window.addEventListener('message', listener)
    })
    await post('/sandbox/tokens/expire', { access_token: new URL(src).searchParams.get('token') })
    await told
    expect(doc().querySelector('h1')?.textContent).toBe(
      textsFor(locale).portal.sessionExpired.title,
    )
  }

  it.each(['es', 'fr-CA'] as const)('speaks %s too', async (locale) => {
    await check('session expired', expiredWhileOpen, locale)
  })
})
