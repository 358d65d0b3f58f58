// A bank that asks for a code after the password (the sandbox's user_mfa takes 123456).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, signIn, widgetOf } from './widget.ts'

engineFlow('connect with a password and a code', async ({ tab, app }) => {
  await tab.goto(app.url)
  await tab.click({ selector: 'button.applicant', text: 'Priya Raman' })
  await tab.click({ selector: 'button', text: /^Connect bank$/ })
  const widget = await widgetOf(tab)
  await choosePasswordBank(widget)
  await signIn(widget, 'user_mfa', 'pass_good')
  await widget.fill({ selector: 'input[name="code"]', text: 'Code' }, '123456')
  await widget.click('form button[type="submit"]')
  await dialogClosed(tab)
  await tab.waitFor('the report to be complete', () => document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'))
  expect(await tab.text({ selector: '.applicant', text: 'Priya Raman' })).toMatch(/Complete/)
})
