// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import { openElementsPage, type OpenElementsPage } from './page/server.ts'

// An HTML injection (markup, no script) into a lender's page that uses the elements, in real
// Chromium: `<ibv-embedded-report service-url="https://evil.example">`. The page configured its
// service (`configureIbv({ serviceUrl })`, the sandbox on its own origin), so the injected element
// asks the backend for no token, loads nothing, and shows its error; the page hears `ibv-error`.
let opened: OpenElementsPage
let page: Page
/** Every URL the page (and its frames) asked for. */
const requested: string[] = []

beforeAll(async () => {
  opened = await openElementsPage({
    prepare: (page) => {
      page.on('request', (request) => requested.push(request.url()))
    },
  })
  page = opened.page
}, 60_000)

afterAll(() => opened?.close())

/** Puts `html` in the page as an injection would, and records the elements' errors. */
const inject = (html: string) =>
  page.evaluate((markup) => {
    const errors: string[] = ((window as { errors?: string[] }).errors = [])
    document.addEventListener('ibv-error', (event) => {
      const { error } = (
        event as CustomEvent<{ error: { name: string; code: string; message: string } }>
      ).detail
      errors.push(`${error.name} ${error.code} ${error.message}`)
    })
    document.getElementById('root')!.innerHTML = markup
  }, html)

const errors = () => page.evaluate(() => (window as { errors?: string[] }).errors ?? [])
const tokenRequests = () => requested.filter((url) => new URL(url).pathname === '/api/ibv/tokens')
const foreign = () => requested.filter((url) => new URL(url).hostname === 'evil.example')

describe('an injected element with a foreign service-url, in Chromium', () => {
  it('<ibv-embedded-report>: shows its error, sends ibv-error, and no token is asked for', async () => {
    await inject(
      '<ibv-embedded-report product-request-id="IBV-VICTIM" service-url="https://evil.example"></ibv-embedded-report>',
    )
    const report = page.locator('ibv-embedded-report')
    await expect.poll(() => report.getAttribute('data-state'), { timeout: 10_000 }).toBe('error')
    expect(await report.getByRole('alert').isVisible()).toBe(true)
    expect(await report.getByRole('alert').textContent()).toMatch(/could not be loaded/)
    expect(await report.locator('iframe').count()).toBe(0)
    expect(await errors()).toEqual([
      expect.stringMatching(
        /^IbvError invalid_request The service URL https:\/\/evil\.example is refused: .*allowedServiceOrigins/,
      ),
    ])
    expect(tokenRequests()).toEqual([])
    expect(foreign()).toEqual([])
  })

  it('<ibv-connect-button>: a click shows its error, sends ibv-error, and no token is asked for', async () => {
    await inject(
      '<ibv-connect-button consumer-id="LND-VICTIM" service-url="https://evil.example"></ibv-connect-button>',
    )
    const button = page.locator('ibv-connect-button')
    await button.getByRole('button').click()
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 10_000 }).toBe('error')
    expect(await button.getByRole('alert').isVisible()).toBe(true)
    expect(await page.locator('dialog').count()).toBe(0)
    expect(await errors()).toEqual([
      expect.stringMatching(
        /^IbvError invalid_request The service URL https:\/\/evil\.example is refused/,
      ),
    ])
    expect(tokenRequests()).toEqual([])
    expect(foreign()).toEqual([])
  })

  it('the same element on the configured service still mints its token and loads the report', async () => {
    const created = await fetch(`${opened.url}ibv-sandbox/sandbox/product_requests`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: 'LND-OWN' }),
    })
    const { product_request_id: id } = (await created.json()) as { product_request_id: string }
    await inject(
      `<ibv-embedded-report product-request-id="${id}" service-url="/ibv-sandbox"></ibv-embedded-report>`,
    )
    await expect
      .poll(() => page.locator('ibv-embedded-report').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('ready')
    expect(tokenRequests()).toHaveLength(1)
    expect(await errors()).toEqual([])
  }, 30_000)
})
