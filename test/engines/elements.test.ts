// The custom-elements page (examples/plain-html, no bundler: ibv-kit's built modules by an import
// map): the applicant connects with a password through <ibv-connect-button>; the page then shows
// <ibv-embedded-report> and follows the status in <ibv-report-status-badge>.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { choosePasswordBank, dialogClosed, signIn, widgetOf } from './widget.ts'

engineFlow(
  'the custom-elements page',
  async ({ tab, app }) => {
    await tab.goto(app.url)
    await tab.click({ selector: 'ibv-connect-button button', text: 'Connect' })
    const widget = await widgetOf(tab)
    await choosePasswordBank(widget)
    await signIn(widget, 'user_good', 'pass_good')
    await dialogClosed(tab)
    const report = await tab.frame('ibv-embedded-report iframe.ibv-embedded-report__frame')
    await report.waitFor(
      'the hosted report',
      () => document.querySelector('h1')?.textContent === 'Income and bank verification report',
    )
    await tab.waitFor(
      'the badge to say Complete',
      () => document.querySelector('ibv-report-status-badge')?.textContent?.includes('Complete'),
      [],
      30_000,
    )
    expect(
      await tab.evaluate(
        () =>
          document.querySelector<HTMLElement>('ibv-embedded-report .ibv-embedded-report')?.dataset
            .state,
      ),
    ).toBe('ready')
  },
  { app: 'elements' },
)
