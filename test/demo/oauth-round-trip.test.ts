// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

// A bank that signs in with OAuth, in real Chromium, on the demo as `npm run dev` serves it: the
// loan officer connects an applicant's bank through the sandbox's OAuth bank, once in a popup
// window (the default), once by redirect (the demo's "Use redirect" setting, as a mobile webview
// needs): the whole page goes to the bank's consent page and comes back to the demo with the
// state, across a full page load. Both end in onSuccess, and the applicant's report appears.
let server: ViteDevServer
let base: string
let browser: Browser

beforeAll(async () => {
  server = await createServer({ configFile: 'vite.config.ts', server: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' })
  await server.listen()
  base = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '')
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const BANK = 'Wombat Bank (OAuth)'
const DIALOG_FRAME = 'iframe.ibv-connect-dialog__frame'

/** The officer's page, with `name` chosen. */
async function officer(name: string, viewport = { width: 1280, height: 720 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, reducedMotion: 'reduce' })).newPage()
  await page.goto(base)
  await page.getByRole('button', { name: new RegExp(name) }).click()
  await page.getByRole('heading', { level: 2, name }).waitFor()
  return page
}

/** The applicant's report on screen: the hosted report and its tabs, with the report's id. */
async function reportAppears(page: Page, name: string) {
  await page.getByRole('group', { name: 'Report view' }).waitFor({ timeout: 20_000 })
  expect(await page.locator('.detail .muted code').nth(1).textContent()).toMatch(/^IBV/)
  expect(await page.getByRole('button', { name: new RegExp(name) }).textContent()).not.toContain('Bank not connected')
}

describe('an OAuth bank in the demo, in Chromium', () => {
  it('popup: the bank’s page opens in a window; Allow → onSuccess, and the report appears', async () => {
    const page = await officer('Lena Fischer')
    await page.getByRole('button', { name: 'Connect bank' }).click()
    const widget = page.frameLocator(DIALOG_FRAME)
    const [bank] = await Promise.all([page.context().waitForEvent('page'), widget.getByRole('button', { name: BANK }).click()])
    await widget
      .getByRole('status')
      .filter({ hasText: /in the window that opened/ })
      .waitFor()
    await bank.getByRole('heading', { name: /Allow access to your accounts/ }).waitFor()
    await bank.getByRole('button', { name: 'Allow' }).click()
    // The window closes itself, the widget hands off, the dialog closes (onSuccess).
    await bank.waitForEvent('close')
    await page.locator(DIALOG_FRAME).waitFor({ state: 'detached', timeout: 10_000 })
    expect(page.url()).toBe(`${base}/`)
    await reportAppears(page, 'Lena Fischer')
    await page.context().close()
  }, 60_000)

  it('redirect: the whole page goes to the bank and back; the widget reopens by itself → onSuccess, the address cleaned', async () => {
    // On a phone, where the detail sits below the list: the page comes back to it.
    const page = await officer('Priya Raman', { width: 390, height: 844 })
    await page.getByRole('checkbox', { name: 'Use redirect (as in a mobile webview)' }).check()
    await page.getByRole('button', { name: 'Connect bank' }).click()
    const widget = page.frameLocator(DIALOG_FRAME)
    await widget.getByRole('button', { name: BANK }).click()
    // No window opens in redirect mode: a link sends the whole page to the bank.
    await widget.getByRole('link', { name: `Continue to ${BANK}` }).click()
    await page.waitForURL(/\/oauth\/authorize\?/)
    // The widget reopens with the state by itself, and may be done before a check could see it
    // on screen: its request is the proof.
    const reopened = page.waitForRequest((request) => /\/ibv-sandbox\/connect\?.*oauth_state_id=os_/.test(request.url()), { timeout: 15_000 })
    await page.getByRole('button', { name: 'Allow' }).click()
    // Back on the demo, a new page load: the state in the address, the same applicant chosen.
    await page.waitForURL((url) => url.origin === base && url.searchParams.has('oauth_state_id'))
    await page.getByRole('heading', { level: 2, name: 'Priya Raman' }).waitFor()
    expect(new URL((await reopened).url()).searchParams.get('oauth_state_id')).toMatch(/^os_/)
    await page.locator(DIALOG_FRAME).waitFor({ state: 'detached', timeout: 15_000 })
    const heading = page.getByRole('heading', { level: 2, name: 'Priya Raman' })
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    // onSuccess took the state out of the address: a reload does not replay it.
    await expect.poll(() => new URL(page.url()).searchParams.has('oauth_state_id')).toBe(false)
    await reportAppears(page, 'Priya Raman')
    await page.reload()
    await page.getByRole('heading', { level: 2, name: 'Priya Raman' }).waitFor()
    await reportAppears(page, 'Priya Raman')
    expect(await page.locator(DIALOG_FRAME).count()).toBe(0)
    await page.context().close()
  }, 60_000)

  it('a crafted link with a state, in a tab that never left for a bank, opens nothing and mints no token', async () => {
    const page = await officer('Mateo Rossi')
    const tokens: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/ibv/tokens') tokens.push(request.url())
    })
    await page.goto(`${base}/?oauth_state_id=os_not-a-real-state`)
    // The page has loaded its applicant and rendered its button: a resume would be under way by
    // now (its effect runs with the first render), the button loading or the dialog open.
    const button = page.locator('button.ibv-connect-button')
    await button.waitFor({ timeout: 15_000 })
    expect(await button.getAttribute('data-state')).toBe('idle')
    expect(await page.locator(DIALOG_FRAME).count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(tokens).toEqual([])
    await page.context().close()
  }, 30_000)
})
