// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { completeConnect } from '../../src/testing/index.js'

// The invite round trip in real Chromium, on the demo as `npm run dev` serves it: the loan officer
// creates an invite for an applicant with no bank (<InviteBorrowerButton>) and "sends" it; the
// borrower opens the link in a browser of their own (a fresh context: no cookie, no storage) and
// connects through the sandbox widget; the same link then refuses a second use, and a tampered
// link is refused, each with a message the borrower can read.
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

const REFUSED = 'This link cannot be used: it has expired, was already used, or is incomplete. Ask your lender for a new one.'

/** The borrower, in a browser that has never seen the lender's app. */
async function borrower(link: string): Promise<Page> {
  const context = await browser.newContext()
  expect(await context.cookies()).toEqual([])
  const page = await context.newPage()
  await page.goto(link)
  return page
}

describe('invite the borrower, in Chromium', () => {
  it('staff invite → the borrower connects through the link once; a second use and a tampered link are refused', async () => {
    const staff = await browser.newPage()
    await staff.goto(base)
    await staff.getByRole('button', { name: /Priya Raman/ }).click()
    await staff.getByRole('heading', { level: 2, name: 'Priya Raman' }).waitFor()
    await staff.getByRole('button', { name: 'Invite Priya to connect a bank' }).click()
    // The link to copy, when it stops working, and the lender's own Send.
    const shown = await staff.locator('.ibv-invite code').textContent({ timeout: 10_000 })
    expect(shown).toMatch(new RegExp(`^${base}/borrower\\?ibv_invite=`))
    await expect.poll(() => staff.getByText(/^Expires [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(1)
    await staff.getByRole('button', { name: 'Send to Priya' }).click()
    const link = await staff.getByRole('link', { name: 'Open it as Priya would' }).getAttribute('href')
    expect(link).toBe(shown)

    const first = await borrower(link!)
    await first.getByRole('heading', { level: 1 }).waitFor()
    expect(await first.getByRole('heading', { level: 1 }).textContent()).toMatch(/Northwind Lending/)
    const reported = first.waitForResponse((response) => response.url().endsWith('/api/ibv/invites/complete'))
    await first.getByRole('button', { name: 'Connect your bank' }).click()
    expect(await completeConnect(first, { username: 'user_good', password: 'pass_good' })).toBe('success')
    await first.getByText('Your bank is connected.', { exact: false }).waitFor()
    // Used at once; attributed to Priya when the service names her (at once if the report is
    // ready, else through the webhook that says it was generated).
    const completion = await reported
    expect([200, 202]).toContain(completion.status())
    expect(await completion.json()).toMatchObject({ used: true, confirmed: completion.status() === 200 })

    const second = await borrower(link!)
    await second.getByRole('button', { name: 'Connect your bank' }).click()
    await second.getByRole('alert').filter({ hasText: REFUSED }).waitFor()
    expect(await second.locator('dialog iframe').count()).toBe(0)

    const url = new URL(link!)
    const invite = url.searchParams.get('ibv_invite')!
    url.searchParams.set('ibv_invite', `${invite.slice(0, 12)}${invite[12] === 'A' ? 'B' : 'A'}${invite.slice(13)}`)
    const tampered = await borrower(url.href)
    await tampered.getByRole('button', { name: 'Connect your bank' }).click()
    await tampered.getByRole('alert').filter({ hasText: REFUSED }).waitFor()

    // The connection reached the lender: once the report is generated (the webhook names Priya as
    // its owner), the officer's list shows Priya's bank on a reload.
    const priya = async () => {
      await staff.reload()
      return staff.getByRole('button', { name: /Priya Raman/ }).textContent()
    }
    await expect.poll(priya, { timeout: 20_000, interval: 1000 }).not.toContain('Bank not connected')
    for (const page of [staff, first, second, tampered]) await page.context().close()
  }, 60_000)

  it('a borrower page opened without an invite says what is missing', async () => {
    const page = await borrower(`${base}/borrower`)
    await page.getByText('This page opens from the link your lender sent you.', { exact: false }).waitFor()
    expect(await page.getByRole('button', { name: 'Connect your bank' }).count()).toBe(0)
    await page.context().close()
  }, 30_000)
})
