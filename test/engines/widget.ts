// The sandbox's connect widget as a person goes through it, in any engine: the bank, then its
// sign-in form (username, password, and a code when asked).
import type { Surface, Tab } from './driver.ts'

export const DIALOG_FRAME = 'iframe.ibv-connect-dialog__frame'

/** The demo's officer page at `url` (the applicants and the sandbox controls), with `name`'s detail open. */
export async function openApplicant(tab: Tab, url: string, name: string) {
  await tab.goto(url)
  await tab.click({ selector: 'button.applicant', text: name })
}

/** On an applicant's detail with no bank: "Connect bank"; resolves to the widget's document in the dialog. */
export async function openConnect(tab: Tab): Promise<Surface> {
  await tab.click({ selector: 'button', text: /^Connect bank$/ })
  return widgetOf(tab)
}

/** The widget's document in the connect dialog of `tab`. */
export const widgetOf = (tab: Tab): Promise<Surface> => tab.frame(DIALOG_FRAME)

/** In the widget: chooses a bank that signs in with a password in the widget (Platypus Bank). */
export async function choosePasswordBank(widget: Surface) {
  await widget.click({ selector: 'form button[name="institution"]', text: 'Platypus' })
}

/** In the widget's sign-in form: types the credentials and submits. */
export async function signIn(widget: Surface, username: string, password: string) {
  await widget.fill('input[name="username"]', username)
  await widget.fill('input[name="password"]', password)
  await widget.click('form button[type="submit"]')
}

/** Waits until the connect dialog has closed. */
export const dialogClosed = (tab: Tab) =>
  tab.waitFor(
    'the connect dialog to close',
    (selector: string) => !document.querySelector(selector),
    ['iframe.ibv-connect-dialog__frame'],
  )
