// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, preview, type PreviewServer } from 'vite'
import react from '@vitejs/plugin-react'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { packageAliases } from '../../vite.config.ts'
import { ibvSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { createIbvBackend, createIbvClient, headerSecretVerifier } from '../../src/server/index.js'
import { advanceSandboxClock, completeConnect } from '../../src/testing/index.js'

// completeConnect at the sandbox's OAuth bank, in real Chromium, on a lender's page of its own
// (test/testing/oauth-lender: a <ConnectButton> and what it reported), built by Vite and served by
// `vite preview` with the sandbox and a backend mounted. Built rather than served by the dev server:
// each test loads the page anew, and a built page loads for half the CPU of its modules one by one.
let server: PreviewServer
let outDir: string
let base: string
let sandboxHost: string
let browser: Browser
let blocking: Browser

// The sandbox signs its webhooks with this header; the backend takes only those.
const WEBHOOK_SECRET = { 'x-webhook-secret': `test-${crypto.randomUUID()}` }
const backend = (sandbox: Sandbox) =>
  createIbvBackend({
    client: createIbvClient({
      apiKey: sandbox.apiKey,
      serviceUrl: 'http://sandbox.internal/ibv-sandbox',
      fetch: sandbox.fetch,
    }),
    authorize: () => true,
    verifyWebhook: headerSecretVerifier('x-webhook-secret', WEBHOOK_SECRET['x-webhook-secret']),
  })

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ibv-oauth-lender-'))
  const config = () => ({
    configFile: false as const,
    root: fileURLToPath(new URL('./oauth-lender/', import.meta.url)),
    plugins: [react(), ibvSandbox({ sandbox: { webhookHeaders: WEBHOOK_SECRET }, backend })],
    resolve: { alias: packageAliases },
    logLevel: 'silent' as const,
  })
  await build({ ...config(), build: { outDir, emptyOutDir: true } })
  server = await preview({
    ...config(),
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  })
  // The lender's page on localhost; in popup mode it loads the widget from 127.0.0.1, another
  // origin, as a lender's page loads the service's.
  const served = new URL(server.resolvedUrls?.local[0] ?? '')
  sandboxHost = served.host
  base = `http://localhost:${served.port}`
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  // Playwright turns Chromium's popup blocker off; this one keeps it, as a person's browser does.
  blocking = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await blocking?.close()
  await server?.close()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/**
 * The lender's applicant page for a new applicant, with the connect dialog open. Popup mode: the
 * widget from another origin. Redirect mode (`&mode=redirect`): on the page's own origin, as the
 * Vite plugin mounts the sandbox.
 */
async function openWidget(on: Browser = browser, mode = ''): Promise<Page> {
  const page = await (await on.newContext()).newPage()
  const service = mode ? '' : `&service=${sandboxHost}`
  await page.goto(`${base}/?consumer=LND-${crypto.randomUUID().slice(0, 8)}${service}${mode}`)
  await page.getByRole('button', { name: 'Connect bank' }).click()
  return page
}

const events = (page: Page) =>
  page.getByRole('list', { name: 'Events' }).getByRole('listitem').allTextContents()
const widget = (page: Page) => page.frameLocator('iframe.ibv-connect-dialog__frame')

describe('completeConnect at a bank that signs in on its own site (OAuth), popup mode', () => {
  it("allow: the bank's window opens, Allow, the dialog closes and onSuccess ran", async () => {
    const page = await openWidget()
    expect(
      await completeConnect(page, { institution: 'Wombat Bank (OAuth)', oauth: 'allow' }),
    ).toBe('success')
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected: IBV/ })
      .waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect((await events(page)).filter((name) => name.startsWith('OAUTH_'))).toEqual([
      'OAUTH_OPENED',
      'OAUTH_COMPLETED',
    ])
    await page.context().close()
  }, 60_000)

  it('deny, then close: cancelled each time, the widget back at its bank list with a notice; then allow', async () => {
    const page = await openWidget()
    // The bank by default: the first whose name says OAuth.
    expect(await completeConnect(page, { oauth: 'deny' })).toBe('cancelled')
    await widget(page)
      .getByText('You did not allow Wombat Bank (OAuth) to share your data.', { exact: false })
      .waitFor()
    expect(await completeConnect(page, { oauth: 'close' })).toBe('cancelled')
    await widget(page)
      .getByText(/The window with Wombat Bank \(OAuth\).s page was closed before you finished\./)
      .waitFor()
    expect(await page.getByRole('dialog').count()).toBe(1)
    expect(await page.getByRole('status').filter({ hasText: 'Not connected' }).count()).toBe(1)
    expect(await completeConnect(page, { oauth: 'allow' })).toBe('success')
    expect((await events(page)).filter((name) => name.startsWith('OAUTH_'))).toEqual([
      'OAUTH_OPENED',
      'OAUTH_CANCELLED denied',
      'OAUTH_OPENED',
      'OAUTH_CANCELLED closed',
      'OAUTH_OPENED',
      'OAUTH_COMPLETED',
    ])
    await page.context().close()
  }, 60_000)

  it('allow_acquire_fail: connected, then the data pull fails', async () => {
    const page = await openWidget()
    expect(await completeConnect(page, { oauth: 'allow_acquire_fail' })).toBe('success')
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected: IBV/ })
      .waitFor()
    await advanceSandboxClock(`http://${sandboxHost}/ibv-sandbox`, 6)
    await page.getByText('Data pull failed').waitFor({ timeout: 15_000 })
    await page.context().close()
  }, 60_000)

  it('a blocked window (window.open gave null): completeConnect clicks "Open the bank\'s page"', async () => {
    const page = await openWidget(blocking)
    // What each window.open in the page and its frames returned (null: the browser blocked it),
    // said on the console, which Playwright hears from every frame.
    const opens: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('window.open: '))
        opens.push(message.text().slice('window.open: '.length))
    })
    await page.context().addInitScript(() => {
      const open = window.open.bind(window)
      window.open = (...args) => {
        const opened = open(...args)
        console.info(`window.open: ${opened ? 'opened' : 'blocked'}`)
        return opened
      }
    })
    await page.reload()
    await page.getByRole('button', { name: 'Connect bank' }).click()
    // 30 s per step, not the default 10: the popup after the click came later than that once, in
    // a clean run with both cores busy.
    expect(await completeConnect(page, { oauth: 'allow', timeout: 30_000 })).toBe('success')
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected: IBV/ })
      .waitFor()
    expect(opens).toEqual(['blocked', 'opened'])
    await page.context().close()
  }, 60_000)
})

describe('completeConnect at an OAuth bank, redirect mode: the whole page goes to the bank and back', () => {
  it('allow: the bank, then the redirect page, whose reopened widget hands off', async () => {
    const page = await openWidget(browser, '&mode=redirect')
    const start = page.url()
    expect(await completeConnect(page, { oauth: 'allow' })).toBe('success')
    expect(new URL(page.url()).searchParams.get('oauth_state_id')).toMatch(/^os_/)
    expect(page.url().startsWith(`${start}&oauth_state_id=`)).toBe(true)
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected: IBV/ })
      .waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    // This page's load heard the return: the events before the bank were the first load's.
    expect((await events(page)).filter((name) => name.startsWith('OAUTH_'))).toEqual([
      'OAUTH_COMPLETED',
    ])
    await page.context().close()
  }, 60_000)

  it("deny: cancelled, the reopened widget at its bank list; 'close' has no window to close", async () => {
    const page = await openWidget(browser, '&mode=redirect')
    expect(await completeConnect(page, { oauth: 'deny' })).toBe('cancelled')
    await widget(page)
      .getByText('You did not allow Wombat Bank (OAuth) to share your data.', { exact: false })
      .waitFor()
    expect((await events(page)).filter((name) => name.startsWith('OAUTH_'))).toEqual([
      'OAUTH_CANCELLED denied',
    ])
    await expect(completeConnect(page, { oauth: 'close' })).rejects.toThrow(
      /oauth 'close' closes the bank's window, which only the popup mode has/,
    )
    await page.context().close()
  }, 60_000)

  it('a redirect page that does not reopen the widget: an Error that names receivedRedirectUri', async () => {
    const page = await openWidget(browser, '&mode=redirect&forget')
    await expect(completeConnect(page, { oauth: 'allow', timeout: 3000 })).rejects.toThrow(
      /^completeConnect: back at http:\/\/localhost:\d+\/\?consumer=LND-\w+&mode=redirect&forget=&oauth_state_id=os_\S+, but no widget opened with the bank's oauth_state_id\. Does your redirect page give <ConnectButton> receivedRedirectUri\?$/,
    )
    await page.context().close()
  }, 60_000)
})

describe('completeConnect: options that cannot work say so', () => {
  it('TypeErrors for bad options, and an Error when the bank signs in the other way', async () => {
    const page = await openWidget()
    await expect(completeConnect(page, { oauth: 'accept' } as never)).rejects.toThrow(
      new TypeError(
        "completeConnect: oauth must be one of 'allow', 'allow_acquire_fail', 'deny', 'close', not \"accept\".",
      ),
    )
    await expect(
      completeConnect(page, {
        username: 'user_good',
        password: 'pass_good',
        oauth: 'allow',
      } as never),
    ).rejects.toThrow(/a username and password, or oauth, not both\./)
    await expect(completeConnect(page, {} as never)).rejects.toThrow(
      /a username and password, or oauth, not neither\./,
    )
    await expect(
      completeConnect(page, { oauth: 'allow', mfaCode: '123456' } as never),
    ).rejects.toThrow(/unknown option 'mfaCode'/)
    await expect(completeConnect(page, { oauth: 'allow', timeout: -1 })).rejects.toThrow(
      new TypeError('completeConnect: timeout must be a number of milliseconds above 0, not -1.'),
    )
    await expect(
      completeConnect(page, {
        institution: 'Wombat Bank (OAuth)',
        username: 'user_good',
        password: 'pass_good',
      }),
    ).rejects.toThrow(
      "completeConnect: Wombat Bank (OAuth) signs in on its own site (OAuth); pass oauth: 'allow' (or 'allow_acquire_fail', 'deny', 'close') instead of a username and password.",
    )
    await widget(page).getByRole('link', { name: 'Choose another bank' }).click()
    await expect(
      completeConnect(page, { institution: 'Platypus Bank', oauth: 'allow' }),
    ).rejects.toThrow(
      'completeConnect: Platypus Bank signs in with a username and password in the widget; pass username and password instead of oauth.',
    )
    await page.context().close()
  }, 60_000)
})
