// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { type Page } from 'playwright'
import { primaryActions, servedDemo } from './served-demo.js'

// The demo on a 390 px phone, as `npm run dev` serves it (the sandbox and the demo backend on one
// Vite server): choosing an applicant brings the detail into view and moves focus to its heading
// (the detail sits below the list and the sandbox controls there); the page has one `main`; each
// detail shows one primary action, the next step for that applicant.
const demo = servedDemo({ browser: true })

async function phone(height = 844): Promise<Page> {
  // Reduced motion: the detail scrolls into view at once rather than smoothly, so the checks do not
  // race an animation that a busy machine can stretch or a layout change can cut short.
  const page = await demo.browser.newPage({
    viewport: { width: 390, height },
    reducedMotion: 'reduce',
  })
  await page.goto(demo.base)
  await page.getByRole('button', { name: /Priya Raman/ }).waitFor()
  return page
}

/**
 * Whether the heading is in view with the detail below it: in the top third of the viewport, even
 * for a short detail (at least a screen tall in one column), so it stays there as the detail grows.
 */
const inViewport = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name }).evaluate((heading) => {
    const box = heading.getBoundingClientRect()
    return box.top >= 0 && box.top <= window.innerHeight / 3
  })

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null)

describe('the demo at 390 px', () => {
  it('has one main landmark, and leaves focus alone on first load', async () => {
    const page = await phone()
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Ada Okafor' }).count())
      .toBe(1)
    expect(await page.getByRole('main').count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.close()
  }, 30_000)

  // 1000 px: before it moves, the heading sits near the bottom edge, in view but with nothing of the
  // detail below it, so it must still be brought up.
  it.each([844, 1000])(
    'choosing an applicant brings the detail into view and focuses its heading (390×%i)',
    async (height) => {
      const page = await phone(height)
      for (const name of ['Priya Raman', 'Mateo Rossi', 'Ada Okafor']) {
        // Back to the list, as a phone user would scroll up to it.
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.getByRole('button', { name: new RegExp(name) }).click()
        await expect.poll(() => focusedText(page), { timeout: 5_000 }).toBe(name)
        await expect.poll(() => inViewport(page, name), { timeout: 10_000 }).toBe(true)
      }
      // Choosing the applicant already shown brings its detail back too.
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.getByRole('button', { name: /Ada Okafor/ }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => focusedText(page), { timeout: 5_000 }).toBe('Ada Okafor')
      await expect.poll(() => inViewport(page, 'Ada Okafor'), { timeout: 10_000 }).toBe(true)
      await page.close()
    },
    30_000,
  )

  it('at a desktop width, where the detail is beside the list: choosing an applicant does not scroll, and the actions keep their row', async () => {
    const page = await demo.browser.newPage({
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    })
    await page.goto(demo.base)
    for (const name of ['Priya Raman', 'Ada Okafor']) {
      await page.getByRole('button', { name: new RegExp(name) }).click()
      await expect.poll(() => focusedText(page), { timeout: 5_000 }).toBe(name)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }

    // The buttons side by side, and what they say under them, never between them: a connect error
    // (here the backend refusing the token) wraps under both buttons, and Refresh keeps its place.
    const box = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect)
    await page.route('**/api/ibv/tokens', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"message":"Refused","code":"invalid_request"}',
      }),
    )
    await page.getByRole('button', { name: 'Connect another bank' }).click()
    await page.locator('.detail .ibv-connect-error').waitFor()
    const [connect, refresh, error] = [
      await box('.detail .ibv-connect-button'),
      await box('.detail .ibv-refresh > .ibv-button'),
      await box('.detail .ibv-connect-error'),
    ]
    expect(refresh.top).toBe(connect.top)
    expect(error.top).toBeGreaterThanOrEqual(Math.max(connect.bottom, refresh.bottom))
    await page.unroute('**/api/ibv/tokens')

    // Mateo waits to reconnect: the reconnect box beside Connect, as wide as the rest of the row
    // allows (it was squeezed into a column as narrow as the Refresh button's text).
    await page.getByRole('button', { name: /Mateo Rossi/ }).click()
    await page.locator('.detail .ibv-reconnect').waitFor()
    const [actions, reconnect, connectMateo] = [
      await box('.detail .actions'),
      await box('.detail .ibv-reconnect'),
      await box('.detail .ibv-connect-button'),
    ]
    expect(reconnect.left).toBeGreaterThan(connectMateo.right)
    expect(reconnect.width).toBeGreaterThan((actions.right - connectMateo.right) * 0.8)
    await page.close()
  }, 30_000)

  it('shows one primary action per detail: the next step for that applicant', async () => {
    const page = await phone()
    const expected = [
      ['Priya Raman', 'Connect bank'], // no bank connected
      ['Mateo Rossi', 'Send to Mateo'], // waits for Mateo to reconnect
      ['Ada Okafor', 'Refresh report'], // a complete report
    ] as const
    for (const [name, action] of expected) {
      await page.getByRole('button', { name: new RegExp(name) }).click()
      await page.getByRole('heading', { level: 2, name }).waitFor()
      await expect.poll(() => primaryActions(page), { timeout: 10_000 }).toEqual([action])
    }
    await page.close()
  }, 30_000)
})
