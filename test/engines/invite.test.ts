// The invite round trip: the officer invites Priya (no bank yet) and "sends" the link; Priya opens
// it on her phone, in a browser that has never seen the lender's app, and connects her bank; the
// same link then refuses a second use, and a tampered one any use, with a message she can read;
// the officer's list then shows Priya's bank. A borrower page opened without a link says so.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, signIn, widgetOf } from './widget.ts'

const REFUSED =
  'This link cannot be used: it has expired, was already used, or is incomplete. Ask your lender for a new one.'

engineFlow('the invite round trip', async ({ tab, app, newTab, screenshot }) => {
  await openApplicant(tab, app.url, 'Priya Raman')
  await tab.click({ selector: 'button', text: 'Invite Priya to connect a bank' })
  const link = await tab.text('.ibv-invite code')
  // Compared, never printed: the link is the borrower's credential.
  expect(link.startsWith(`${app.url}/borrower?ibv_invite=`)).toBe(true)
  // When it stops working, as a date, said once.
  const expiries = await tab.waitFor(
    'the expiry',
    () =>
      [...document.querySelectorAll('.ibv-invite *')].filter((element) =>
        /^Expires [A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(element.textContent?.trim() ?? ''),
      ).length,
  )
  expect(expiries).toBe(1)
  await tab.click({ selector: '.ibv-invite button', text: 'Send to Priya' })
  expect(
    (await tab.evaluate(
      () => document.querySelector<HTMLAnchorElement>('a[href*="ibv_invite="]')?.href,
    )) === link,
  ).toBe(true)

  const phone = await newTab({ width: 390, height: 844 })
  await phone.goto(link)
  expect(await phone.text('h1')).toMatch(/Northwind Lending/)
  await phone.click({ selector: 'button', text: 'Connect your bank' })
  const widget = await widgetOf(phone)
  await widget.waitFor(
    'the bank list',
    () => !!document.querySelector('form button[name="institution"]'),
  )
  await phone.waitFor(
    "the dialog at the widget's height",
    () => !!document.querySelector<HTMLElement>('iframe.ibv-connect-dialog__frame')?.style.height,
  )
  await screenshot(phone, 'borrower-dialog-390')
  await choosePasswordBank(widget)
  await signIn(widget, 'user_good', 'pass_good')
  await dialogClosed(phone)
  await phone.waitFor('the thank-you', () =>
    document.querySelector('[role="status"]')?.textContent?.includes('Your bank is connected'),
  )

  // The same link again, as if opened a second time.
  await phone.goto(link)
  await phone.click({ selector: 'button', text: 'Connect your bank' })
  await phone.waitFor(
    'the refusal',
    (text: string) =>
      Array.from(document.querySelectorAll('[role="alert"]')).some((alert) =>
        alert.textContent?.includes(text),
      ),
    [REFUSED],
  )
  expect(await phone.has('dialog iframe')).toBe(false)

  // A tampered link (one character of its signed part changed), on a device that never saw the link.
  const url = new URL(link)
  const invite = url.searchParams.get('ibv_invite') ?? ''
  url.searchParams.set(
    'ibv_invite',
    `${invite.slice(0, 12)}${invite[12] === 'A' ? 'B' : 'A'}${invite.slice(13)}`,
  )
  const other = await newTab({ width: 390, height: 844 })
  await other.goto(url.href)
  await other.click({ selector: 'button', text: 'Connect your bank' })
  await other.waitFor(
    'the refusal',
    (text: string) =>
      Array.from(document.querySelectorAll('[role="alert"]')).some((alert) =>
        alert.textContent?.includes(text),
      ),
    [REFUSED],
  )

  // No link at all.
  await other.goto(`${app.url}/borrower`)
  await other.waitFor('what is missing', () =>
    document.body.textContent?.includes('This page opens from the link your lender sent you.'),
  )
  expect(await other.has({ selector: 'button', text: 'Connect your bank' })).toBe(false)

  // The connection reached the lender: once the report is generated (the webhook names Priya as its
  // owner), the officer's list shows her bank on a reload.
  let row = ''
  for (
    const deadline = Date.now() + 30_000;
    Date.now() < deadline;
    await new Promise((wait) => setTimeout(wait, 2000))
  ) {
    await tab.goto(app.url)
    row = await tab.text({ selector: 'button.applicant', text: 'Priya Raman' })
    if (!row.includes('Bank not connected')) break
  }
  expect(row).not.toContain('Bank not connected')
})
