// A bank that asks for a code after the password (the sandbox's user_mfa takes 123456).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, openConnect, signIn } from './widget.ts'

engineFlow('connect with a password and a code', async ({ tab, app }) => {
  await openApplicant(tab, app.url, 'Priya Raman')
  const widget = await openConnect(tab)
  await choosePasswordBank(widget)
  await signIn(widget, 'user_mfa', 'pass_good')
  await widget.fill({ selector: 'input[name="code"]', text: 'Code' }, '123456')
  await widget.click('form button[type="submit"]')
  await dialogClosed(tab)
  await tab.waitFor('the report to be complete', () => document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'))
  expect(await tab.text({ selector: '.applicant', text: 'Priya Raman' })).toMatch(/Complete/)
})
