// A wrong password: the widget says so, the officer closes the dialog (focus back on the button
// that opened it), and the applicant's request waits for a reconnect, with the prompt to send it.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, openConnect, signIn } from './widget.ts'

engineFlow('connect with a wrong password', async ({ tab, app }) => {
  await openApplicant(tab, app.url, 'Lena Fischer')
  const widget = await openConnect(tab)
  await choosePasswordBank(widget)
  await signIn(widget, 'user_good', 'not-the-password')
  expect(await widget.text('[role="alert"]')).toBe('The username or password is not right. Check your username and password and try again.')
  // Inside a frame the widget's own Exit is hidden: the dialog's close button is the way out.
  expect(await widget.has({ selector: '[data-ibv-exit-button]' })).toBe(true)
  expect(await widget.evaluate(() => (document.querySelector('[data-ibv-exit-button]') as HTMLElement).offsetParent === null)).toBe(true)
  await tab.click('.ibv-connect-dialog__close')
  await dialogClosed(tab)
  await tab.waitFor('focus back on the connect button', () => !!document.activeElement?.closest('.ibv-connect-button'))
  await tab.waitFor('the reconnect prompt', () => !!document.querySelector('.ibv-reconnect'))
  expect(await tab.text('.detail .ibv-badge')).toMatch(/Reconnect required/)
})
