// In Canadian French: the officer's page with `?lang=fr-CA`. Lena connects by password in a
// French widget; the badge and the hosted report then speak French.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, openApplicant, openConnect, signIn } from './widget.ts'

engineFlow('an officer connects in Canadian French', async ({ tab, app }) => {
  await openApplicant(tab, `${app.url}/?lang=fr-CA`, 'Lena Fischer')
  const widget = await openConnect(tab)
  // Read once the widget's page is there: the frame's first document is an empty one.
  await widget.waitFor(
    'the widget',
    () => !!document.querySelector('form button[name="institution"]'),
  )
  expect(await widget.evaluate(() => document.documentElement.lang)).toBe('fr-CA')
  await choosePasswordBank(widget)
  expect(await widget.text({ selector: 'label', text: 'Mot de passe' })).toMatch(/Mot de passe/)
  await signIn(widget, 'user_good', 'pass_good')
  await dialogClosed(tab)
  await tab.waitFor('the French badge', () =>
    document.querySelector('.detail .ibv-badge')?.textContent?.includes('Terminé'),
  )
  const report = await tab.frame('iframe.ibv-embedded-report__frame')
  await report.waitFor(
    'the report in French',
    () =>
      document.documentElement.lang === 'fr-CA' &&
      document.querySelector('h1')?.textContent ===
        'Rapport de vérification des revenus et des comptes bancaires',
  )
})
