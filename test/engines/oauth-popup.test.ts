// An officer connects an applicant's bank that signs in on its own site (OAuth), in a popup
// window: first the applicant denies at the bank (back at the widget's list of banks, nothing
// connected), then allows (the window closes itself, the dialog closes, the report completes).
import { expect } from 'vitest'
import { poll, type Tab } from './driver.ts'
import { engineFlow } from './flow.ts'
import { DIALOG_FRAME, dialogClosed, openApplicant, openConnect, widgetOf } from './widget.ts'

const BANK = 'Wombat Bank (OAuth)'

/**
 * In the widget: chooses the OAuth bank, decides at the bank's window, and waits until that window
 * has closed itself. The widget's page opens the window as it loads, with no click of its own: the
 * popup blockers (on in every engine here, as people have them) may stop that, and the person then
 * uses the widget's "Open the bank's page", whose click opens it.
 */
async function atTheBank(tab: Tab, decision: 'Allow' | 'Deny') {
  const widget = await widgetOf(tab)
  const opening = tab.nextPopup()
  await widget.click({ selector: 'form button[name="institution"]', text: BANK })
  const shown = await widget.waitFor('the bank’s window, or the notice that it was blocked', () =>
    document.querySelector('[data-ibv-oauth-waiting]:not([hidden])')
      ? 'opened'
      : document.querySelector('[data-ibv-oauth-blocked]:not([hidden])')
        ? 'blocked'
        : null,
  )
  if (shown === 'blocked') {
    expect(await widget.text('[data-ibv-oauth-blocked]')).toMatch(/Your browser blocked the window/)
    await widget.click({ selector: 'button', text: 'Open the bank’s page' })
  }
  const bank = await opening
  await bank.waitFor('the bank’s consent page', () =>
    document.querySelector('h1')?.textContent?.includes('Allow access'),
  )
  expect(await widget.text('[data-ibv-oauth-waiting]')).toMatch(/in the window that opened/)
  await bank.click({ selector: 'button', text: decision })
  await poll('the bank’s window to close itself', async () => !(await bank.isOpen()))
}

engineFlow('an OAuth bank in a popup window', async ({ tab, app }) => {
  await openApplicant(tab, app.url, 'Priya Raman')
  await openConnect(tab)

  await atTheBank(tab, 'Deny')
  const widget = await widgetOf(tab)
  expect(await widget.text('.notice')).toMatch(/did not allow Wombat Bank/)
  expect(await widget.has({ selector: 'form button[name="institution"]', text: BANK })).toBe(true)
  expect(await tab.has(DIALOG_FRAME)).toBe(true)
  expect(await tab.text({ selector: '.applicant', text: 'Priya Raman' })).toMatch(
    /Bank not connected/,
  )

  await atTheBank(tab, 'Allow')
  await dialogClosed(tab)
  await tab.waitFor('the report to be complete', () =>
    document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'),
  )
  expect(await tab.text({ selector: '.applicant', text: 'Priya Raman' })).toMatch(/Complete/)
  expect(new URL(await tab.url()).search).toBe('')
})
