// Mateo's bank sign-in failed: the officer's page asks for a reconnect in staff words, copies the
// connection link and "sends" it; Mateo opens the link in a browser of his own, signs in again, and
// the officer's open page turns Complete by itself (live updates).
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { openApplicant } from './widget.ts'

engineFlow('the reconnect prompt, staff copy and borrower link', async ({ tab, app, newTab }) => {
  await openApplicant(tab, app.url, 'Mateo Rossi')
  const prompt = await tab.text('.ibv-reconnect')
  expect(prompt).toMatch(/Ask Mateo to reconnect/)
  expect(prompt).not.toMatch(/consumer|institution|ibv_/i)
  const link = await tab.text('.ibv-reconnect__link')
  // Compared, never printed: the link is the applicant's credential.
  expect(link.startsWith(`${app.url}/ibv-sandbox/connect?link=`)).toBe(true)

  // The clipboard takes it in every engine (a secure context, a click): the officer is told so.
  // (The component tests read the clipboard back in Chromium; a refused clipboard selects the link.)
  await tab.click({ selector: '.ibv-reconnect button', text: 'Copy link' })
  await tab.waitFor(
    'the copy outcome',
    () => document.querySelector('.ibv-reconnect__status')?.textContent === 'Link copied.',
  )

  await tab.click({ selector: '.ibv-reconnect button', text: 'Send to Mateo' })
  const sent = await tab.evaluate(
    () => document.querySelector<HTMLAnchorElement>('a[href*="/ibv-sandbox/connect"]')?.href,
  )
  expect(sent === link).toBe(true)

  // Mateo, on his phone: no cookie, no session of the lender's.
  const phone = await newTab({ width: 390, height: 844 })
  await phone.goto(link)
  await phone.fill({ selector: 'input', text: 'Username' }, 'user_good')
  await phone.fill({ selector: 'input', text: 'Password' }, 'pass_good')
  await phone.click('form button[type="submit"]')
  await phone.waitFor(
    'the connected page',
    () =>
      document.querySelector('h1')?.textContent === 'Connected' &&
      document.body.innerText.includes('Bank is connected. You can close this window.'),
  )

  await tab.waitFor(
    'Complete on the officer page',
    () => document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'),
    [],
    30_000,
  )
})
