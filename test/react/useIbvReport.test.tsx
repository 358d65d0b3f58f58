import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { IbvProvider, ReportView, useIbvEvents, useIbvReport } from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'
import { eventSourceOver } from './event-source.js'

withFakeTime()


function Report({ id, pollInitialMs }: { id: string; pollInitialMs?: number }) {
  const { status, report, final } = useIbvReport(id, { pollInitialMs })
  return (
    <div data-testid="state" data-status={status ?? 'none'} data-final={String(final)}>
      {report && <ReportView report={report} />}
    </div>
  )
}

const reportCalls = (calls: string[]) => calls.filter((call) => call.startsWith('/api/ibv/reports/')).length

describe('useIbvReport', () => {
  it('polls a pending report with backoff (1 s doubling to 30 s) and stops at a final state', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-1', outcome: 'reconnect_required' })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Report id={id} />
      </IbvProvider>,
    )
    for (let step = 0; step < 130; step++) await settle(1000)
    // Polls land 1, 2, 4, 8, 16, then 30 s apart (each gap within React Query's timer slack).
    const times = chain.timesOf('/api/ibv/reports/')
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
    const expected = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]
    expect(gaps.slice(0, expected.length).map((gap, index) => Math.abs(gap - (expected[index] ?? 0)) <= 50)).toEqual(expected.map(() => true))
    expect(screen.getByTestId('state').dataset.status).toBe('reconnect_required')
  })

  it('stops polling once the report is ready, and shows it', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-1' })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Report id={id} />
      </IbvProvider>,
    )
    await settle()
    await chain.sandbox.advance(6)
    await settle(1000)
    expect(screen.getByTestId('state').dataset.status).toBe('complete')
    const calls = reportCalls(chain.calls)
    await settle(10 * 60_000)
    expect(reportCalls(chain.calls)).toBe(calls)
    expect(screen.getByRole('article')).toBeTruthy()
  })

  it('stops polling at a final failure', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-1', outcome: 'generation_failed' })
    await chain.sandbox.advance(6)
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Report id={id} />
      </IbvProvider>,
    )
    await settle(10 * 60_000)
    expect(reportCalls(chain.calls)).toBe(1)
    expect(screen.getByTestId('state').dataset.final).toBe('true')
  })
})

describe('live updates', () => {
  function Live({ id, EventSource, pollInitialMs = 10 * 60_000 }: { id: string; EventSource: typeof globalThis.EventSource; pollInitialMs?: number }) {
    useIbvEvents({ url: '/api/ibv/events', EventSource })
    return <Report id={id} pollInitialMs={pollInitialMs} />
  }

  it('polls slowly while the stream is connected, and fast again when it drops', async () => {
    const chain = createChain({ clock: createManualClock() })
    let streamRefused = false
    const source = eventSourceOver(async (url, signal) =>
      streamRefused ? new Response(null, { status: 503 }) : chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
    )
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-1', outcome: 'reconnect_required' })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Live id={id} EventSource={source.EventSource} pollInitialMs={1000} />
      </IbvProvider>,
    )
    for (let step = 0; step < 25; step++) await settle(1000)
    // Without the stream, 25 s of polling is 5 calls (at 0, 1, 3, 7 and 15 s). With it, at most
    // one poll can slip in before the stream's open event arrives.
    expect(reportCalls(chain.calls)).toBeLessThanOrEqual(2)
    // The stream drops and reconnecting is refused for a while: polling takes over.
    streamRefused = true
    source.instances[0]?.drop()
    for (let step = 0; step < 8; step++) await settle(1000)
    expect(reportCalls(chain.calls)).toBeGreaterThanOrEqual(3)
    expect(source.instances.length).toBeGreaterThanOrEqual(3)
  })

  it('shows a report the moment its webhook lands, then survives the stream dropping', async () => {
    const chain = createChain({ clock: createManualClock() })
    const source = eventSourceOver((url, signal) => chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })))
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-1' })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Live id={id} EventSource={source.EventSource} />
      </IbvProvider>,
    )
    await settle()
    expect(source.instances).toHaveLength(1)
    await chain.sandbox.advance(6)
    const before = reportCalls(chain.calls)
    // The report_generated webhook reaches the backend: the stream carries it, the query refetches
    // at once although polling would wait ten minutes.
    await chain.backend.fetch(
      new Request('https://lender.test/api/ibv/webhooks', {
        method: 'POST',
        body: JSON.stringify({ consumer_id: 'LND-1', product_request_id: id, ibv_report: 'x', ibv_report_status: 'complete', event: 'report_generated' }),
      }),
    )
    await settle()
    expect(reportCalls(chain.calls)).toBe(before + 1)
    expect(screen.getByTestId('state').dataset.status).toBe('complete')

    // The stream drops: a new one is opened after a backoff, not at once.
    source.instances[0]?.drop()
    await settle()
    expect(source.instances).toHaveLength(1)
    await settle(1000)
    expect(source.instances).toHaveLength(2)
    expect(source.instances[1]?.readyState).toBe(1)
    // The new stream says where the old one stopped, so nothing in between is lost or repeated.
    expect(source.instances[1]?.url).toMatch(/[?&]last_event_id=\d+$/)
  })
})
