// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/index.js'

// The sandbox's OAuth bank in real Chromium, popup mode: a lender's page (another origin) frames
// the widget; choosing the bank opens its consent page in a window, which refuses to be framed.
// Allow connects; Deny and a closed window bring the list back with a notice; a blocked window
// is said, and "Open the bank's page" opens it with a click.
let sandbox: SandboxServer
let host: Server
let hostUrl: string
let browser: Browser
let blocking: Browser

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 })
  // The lender's page: frames whatever `?src=` says and keeps every message from its origin.
  host = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').searchParams
    const src = query.get('src') ?? ''
    const coop = query.get('coop')
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(coop ? { 'cross-origin-opener-policy': coop } : {}),
    })
    response.end(`<!doctype html><title>Lender</title><script>window.messages=[];addEventListener('message',function(e){if(e.origin===${JSON.stringify(new URL(sandbox.url).origin)})messages.push(e.data)})</script>
<iframe src="${src.replace(/"/g, '&quot;')}" style="width:480px;height:640px"></iframe>`)
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  // Playwright turns Chromium's popup blocker off; this one keeps it, as a person's browser does.
  blocking = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  })
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await blocking?.close()
  await new Promise((resolve) => host?.close(resolve))
  await sandbox?.close()
})

/** The lender's page with the widget for a new consumer, at the bank list (`query`: more of the widget's parameters). */
async function lenderPage(on: Browser, query = '', hostQuery = ''): Promise<Page> {
  const minted = await fetch(`${sandbox.url}/api/v1/auth/tokens`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ consumer_id: `LND-${crypto.randomUUID()}` }),
  })
  const { access_token: token } = (await minted.json()) as { access_token: string }
  const widget = `${sandbox.url}/connect?token=${token}&origin=${encodeURIComponent(hostUrl)}${query}`
  const page = await (await on.newContext()).newPage()
  await page.goto(`${hostUrl}/?src=${encodeURIComponent(widget)}${hostQuery}`)
  return page
}

const widget = (page: Page) => page.frameLocator('iframe')
const posted = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          messages: Array<{ type: string; name?: string; metadata?: Record<string, unknown> }>
        }
      ).messages,
  )
const eventNames = async (page: Page) =>
  (await posted(page))
    .filter((message) => message.type === 'ibv:event')
    .map((message) => message.name)

/** Chooses the OAuth bank; resolves with the bank's window once it opened. */
async function chooseOAuthBank(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup')
  await widget(page).getByRole('button', { name: 'Wombat Bank (OAuth)' }).click()
  const bank = await popup
  await bank.getByRole('heading', { name: 'Allow access to your accounts?' }).waitFor()
  return bank
}

describe('an OAuth bank in Chromium, popup mode', { timeout: 30_000 }, () => {
  it('Allow in the bank’s window connects: the window closes and the widget hands off', async () => {
    const page = await lenderPage(browser)
    const bank = await chooseOAuthBank(page)
    await widget(page)
      .getByRole('status')
      .filter({ hasText: 'Finish signing in at Wombat Bank (OAuth) in the window that opened.' })
      .waitFor()
    const closed = bank.waitForEvent('close')
    await bank.getByRole('button', { name: 'Allow' }).click()
    await closed
    await widget(page).getByRole('heading', { name: 'Connected' }).waitFor()
    // The Connected page posts its events as its script runs, which may be after the heading shows.
    await expect
      .poll(() => eventNames(page))
      .toEqual(['OPEN', 'SELECT_INSTITUTION', 'OAUTH_OPENED', 'OAUTH_COMPLETED', 'HANDOFF'])
    expect((await posted(page)).find((message) => message.type === 'ibv:success')).toMatchObject({
      institution: { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' },
    })
    await page.context().close()
  })

  it('Deny, and a window the consumer closes, bring the bank list back with a notice', async () => {
    const page = await lenderPage(browser)
    const denied = await chooseOAuthBank(page)
    await denied.getByRole('button', { name: 'Deny' }).click()
    await widget(page)
      .getByText('You did not allow Wombat Bank (OAuth) to share your data.')
      .waitFor()
    await widget(page).getByRole('heading', { name: 'Choose your bank' }).waitFor()

    const closed = await chooseOAuthBank(page)
    await closed.close()
    await widget(page)
      .getByText('The window with Wombat Bank (OAuth)’s page was closed before you finished.')
      .waitFor()
    const cancelled = (await posted(page))
      .filter((message) => message.name === 'OAUTH_CANCELLED')
      .map((message) => message.metadata?.reason)
    expect(cancelled).toEqual(['denied', 'closed'])
    await page.context().close()
  })

  it('a blocked window is said, and "Open the bank’s page" opens it with a click', async () => {
    const page = await lenderPage(blocking)
    let popups = 0
    page.context().on('page', () => popups++)
    await widget(page).getByRole('button', { name: 'Wombat Bank (OAuth)' }).click()
    await widget(page)
      .getByRole('alert')
      .filter({ hasText: 'Your browser blocked the window with Wombat Bank (OAuth)’s page.' })
      .waitFor()
    expect(popups).toBe(0)
    expect(await eventNames(page)).not.toContain('OAUTH_OPENED')
    const popup = page.waitForEvent('popup')
    await widget(page).getByRole('button', { name: 'Open the bank’s page' }).click()
    const bank = await popup
    await bank.getByRole('button', { name: 'Allow' }).click()
    await widget(page).getByRole('heading', { name: 'Connected' }).waitFor()
    expect(await widget(page).getByRole('alert').count()).toBe(0)
    await expect
      .poll(() => eventNames(page))
      .toEqual(['OPEN', 'SELECT_INSTITUTION', 'OAUTH_OPENED', 'OAUTH_COMPLETED', 'HANDOFF'])
    await page.context().close()
  })

  it('the bank’s window closes with the widget: the lender closed the dialog, or another bank was chosen', async () => {
    const page = await lenderPage(browser)
    const bank = await chooseOAuthBank(page)
    const closed = bank.waitForEvent('close')
    await page.evaluate(() => document.querySelector('iframe')?.remove())
    await closed
    expect(bank.isClosed()).toBe(true)

    const other = await lenderPage(browser)
    const second = await chooseOAuthBank(other)
    const gone = second.waitForEvent('close')
    await widget(other).getByRole('link', { name: 'Choose another bank' }).click()
    await gone
    await widget(other).getByRole('heading', { name: 'Choose your bank' }).waitFor()
    await page.context().close()
    await other.context().close()
  })

  it('the bank’s consent page refuses to be framed', async () => {
    const page = await lenderPage(browser)
    const bank = await chooseOAuthBank(page)
    const consentUrl = bank.url()
    const refused = page.waitForEvent('console', (message) =>
      /frame-ancestors/.test(message.text()),
    )
    await page.goto(`${hostUrl}/?src=${encodeURIComponent(consentUrl)}`)
    expect((await refused).text()).toContain("frame-ancestors 'none'")
    expect(await page.frameLocator('iframe').getByRole('button', { name: 'Allow' }).count()).toBe(0)
    await page.context().close()
  })

  it.each([360, 1280])(
    'axe finds nothing on the bank’s consent page at %i px, light and dark',
    async (width) => {
      const page = await lenderPage(browser)
      const bank = await chooseOAuthBank(page)
      // The page allows no inline script: axe goes in through a context that bypasses its CSP.
      const context = await browser.newContext({
        bypassCSP: true,
        viewport: { width, height: 800 },
      })
      const checked = await context.newPage()
      const axeSource = readFileSync(
        createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
        'utf8',
      )
      for (const colorScheme of ['light', 'dark'] as const) {
        await checked.emulateMedia({ colorScheme })
        await checked.goto(bank.url())
        await checked.addScriptTag({ content: axeSource })
        const violations = await checked.evaluate(async () =>
          (
            await (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run()
          ).violations.map((violation) => violation.id),
        )
        expect(violations, colorScheme).toEqual([])
      }
      await context.close()
      await page.context().close()
    },
  )

  it('redirect mode across origins: the bank sends the whole page back to the lender’s redirect_uri', async () => {
    const page = await lenderPage(
      browser,
      `&redirect_uri=${encodeURIComponent(`${hostUrl}/back?applicant=42`)}`,
    )
    await widget(page).getByRole('button', { name: 'Wombat Bank (OAuth)' }).click()
    await widget(page).getByRole('link', { name: 'Continue to Wombat Bank (OAuth)' }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL((url) => url.origin === hostUrl && url.pathname === '/back')
    const back = new URL(page.url())
    expect(back.searchParams.get('applicant')).toBe('42')
    expect(back.searchParams.get('oauth_state_id')).toMatch(/^os_/)
    await page.context().close()
  })

  it('a lender page with COOP same-origin: the widget cannot see the bank’s window, and still goes on after Allow', async () => {
    const page = await lenderPage(browser, '', '&coop=same-origin')
    const opened = page.context().waitForEvent('page')
    await widget(page).getByRole('button', { name: 'Wombat Bank (OAuth)' }).click()
    const bank = await opened
    await bank.getByRole('button', { name: 'Allow' }).click()
    await widget(page).getByRole('heading', { name: 'Connected' }).waitFor()
    await expect.poll(() => eventNames(page)).toContain('OAUTH_COMPLETED')
    await page.context().close()
  })
})
