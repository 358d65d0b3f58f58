// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { type Page } from 'playwright'
import { primaryActions, servedDemo } from './served-demo.js'

// What the loan officer reads in the demo, at a desktop width, as `npm run dev` serves it: while
// a refresh runs the badge asks nothing of the applicant; a refresh refused within 24 hours says
// the days and what "verification service time" is, and Refresh no longer looks like the next
// step; the sandbox controls speak in words, with the sandbox's code beside them for developers.
const demo = servedDemo({ browser: true })

async function ada(): Promise<Page> {
  const page = await demo.browser.newPage({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  })
  await page.goto(demo.base)
  await page.getByRole('button', { name: /Ada Okafor/ }).click()
  await page.getByRole('heading', { level: 2, name: 'Ada Okafor' }).waitFor()
  return page
}

const badgeText = (page: Page) => page.locator('.detail__header .ibv-badge').textContent()

/** In the page: every text the detail's badge shows from now on, in `window.badgeTexts` (a state may last a second). */
function watchBadge() {
  const seen: string[] = []
  ;(window as unknown as { badgeTexts: string[] }).badgeTexts = seen
  const note = () => {
    const text = document.querySelector('.detail__header .ibv-badge')?.textContent ?? ''
    if (text && seen.at(-1) !== text) seen.push(text)
  }
  new MutationObserver(note).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
}

describe('the demo’s words for the loan officer', () => {
  it('a refresh: the running request asks nothing of the applicant; refused, the days, the clock explained, Refresh no longer primary', async () => {
    const page = await ada()
    await expect.poll(() => badgeText(page), { timeout: 15_000 }).toContain('Complete')
    await page.evaluate(watchBadge)
    await page.getByRole('button', { name: 'Refresh report' }).click()
    await expect
      .poll(() => badgeText(page), { timeout: 30_000 })
      .toMatch(/^Generating report|^Complete/)
    await expect.poll(() => badgeText(page), { timeout: 30_000 }).toContain('Complete')
    // The refresh's request starts as `initiated`: the bank data on its way, no one waited for. (It
    // lasts three seconds: a busy machine's page may first see the next state.)
    const seen = await page.evaluate(
      () => (window as unknown as { badgeTexts: string[] }).badgeTexts,
    )
    for (const text of seen.filter((shown) => shown.startsWith('Started')))
      expect(text).toBe('StartedThe bank data is being pulled.')
    expect(seen.join(' ')).not.toMatch(/waiting|applicant/i)

    await page.getByRole('button', { name: 'Refresh report' }).click()
    const refusal = page.locator('.detail .ibv-refresh__message')
    await refusal.waitFor({ timeout: 10_000 })
    expect(await refusal.textContent()).toMatch(
      /^Reports can be refreshed once every 24 hours\. The last report dates from [A-Z][a-z]+day, .+, so the next refresh is possible from [A-Z][a-z]+day, .+ \(verification service time\)\.$/,
    )
    expect(await page.locator('.detail .ibv-refresh__hint').textContent()).toBe(
      'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
    )
    // Nothing to do until then: no action is drawn as the next step; Refresh stays, outlined.
    await expect.poll(() => primaryActions(page), { timeout: 5_000 }).toEqual([])
    expect(await page.getByRole('button', { name: 'Refresh report' }).isEnabled()).toBe(true)
    await page.close()
  }, 90_000)

  it('the sandbox controls: outcomes in words, the sandbox’s code beside the choice', async () => {
    const page = await ada()
    const select = page.getByLabel('Next refresh of Ada Okafor')
    const options = await select
      .locator('option')
      .evaluateAll((all) =>
        all.map((option) => [(option as HTMLOptionElement).value, option.textContent]),
      )
    expect(options).toEqual([
      ['submitted', 'Works (a new report)'],
      ['invalid_connection', 'Connection no longer valid'],
      ['data_pull_failed', 'Bank data cannot be pulled'],
      ['refresh_failed', 'Refresh cannot be started'],
    ])
    await select.selectOption('invalid_connection')
    await page.getByRole('button', { name: 'Set outcome' }).click()
    await expect
      .poll(() => page.locator('.controls [role="status"]').textContent(), { timeout: 5_000 })
      .toBe(
        'The next refresh of Ada Okafor: “Connection no longer valid” (sandbox outcome invalid_connection).',
      )
    await page.close()
  }, 30_000)
})
