// In Spanish: Priya's invite link with her language (`&lang=es`, as a lender that knows it adds
// it). The connect dialog and the widget speak Spanish (the demo's own page stays in English).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, signIn, widgetOf } from './widget.ts'

engineFlow('a borrower connects in Spanish', async ({ tab, app, newTab }) => {
  await openApplicant(tab, app.url, 'Priya Raman')
  await tab.click({ selector: 'button', text: 'Invite Priya to connect a bank' })
  const link = await tab.text('.ibv-invite code')

  const phone = await newTab({ width: 390, height: 844 })
  await phone.goto(`${link}&lang=es`)
  await phone.click({ selector: 'button', text: 'Connect your bank' })
  expect(await phone.text('.ibv-connect-dialog__title')).toMatch(/banco/i)
  const widget = await widgetOf(phone)
  // Read once the widget's page is there: the frame's first document is an empty one.
  await widget.waitFor('the bank list in Spanish', () =>
    document.body.innerText.includes('Elija su banco'),
  )
  expect(await widget.evaluate(() => document.documentElement.lang)).toBe('es')
  await choosePasswordBank(widget)
  expect(await widget.text({ selector: 'label', text: 'Contraseña' })).toMatch(/Contraseña/)
  await signIn(widget, 'user_good', 'pass_good')
  await dialogClosed(phone)
  await phone.waitFor('the thank-you', () =>
    document.querySelector('[role="status"]')?.textContent?.includes('Your bank is connected'),
  )
})
