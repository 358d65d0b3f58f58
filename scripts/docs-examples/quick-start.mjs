// The README quick start, driven in Chromium as the README tells the reader to: the page shows
// Connect bank; Connect bank and the sandbox widget completed with user_good / pass_good; the
// status badge shows; the embedded report reaches its `ready` state. Then the theme's colours
// on that page, which the production build must show as the dev server does.
import { WAIT, step as report } from './report.mjs'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

/** The themed parts of the quick start's page, and the properties read of each. */
/** @type {Record<string, string[]>} */
const THEMED = {
  '.ibv-connect-button': ['color', 'background-color', 'border-top-color'],
  '.ibv-badge': ['color', 'border-top-color'],
  '.ibv-embedded-report__frame': ['background-color', 'border-top-color'],
}

/**
 * @param {Awaited<ReturnType<typeof import('./browser-pages.mjs').openBrowser>>} browser
 * @param {string} base the app's address
 * @param {DocBlock[]} quickStart
 * @param {string} [server] which server `base` is, for the step lines
 * @returns {Promise<Record<string, Record<string, string>>>} the computed colours of the themed parts: selector → property → value
 */
export async function driveQuickStart(browser, base, quickStart, server = 'vite') {
  const at = quickStart.map((block) => block.id).join(' and ')
  const step = (/** @type {string} */ label, /** @type {() => Promise<unknown>} */ action) =>
    report(server === 'vite' ? label : `${label} (${server})`, action)
  const { page, expectTo, close } = await browser.openPage(quickStart)
  await step('quick start: the page shows Connect bank', async () => {
    await expectTo(`${at}: the quick start page did not load`, page.goto(base))
    await expectTo(
      `${at}: no "Connect bank" button`,
      page.getByRole('button', { name: 'Connect bank' }).waitFor({ timeout: WAIT }),
    )
  })
  await step('quick start: Connect bank, widget completed with user_good / pass_good', async () => {
    await page.getByRole('button', { name: 'Connect bank' }).click()
    return browser.connect(page, expectTo, at)
  })
  await step('quick start: the status badge shows', async () => {
    const badge = page.locator('.ibv-badge').first()
    await expectTo(
      `${at}: no status badge after connecting (the onSuccess callback should keep the product request id)`,
      badge.waitFor({ timeout: WAIT }),
    )
    return `"${(await badge.locator('.ibv-badge__label').textContent())?.trim()}"`
  })
  await step('quick start: the embedded report loads (ready)', async () => {
    await expectTo(
      `${at}: the embedded report did not reach its ready state`,
      page.waitForFunction(
        () =>
          document.querySelector('.ibv-embedded-report')?.getAttribute('data-state') === 'ready',
        undefined,
        { timeout: WAIT * 2 },
      ),
    )
    const state = await browser.ibvState(page, 'embedded-report')
    const label = (await page.locator('.ibv-badge__label').first().textContent())?.trim()
    const report = (
      await page
        .frameLocator('.ibv-embedded-report iframe')
        .locator('h1, h2')
        .first()
        .textContent({ timeout: WAIT })
    )?.trim()
    return `data-state="${state}", badge "${label}", the report's heading "${report}"`
  })
  const colours = await page.evaluate((themed) => {
    /** @type {Record<string, Record<string, string>>} */
    const read = {}
    for (const [selector, properties] of Object.entries(themed)) {
      const element = document.querySelector(selector)
      if (element)
        read[selector] = Object.fromEntries(
          properties.map((property) => [
            property,
            getComputedStyle(element).getPropertyValue(property),
          ]),
        )
    }
    return read
  }, THEMED)
  await close()
  return colours
}
