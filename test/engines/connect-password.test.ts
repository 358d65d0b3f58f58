// A loan officer connects an applicant's bank with a password: the widget in the connect dialog,
// then the badge and the hosted report on the applicant's page. Screenshots of the dialog and the
// report in each engine go to reports/engines/ (connect-dialog-<engine>.png, report-<engine>.png).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, openConnect, signIn } from './widget.ts'

engineFlow('connect with a password', async ({ tab, app, screenshot }) => {
  await openApplicant(tab, app.url, 'Lena Fischer')
  const widget = await openConnect(tab)
  await widget.waitFor('the bank list', () => !!document.querySelector('form button[name="institution"]'))
  await tab.waitFor("the dialog at the widget's height", () => !!document.querySelector<HTMLElement>('iframe.ibv-connect-dialog__frame')?.style.height)
  await screenshot(tab, 'connect-dialog')
  // A modal dialog: the page behind it does not take a click.
  const behind = await tab.evaluate(() => {
    const box = document.querySelector('button.applicant')!.getBoundingClientRect()
    return { modal: !!document.querySelector('dialog:modal'), hit: !!document.elementFromPoint(box.left + 5, box.top + 5)?.closest('button.applicant') }
  })
  expect(behind).toEqual({ modal: true, hit: false })
  await choosePasswordBank(widget)
  await signIn(widget, 'user_good', 'pass_good')
  await dialogClosed(tab)
  const reportId = await tab.waitFor('the report id', () => document.querySelector('.detail p.muted code:last-of-type')?.textContent)
  const report = await tab.frame('iframe.ibv-embedded-report__frame')
  await report.waitFor('the hosted report', (id: string) => document.body?.innerText.includes(id), [reportId])
  expect(await tab.text('.detail .ibv-badge')).toMatch(/Complete/)
  await screenshot(tab, 'report')
})
