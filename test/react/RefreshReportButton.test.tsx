import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { IbvProvider, RefreshReportButton } from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'

withFakeTime()


async function setup(consumerId = 'LND-42', audience?: 'staff' | 'borrower') {
  const chain = createChain({ clock: createManualClock() })
  await chain.control('/sandbox/product_requests', { consumer_id: consumerId, institution: 'Platypus Bank' })
  await chain.sandbox.advance(6)
  const onRefreshed = vi.fn()
  const onSend = vi.fn()
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE} audience={audience}>
      <RefreshReportButton consumerId={consumerId} onRefreshed={onRefreshed} consumerName="Ada" onSend={onSend} data-testid="refresh" />
    </IbvProvider>,
  )
  const click = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
  }
  const refreshCalls = () => chain.calls.filter((call) => call.startsWith('/api/ibv/refresh/')).length
  // The button's own status lines (the prompt has one of its own, for "Link copied").
  const statuses = () => screen.queryAllByRole('status').filter((node) => !node.closest('.ibv-reconnect'))
  return { chain, onRefreshed, onSend, click, refreshCalls, statuses, root: () => screen.getByTestId('refresh') }
}

describe('<RefreshReportButton>', () => {
  it('submitted: says so and hands over the new product request id', async () => {
    const { click, onRefreshed, root } = await setup()
    await click()
    expect(root().dataset.state).toBe('submitted')
    expect(screen.getByRole('status').textContent).toMatch(/Refresh started/)
    expect(onRefreshed).toHaveBeenCalledWith(expect.stringMatching(/^IBV/))
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

  it('refresh_not_ready: explains the 24-hour rule and offers to reconnect; allowed again after 24 hours', async () => {
    const { chain, click, root } = await setup()
    await click()
    await chain.sandbox.advance(86_399)
    vi.setSystemTime(Date.now() + 86_399_000)
    await click()
    expect(root().dataset.state).toBe('refresh_not_ready')
    expect(screen.getByRole('region', { name: 'The report was refreshed in the last 24 hours' }).textContent).toMatch(
      /once every 24 hours.*ask Ada to reconnect Platypus Bank/,
    )
    await chain.sandbox.advance(1)
    await click()
    expect(root().dataset.state).toBe('submitted')
  })

  // The service does not say when the next refresh is possible. A time is
  // shown only when this browser saw the last refresh submitted, and in words that stay true.
  describe('when the next refresh is possible', () => {
    const format = (time: number) => new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    const submittedAt = Date.UTC(2026, 10, 22, 10, 42, 30)

    it('this browser saw the last refresh submitted: says when it was, and after when to try again', async () => {
      vi.setSystemTime(submittedAt)
      const { chain, click, root, statuses } = await setup()
      await click()
      expect(root().dataset.state).toBe('submitted')
      // An hour on the page's clock: longer than React Query keeps a query nobody observes.
      await chain.sandbox.advance(3600)
      await settle(3_600_000)
      await click()
      expect(root().dataset.state).toBe('refresh_not_ready')
      // 24 hours after it was seen submitted, rounded up to the minute so the time shown is never early.
      const next = Date.UTC(2026, 10, 23, 10, 43)
      expect(statuses().map((node) => node.textContent)).toEqual([`This browser submitted a refresh at ${format(submittedAt)}, so the next is possible no sooner than ${format(next)}.`])
      expect(screen.getByRole('region', { name: 'The report was refreshed in the last 24 hours' }).textContent).toMatch(/once every 24 hours/)
    })

    it('another browser submitted it: no time, only the rule', async () => {
      const { chain, click, root, statuses } = await setup()
      expect((await chain.fetchers.refresh?.('LND-42'))?.kind).toBe('submitted')
      await click()
      expect(root().dataset.state).toBe('refresh_not_ready')
      expect(statuses()).toEqual([])
      expect(screen.getByRole('region', { name: 'The report was refreshed in the last 24 hours' }).textContent).toMatch(/once every 24 hours/)
    })

    it('what this browser saw is over 24 hours old (someone refreshed since): no time, only the rule', async () => {
      vi.setSystemTime(submittedAt)
      const { chain, click, root, statuses } = await setup()
      await click()
      await chain.sandbox.advance(25 * 3600)
      vi.setSystemTime(submittedAt + 25 * 3_600_000)
      expect((await chain.fetchers.refresh?.('LND-42'))?.kind).toBe('submitted')
      await click()
      expect(root().dataset.state).toBe('refresh_not_ready')
      expect(statuses()).toEqual([])
      expect(root().textContent).not.toMatch(/no sooner than/)
    })
  })

  it.each([
    // The service's invalid_connection message names no institution.
    ['invalid_connection', 'The connection to their bank stopped working'],
    ['data_pull_failed', 'No bank data could be pulled from Platypus Bank'],
  ])('%s: a reconnect prompt for the officer, with the link to copy or send', async (outcome, title) => {
    const { chain, click, root, onSend } = await setup()
    await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome })
    await click()
    expect(root().dataset.state).toBe(outcome)
    const link = screen.getByRole('region', { name: title }).querySelector('code')?.textContent
    expect(link).toMatch(/\/connect\?link=/)
    fireEvent.click(screen.getByRole('button', { name: 'Send to Ada' }))
    expect(onSend).toHaveBeenCalledWith(link)
  })

  it('speaks to the borrower when the provider says so', async () => {
    const { chain, click } = await setup('LND-42', 'borrower')
    await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome: 'data_pull_failed' })
    await click()
    expect(screen.getByRole('region', { name: 'We could not get your bank data' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Reconnect Platypus Bank' }).getAttribute('href')).toMatch(/\/connect\?link=/)
  })

  it('refresh_failed: a clear message', async () => {
    const { chain, click } = await setup()
    await chain.control('/sandbox/consumers/LND-42/next_refresh', { outcome: 'refresh_failed' })
    await click()
    expect(screen.getByRole('alert').textContent).toBe('The refresh could not be started. Try again later.')
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
    expect(screen.getByRole('alert').textContent).toMatch(/does not know this consumer/)
  })

  it('unknown: a generic error with the server message', async () => {
    const chain = createChain({}, () => Response.json({ kind: 'unknown', message: 'Maintenance window', httpStatus: 503, body: {} }))
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="LND-1" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('The refresh did not work: Maintenance window')
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
