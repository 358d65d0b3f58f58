// The officer refreshes Ada's report: the last report stays on screen, labelled, while the new one
// is prepared; the new one then takes its place. A second refresh the same day is refused, with
// the time from which it is allowed.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { openApplicant } from './widget.ts'

/** In the page: sets `window.ibvKept` once the report `id` is on screen under the line that says a new one is being prepared. */
function watchKeptReport(id: string) {
  const state = window as unknown as { ibvKept: boolean }
  state.ibvKept = false
  const check = () => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.ibv-embedded-report__frame')
    const labelled = document
      .querySelector('.detail')
      ?.textContent?.includes('— a new report is being prepared')
    if (labelled && frame?.contentDocument?.body?.innerText.includes(id)) state.ibvKept = true
  }
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
}

engineFlow('refresh a report', async ({ tab, app }) => {
  await openApplicant(tab, app.url, 'Ada Okafor')
  const reportId = () =>
    tab.evaluate(
      () => document.querySelector('.detail p.muted code:last-of-type')?.textContent ?? '',
    )
  const first = await reportId()
  expect(first).toMatch(/^IBV/)
  await tab.waitFor(
    'the hosted report',
    () => document.querySelector<HTMLElement>('.ibv-embedded-report')?.dataset.state === 'ready',
  )
  // The new report is ready within seconds: every change of the page is watched, not sampled.
  await tab.evaluate(watchKeptReport, first)
  await tab.click({ selector: 'button', text: /^Refresh report$/ })
  await tab.waitFor(
    'a new request',
    (old: string) =>
      (document.querySelector('.detail p.muted code:last-of-type')?.textContent ?? old) !== old,
    [first],
  )
  const second = await reportId()
  await tab.waitFor(
    'the new report complete and shown',
    (id: string) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.ibv-embedded-report__frame')
      return (
        !!document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete') &&
        !!frame?.contentDocument?.body?.innerText.includes(id)
      )
    },
    [second],
    30_000,
  )

  expect(await tab.evaluate(() => (window as unknown as { ibvKept: boolean }).ibvKept)).toBe(true)

  await tab.click({ selector: 'button', text: /^Refresh report$/ })
  const refusal = await tab.waitFor(
    'the refusal',
    () =>
      Array.from(document.querySelectorAll('.detail p')).find((line) =>
        line.textContent?.includes('once every 24 hours'),
      )?.textContent,
  )
  // Each time with its day of the week, and under it what that time is.
  expect(refusal).toMatch(
    /^Reports can be refreshed once every 24 hours\. The last report dates from [A-Z][a-z]+day, .+, so the next refresh is possible from [A-Z][a-z]+day, .+ \(verification service time\)\.$/,
  )
  expect(
    await tab.evaluate(() => document.querySelector('.detail .ibv-refresh__hint')?.textContent),
  ).toBe(
    'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
  )
  expect(await reportId()).toBe(second)
})
