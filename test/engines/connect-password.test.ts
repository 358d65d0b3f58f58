// A loan officer connects an applicant's bank with a password: the widget in the connect dialog,
// then the badge and the hosted report on the applicant's page. Screenshots of the dialog and the
// report in each engine go to reports/engines/ (connect-dialog-<engine>.png, report-<engine>.png).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, signIn, widgetOf } from './widget.ts'

engineFlow('connect with a password', async ({ tab, app, screenshot }) => {
  await tab.goto(app.url)
  await tab.click({ selector: 'button.applicant', text: 'Lena Fischer' })
  await tab.click({ selector: 'button', text: /^Connect bank$/ })
  const widget = await widgetOf(tab)
  await widget.waitFor('the bank list', () => !!document.querySelector('form button[name="institution"]'))
  await tab.waitFor("the dialog at the widget's height", () => !!document.querySelector<HTMLElement>('iframe.ibv-connect-dialog__frame')?.style.height)
  await screenshot(tab, 'connect-dialog')
  await choosePasswordBank(widget)
  await signIn(widget, 'user_good', 'pass_good')
  await dialogClosed(tab)
  const report = await tab.frame('iframe.ibv-embedded-report__frame')
  await report.waitFor('the hosted report', () => document.body?.innerText.includes('Wombat') || document.body?.innerText.length > 200)
  expect(await tab.text('.detail .ibv-badge')).toMatch(/Complete/)
  await screenshot(tab, 'report')
})
