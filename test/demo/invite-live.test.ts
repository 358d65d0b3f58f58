// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { servedDemo } from './served-demo.js'

// The invite round trip as the officer sees it, in the demo as `npm run dev` serves it: the officer's
// page stays open (one context) while the borrower connects a bank from the invite link on their
// own device (a second context, sharing nothing); the officer's page takes the new product request
// from the live stream, with no reload: the badge, then the report.
const demo = servedDemo({ browser: true })

describe('an invite used while the officer looks', () => {
  it("the officer's open page shows the borrower's bank within 10 s, with no reload", async () => {
    const officer = await (
      await demo.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage()
    await officer.goto(demo.base)
    await officer.getByRole('button', { name: /Priya Raman/ }).click()
    await officer.getByRole('button', { name: 'Invite Priya to connect a bank' }).click()
    // Compared, never printed: the link is the borrower's credential.
    const link = (await officer.locator('.ibv-invite code').textContent()) ?? ''
    expect(link.includes('/borrower?ibv_invite=')).toBe(true)
    // Its state comes from the backend (GET /invites), which a reload reads again.
    await expect
      .poll(() => officer.locator('[data-invite-state]').getAttribute('data-invite-state'), {
        timeout: 5_000,
      })
      .toBe('sent')
    const row = officer.getByRole('button', { name: /Priya Raman/ })
    expect(await row.textContent()).toContain('Bank not connected')
    await officer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    const borrower = await (
      await demo.browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage()
    await borrower.goto(link)
    await borrower.getByRole('button', { name: 'Connect your bank' }).click()
    const widget = borrower.frameLocator('iframe.ibv-connect-dialog__frame')
    await widget.getByRole('button', { name: 'Platypus Bank' }).click()
    await widget.getByLabel('Username').fill('user_good')
    await widget.getByLabel('Password').fill('pass_good')
    await widget.getByRole('button', { name: 'Continue' }).click()
    await borrower
      .getByRole('status')
      .filter({ hasText: 'Your bank is connected' })
      .waitFor({ timeout: 15_000 })
    const connected = Date.now()

    // The badge first (in the list and the detail), then the report, all within 10 s of the borrower's "connected".
    await expect
      .poll(() => row.textContent(), { timeout: 10_000, interval: 250 })
      .not.toContain('Bank not connected')
    await officer
      .locator('.detail iframe, .detail .ibv-report')
      .first()
      .waitFor({ timeout: Math.max(1, 10_000 - (Date.now() - connected)) })
    expect(Date.now() - connected).toBeLessThan(10_000)
    expect(
      await officer
        .locator('.detail')
        .getByText(/Report IBV/)
        .count(),
    ).toBe(1)
    expect(await officer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    )
    await expect
      .poll(() => officer.locator('[data-invite-state]').getAttribute('data-invite-state'), {
        timeout: 5_000,
      })
      .toBe('connected')
  }, 60_000)
})
