// An officer ticks "Use redirect (as in a mobile webview)" and connects an applicant through the
// OAuth bank: the whole page goes to the bank's page, Allow sends it back to the officer's page
// with oauth_state_id, where the widget reopens by itself and completes; the address is cleaned.
// On a phone, where the detail sits below the list: the page comes back to the applicant's detail,
// and a reload then replays nothing. First, a crafted link with a state, in a tab that never left
// for a bank: it opens nothing and asks for no token.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { DIALOG_FRAME, dialogClosed, openApplicant, openConnect } from './widget.ts'

engineFlow(
  'an OAuth bank by redirect',
  async ({ tab, app }) => {
    await openApplicant(tab, `${app.url}/?oauth_state_id=os_not-a-real-state`, 'Lena Fischer')
    // Her connect button rendered: a resume would be under way by now (it starts with the first render).
    await tab.waitFor('the connect button', () =>
      document.querySelector('button.ibv-connect-button')?.getAttribute('data-state'),
    )
    expect(
      await tab.evaluate(() =>
        document.querySelector('button.ibv-connect-button')?.getAttribute('data-state'),
      ),
    ).toBe('idle')
    expect(await tab.has(DIALOG_FRAME)).toBe(false)
    expect(await tab.has('[role="alert"]')).toBe(false)
    expect(
      await tab.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname === '/api/ibv/tokens').length,
      ),
    ).toBe(0)

    await openApplicant(tab, app.url, 'Lena Fischer')
    await tab.click({
      selector: 'input[type="checkbox"]',
      text: 'Use redirect (as in a mobile webview)',
    })
    const widget = await openConnect(tab)
    await widget.click({ selector: 'form button[name="institution"]', text: 'Wombat Bank (OAuth)' })
    await widget.click({ selector: 'a', text: 'Continue to Wombat Bank (OAuth)' })

    // The bank's page, in the whole tab.
    await tab.waitFor(
      'the bank’s consent page',
      () =>
        location.pathname.endsWith('/oauth/authorize') &&
        document.querySelector('h1')?.textContent?.includes('Allow access'),
    )
    await tab.click({ selector: 'button', text: /^Allow$/ })

    // Back on the officer's page, loaded with the bank's state: the widget reopens with it by itself
    // and completes (it may be done before a check could see it open), then the state leaves the address.
    const loaded = await tab.waitFor(
      'the officer’s page, back from the bank',
      (origin: string) => {
        const entry = performance.getEntriesByType('navigation')[0]
        return location.origin === origin && location.pathname === '/' && !!entry && entry.name
      },
      [app.url],
    )
    expect(new URL(loaded).searchParams.get('oauth_state_id')).toMatch(/^os_/)
    await dialogClosed(tab)
    await tab.waitFor('the report to be complete', () =>
      document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'),
    )
    expect(await tab.text('#detail-title')).toBe('Lena Fischer')
    expect(await tab.text({ selector: '.applicant', text: 'Lena Fischer' })).toMatch(/Complete/)
    await tab.waitFor(
      'the state to leave the address',
      () => !new URLSearchParams(location.search).has('oauth_state_id'),
    )
    expect(await tab.has(DIALOG_FRAME)).toBe(false)
    // The detail back in view, below the list on a phone.
    await tab.waitFor('Lena’s detail in view', () => {
      const box = document.querySelector('#detail-title')?.getBoundingClientRect()
      return !!box && box.top >= 0 && box.bottom <= window.innerHeight
    })

    // A reload after success: Lena's detail and report again, and the widget does not open again.
    await tab.goto(await tab.url())
    await tab.waitFor(
      'Lena’s detail again',
      () => document.querySelector('#detail-title')?.textContent === 'Lena Fischer',
    )
    const reportId = await tab.waitFor(
      'the report id',
      () => document.querySelector('.detail p.muted code:last-of-type')?.textContent,
    )
    expect(reportId).toMatch(/^IBV/)
    const report = await tab.frame('iframe.ibv-embedded-report__frame')
    await report.waitFor(
      'the hosted report',
      (id: string) => document.body?.innerText.includes(id),
      [reportId],
    )
    expect(await tab.text({ selector: '.applicant', text: 'Lena Fischer' })).toMatch(/Complete/)
    expect(await tab.has(DIALOG_FRAME)).toBe(false)
  },
  { tab: { width: 390, height: 844 } },
)
