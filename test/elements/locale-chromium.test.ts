// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import { REPORT_STATUSES } from '../../src/core/index.js'
import { fill } from '../../src/core/messages.js'
import { es } from '../../src/locales/es.js'
import { englishIn } from '../browser/english-left.js'
import { openElementsPage, type OpenElementsPage } from './page/server.ts'

// The elements in Spanish on a plain page with no React (`configureIbv({ locale: es })`): every
// text from the pack, none left in English, `lang` on each element, and the hosted pages asked
// for Spanish.
let opened: OpenElementsPage
let url: string
let page: Page

beforeAll(async () => {
  opened = await openElementsPage({ query: '?locale=es' })
  ;({ url, page } = opened)
}, 60_000)

afterAll(() => opened?.close())

const mount = (html: string) =>
  page.evaluate((markup) => void (document.getElementById('root')!.innerHTML = markup), html)
const rendered = () => page.locator('#root').evaluate((root) => (root as HTMLElement).innerText)
const langs = (selector: string) =>
  page.locator(selector).evaluateAll((hosts) => hosts.map((host) => host.getAttribute('lang')))
const { messages } = es

describe('ibv-kit/elements in Spanish, with no React on the page', () => {
  it('badges: every state and an unknown one, both voices', async () => {
    const statuses = [...REPORT_STATUSES, 'under_review']
    await mount(
      statuses
        .flatMap((status) => [
          `<ibv-report-status-badge status="${status}" show-description></ibv-report-status-badge>`,
          `<ibv-report-status-badge status="${status}" audience="borrower" show-description></ibv-report-status-badge>`,
        ])
        .join(' '),
    )
    const shown = await page
      .locator('.ibv-badge')
      .evaluateAll((badges) =>
        badges.map((badge) => [
          badge.querySelector('.ibv-badge__label')?.textContent,
          badge.querySelector('.ibv-badge__description')?.textContent,
        ]),
      )
    const unknown = fill(messages.unknownStatusDescription, { status: 'under_review' })
    expect(shown).toEqual([
      ...REPORT_STATUSES.flatMap((status) => [
        [messages.statusLabels[status], messages.statusDescriptions[status]],
        [messages.statusLabels[status], messages.statusDescriptionsBorrower[status]],
      ]),
      [messages.unknownStatus, unknown],
      [messages.unknownStatus, unknown],
    ])
    expect(new Set(await langs('ibv-report-status-badge'))).toEqual(new Set(['es']))
    expect(englishIn(await rendered(), es, ['under_review'])).toEqual([])
  })

  it('reconnect prompts: every reason, both voices', async () => {
    const link = `${url}connect?link=lnk_ABC`
    await mount(
      ['reconnect_required', 'invalid_connection', 'data_pull_failed', 'refresh_not_ready']
        .flatMap((reason) => [
          `<ibv-reconnect-prompt reason="${reason}" connection-link="${link}" consumer-name="Ada"></ibv-reconnect-prompt>`,
          `<ibv-reconnect-prompt reason="${reason}" connection-link="${link}" audience="borrower"></ibv-reconnect-prompt>`,
        ])
        .join(''),
    )
    expect(await page.locator('.ibv-reconnect__title').first().textContent()).toBe(
      fill(messages.reconnectTitleStaff.reconnect_required, {
        consumer: 'Ada',
        institution: messages.theirBank,
      }),
    )
    expect(new Set(await langs('ibv-reconnect-prompt'))).toEqual(new Set(['es']))
    expect(englishIn(await rendered(), es, ['Ada'])).toEqual([])
  })

  it('connect button and its dialog; the widget is asked for Spanish', async () => {
    await mount(
      '<ibv-connect-button consumer-id="EL-ES-1"></ibv-connect-button> <ibv-connect-button></ibv-connect-button>',
    )
    expect(await page.locator('ibv-connect-button button').first().textContent()).toBe(
      messages.connectBank,
    )
    // The one without an applicant says so, in Spanish.
    await expect
      .poll(() => page.locator('ibv-connect-button').nth(1).locator('[role=alert]').textContent())
      .toBe(messages.connectNoApplicant)
    expect(englishIn(await rendered(), es)).toEqual([])
    await page.locator('ibv-connect-button button').first().click()
    const dialog = page.getByRole('dialog', { name: messages.connectTitle })
    await dialog.waitFor()
    const src = await dialog.locator('iframe').getAttribute('src')
    expect(new URL(src!, url).searchParams.get('locale')).toBe('es')
    expect(await dialog.getByRole('button', { name: messages.close }).isVisible()).toBe(true)
    expect(
      englishIn(await dialog.evaluate((element) => (element as HTMLElement).innerText), es),
    ).toEqual([])
    expect(await langs('ibv-connect-button')).toEqual(['es', 'es'])
    await dialog.getByRole('button', { name: messages.close }).click()
  })

  it('embedded report: loading, then the error and its "try again"', async () => {
    // No service at that path (the page's own origin, so allowed): the frame never says it is ready.
    await mount(
      '<ibv-embedded-report product-request-id="PR-ES-NONE" service-url="/no-service-here" ready-timeout-ms="500"></ibv-embedded-report>',
    )
    const report = page.locator('ibv-embedded-report')
    await expect
      .poll(() => report.locator('[role=status], [role=alert]').first().textContent())
      .toMatch(new RegExp(`^(${messages.reportLoading}|${messages.reportError})`))
    await expect
      .poll(() => report.locator('[role=alert] p').textContent(), { timeout: 10_000 })
      .toBe(messages.reportError)
    expect(await report.getByRole('button', { name: messages.tryAgain }).isVisible()).toBe(true)
    expect(await langs('ibv-embedded-report')).toEqual(['es'])
    expect(englishIn(await rendered(), es)).toEqual([])
  })
})
