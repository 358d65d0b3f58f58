import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { IbvProvider, RefreshReportButton } from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'

withFakeTime()

async function setup(consumerId = 'LND-42', audience?: 'staff' | 'borrower') {
  const chain = createChain({ clock: createManualClock() })
  await chain.control('/sandbox/product_requests', {
    consumer_id: consumerId,
    institution: 'Platypus Bank',
  })
  await chain.sandbox.advance(6)
  const onRefreshed = vi.fn()
  const onSend = vi.fn()
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE} audience={audience}>
      <RefreshReportButton
        consumerId={consumerId}
        onRefreshed={onRefreshed}
        consumerName="Ada"
        onSend={onSend}
        data-testid="refresh"
      />
    </IbvProvider>,
  )
  const click = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
  }
  const refreshCalls = () =>
    chain.calls.filter((call) => call.startsWith('/api/ibv/refresh/')).length
  // The button's own status lines (the prompt has one of its own, for "Link copied").
  const statuses = () =>
    screen.queryAllByRole('status').filter((node) => !node.closest('.ibv-reconnect'))
  return {
    chain,
    onRefreshed,
    onSend,
    click,
    refreshCalls,
    statuses,
    root: () => screen.getByTestId('refresh'),
  }
}

describe('<RefreshReportButton>', () => {
  it('submitted: hands over the new product request id, and is disabled, saying why, until its report is ready', async () => {
    const { chain, click, onRefreshed, root } = await setup()
    await click()
    expect(onRefreshed).toHaveBeenCalledWith(expect.stringMatching(/^IBV/))
    expect(root().dataset.state).toBe('preparing')
    expect(
      (screen.getByRole('button', { name: 'Refresh report' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect(screen.getByRole('status').textContent).toBe(
      'A new report is being prepared. Refresh is possible again once it is ready.',
    )
    await chain.sandbox.advance(6)
    await settle(5000)
    expect(
      (screen.getByRole('button', { name: 'Refresh report' }) as HTMLButtonElement).disabled,
    ).toBe(false)
    expect(root().dataset.state).toBe('submitted')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('sends one request however often it is clicked', async () => {
    const { refreshCalls } = await setup()
    const button = screen.getByRole('button', { name: 'Refresh report' })
    fireEvent.click(button)
    fireEvent.click(button)
    fireEvent.click(button)
    await settle()
    expect(refreshCalls()).toBe(1)
  })

  it("refresh_not_ready: states the 24-hour rule in the service's time with the days, says what that time is, never suggests a reconnect; allowed again after 24 hours", async () => {
    // The browser's clock far from the service's (2026-01-01 09:00 UTC at the start).
    vi.setSystemTime(Date.UTC(2026, 10, 24, 14, 38))
    const { chain, click, root } = await setup()
    await click()
    await chain.sandbox.advance(6)
    await settle(5000)
    await chain.sandbox.advance(86_399 - 6)
    await click()
    expect(root().dataset.state).toBe('refresh_not_ready')
    // Its own request's report is of 09:00:06: up to the next minute, never a minute early. Each time
    // with its day, so two times a minute apart on two days do not read as one day.
    expect(screen.getByRole('status').textContent).toBe(
      'Reports can be refreshed once every 24 hours. The last report dates from Thursday, Jan 1, 2026, 9:00 AM, so the next refresh is possible from Friday, Jan 2, 2026, 9:01 AM (verification service time).',
    )
    // Under it, what that time is.
    expect(root().querySelector('.ibv-refresh__hint')?.textContent).toBe(
      'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
    )
    expect(root().textContent).not.toMatch(/reconnect|Nov/i)
    expect(screen.queryByRole('region')).toBeNull()
    await chain.sandbox.advance(1)
    await click()
    expect(root().dataset.state).toBe('preparing')
  })

  it('refresh_not_ready after a refresh made elsewhere: the rule without a date, its start not known here', async () => {
    const { chain, click, root } = await setup()
    expect((await chain.fetchers.refresh?.('LND-42'))?.kind).toBe('submitted')
    await click()
    expect(root().dataset.state).toBe('refresh_not_ready')
    // The answer names the last complete report, older than the refresh the window runs from.
    expect(screen.getByRole('status').textContent).toBe(
      'The report was refreshed in the last 24 hours. Reports can be refreshed once every 24 hours: try again later.',
    )
  })

  it.each([
    // The service's invalid_connection message names no bank: the report being refreshed does.
    ['invalid_connection', 'The connection to Platypus Bank stopped working'],
    ['data_pull_failed', 'No bank data could be pulled from Platypus Bank'],
  ])(
    '%s: a reconnect prompt for the officer, with the link to copy or send',
    async (outcome, title) => {
      const { chain, click, root, onSend } = await setup()
      await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome })
      await click()
      expect(root().dataset.state).toBe(outcome)
      const link = screen.getByRole('region', { name: title }).querySelector('code')?.textContent
      expect(link).toMatch(/\/connect\?link=/)
      fireEvent.click(screen.getByRole('button', { name: 'Send to Ada' }))
      expect(onSend).toHaveBeenCalledWith(link)
    },
  )

  it('speaks to the borrower when the provider says so', async () => {
    const { chain, click } = await setup('LND-42', 'borrower')
    await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome: 'data_pull_failed' })
    await click()
    expect(screen.getByRole('region', { name: 'We could not get your bank data' })).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'Reconnect Platypus Bank' }).getAttribute('href'),
    ).toMatch(/\/connect\?link=/)
  })

  it('refresh_failed: a clear message', async () => {
    const { chain, click } = await setup()
    await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome: 'refresh_failed' })
    await click()
    expect(screen.getByRole('alert').textContent).toBe(
      'The refresh could not be started. Try again later.',
    )
  })

  it('consumer_not_found: a clear message', async () => {
    const chain = createChain({ clock: createManualClock() })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="nobody" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toMatch(/does not know this applicant/)
  })

  it('unknown: a generic error with the server message', async () => {
    const chain = createChain({}, () =>
      Response.json({ kind: 'unknown', message: 'Maintenance window', httpStatus: 503, body: {} }),
    )
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="LND-1" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'The refresh did not work: Maintenance window',
    )
  })

  it('a failed request: a visible error, and the button works again', async () => {
    let offline = true
    const chain = createChain({}, () => (offline ? new TypeError('Failed to fetch') : undefined))
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="nobody" data-testid="refresh" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(screen.getByTestId('refresh').dataset.state).toBe('error')
    offline = false
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(screen.getByTestId('refresh').dataset.state).toBe('consumer_not_found')
  })
})
