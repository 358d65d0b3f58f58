// A loan officer connects applicants' banks in the connect dialog. Priya's bank asks for a code
// after the password (the sandbox's user_mfa takes 123456): then the badge and the hosted report
// on her page. Lena's password is wrong: the widget says so, the officer closes the dialog (focus
// back on the button that opened it), and the request waits for a reconnect, with the prompt to
// send it. One flow, one app and one tab for both (a password alone, without a code, connects in
// the invite and language flows). Screenshots of the dialog and the report in each engine go to
// reports/engines/ (connect-dialog-<engine>.png, report-<engine>.png).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, openConnect, signIn } from './widget.ts'

engineFlow(
  'connect with a password and a code, then a wrong password',
  async ({ tab, app, screenshot }) => {
    await openApplicant(tab, app.url, 'Priya Raman')
    let widget = await openConnect(tab)
    await widget.waitFor(
      'the bank list',
      () => !!document.querySelector('form button[name="institution"]'),
    )
    await tab.waitFor(
      "the dialog at the widget's height",
      () => !!document.querySelector<HTMLElement>('iframe.ibv-connect-dialog__frame')?.style.height,
    )
    await screenshot(tab, 'connect-dialog')
    // A modal dialog: the page behind it does not take a click.
    const behind = await tab.evaluate(() => {
      const box = document.querySelector('button.applicant')!.getBoundingClientRect()
      return {
        modal: !!document.querySelector('dialog:modal'),
        hit: !!document.elementFromPoint(box.left + 5, box.top + 5)?.closest('button.applicant'),
      }
    })
    expect(behind).toEqual({ modal: true, hit: false })
    await choosePasswordBank(widget)
    await signIn(widget, 'user_mfa', 'pass_good')
    await widget.fill({ selector: 'input[name="code"]', text: 'Code' }, '123456')
    await widget.click('form button[type="submit"]')
    await dialogClosed(tab)
    const reportId = await tab.waitFor(
      'the report id',
      () => document.querySelector('.detail p.muted code:last-of-type')?.textContent,
    )
    const report = await tab.frame('iframe.ibv-embedded-report__frame')
    await report.waitFor(
      'the hosted report',
      (id: string) => document.body?.innerText.includes(id),
      [reportId],
    )
    expect(await tab.text('.detail .ibv-badge')).toMatch(/Complete/)
    expect(await tab.text({ selector: '.applicant', text: 'Priya Raman' })).toMatch(/Complete/)
    await screenshot(tab, 'report')

    // A wrong password.
    await tab.click({ selector: 'button.applicant', text: 'Lena Fischer' })
    await tab.waitFor(
      'Lena’s detail',
      () => document.querySelector('#detail-title')?.textContent === 'Lena Fischer',
    )
    widget = await openConnect(tab)
    await choosePasswordBank(widget)
    await signIn(widget, 'user_good', 'not-the-password')
    expect(await widget.text('[role="alert"]')).toBe(
      'The username or password is not right. Check your username and password and try again.',
    )
    // Inside a frame the widget's own Exit is hidden: the dialog's close button is the way out.
    expect(await widget.has({ selector: '[data-ibv-exit-button]' })).toBe(true)
    expect(
      await widget.evaluate(
        () =>
          (document.querySelector('[data-ibv-exit-button]') as HTMLElement).offsetParent === null,
      ),
    ).toBe(true)
    await tab.click('.ibv-connect-dialog__close')
    await dialogClosed(tab)
    await tab.waitFor(
      'focus back on the connect button',
      () => !!document.activeElement?.closest('.ibv-connect-button'),
    )
    await tab.waitFor('the reconnect prompt', () => !!document.querySelector('.ibv-reconnect'))
    expect(await tab.text('.detail .ibv-badge')).toMatch(/Reconnect required/)
  },
)
