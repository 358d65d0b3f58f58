// The officer refreshes Ada's report: the last report stays on screen, labelled, while the new one
// is prepared; the new one then takes its place. A second refresh the same day is refused, with
// the time from which it is allowed.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'

engineFlow('refresh a report', async ({ tab, app }) => {
  await tab.goto(app.url)
  await tab.click({ selector: 'button.applicant', text: 'Ada Okafor' })
  const reportId = () => tab.evaluate(() => document.querySelector('.detail p.muted code:last-of-type')?.textContent ?? '')
  const first = await reportId()
  expect(first).toMatch(/^IBV/)
  await tab.waitFor('the hosted report', () => document.querySelector<HTMLElement>('.ibv-embedded-report')?.dataset.state === 'ready')
  await tab.click({ selector: 'button', text: /^Refresh report$/ })
  await tab.waitFor('a new request', (old: string) => (document.querySelector('.detail p.muted code:last-of-type')?.textContent ?? old) !== old, [first])
  const second = await reportId()
  await tab.waitFor(
    'the new report complete and shown',
    (id: string) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.ibv-embedded-report__frame')
      return !!document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete') && !!frame?.contentDocument?.body?.innerText.includes(id)
    },
    [second],
    30_000,
  )

  await tab.click({ selector: 'button', text: /^Refresh report$/ })
  await tab.waitFor('the refusal', () => /can be refreshed once every 24 hours/.test(document.querySelector('.detail')?.textContent ?? ''))
  expect(await reportId()).toBe(second)
})
