import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  IbvProvider,
  RefreshReportButton,
  ReportView,
  useIbvEvents,
  useIbvReport,
} from '../../src/index.js'
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

const reportCalls = (calls: string[]) =>
  calls.filter((call) => call.startsWith('/api/ibv/reports/')).length

describe('useIbvReport', () => {
  it('polls a pending report 1 s doubling to 5 s for a minute after its last change, then every 30 s', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'reconnect_required',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Report id={id} />
      </IbvProvider>,
    )
    for (let step = 0; step < 130; step++) await settle(1000)
    // Polls land 1, 2, 4, then 5 s apart until the minute is over, then 30 s apart (each gap
    // within React Query's timer slack).
    const times = chain.timesOf('/api/ibv/reports/')
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
    const expected = [1000, 2000, 4000, ...Array<number>(11).fill(5000), 30_000, 30_000]
    expect(
      gaps
        .slice(0, expected.length)
        .map((gap, index) => Math.abs(gap - (expected[index] ?? 0)) <= 50),
    ).toEqual(expected.map(() => true))
    expect(screen.getByTestId('state').dataset.status).toBe('reconnect_required')
  })

  it('stops polling once the report is ready, and shows it', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
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
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'generation_failed',
    })
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
  function Live({
    id,
    EventSource,
    pollInitialMs = 10 * 60_000,
  }: {
    id: string
    EventSource: typeof globalThis.EventSource
    pollInitialMs?: number
  }) {
    useIbvEvents({ url: '/api/ibv/events', EventSource })
    return <Report id={id} pollInitialMs={pollInitialMs} />
  }

  it('leaves ibv_data_acquired to the stream while it is connected, and polls fast again when it drops', async () => {
    const chain = createChain({ clock: createManualClock() })
    let streamRefused = false
    const source = eventSourceOver(async (url, signal) =>
      streamRefused
        ? new Response(null, { status: 503 })
        : chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
    )
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    // Data acquired: both next states (complete, generation_failed) come with a webhook.
    await chain.sandbox.advance(3)
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Live id={id} EventSource={source.EventSource} pollInitialMs={1000} />
      </IbvProvider>,
    )
    for (let step = 0; step < 25; step++) await settle(1000)
    // Without the stream, 25 s of polling is 7 calls (at 0, 1, 3, 7, 12, 17 and 22 s). With it, at
    // most one poll can slip in before the stream's open event arrives.
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
    const source = eventSourceOver((url, signal) =>
      chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
    )
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Live id={id} EventSource={source.EventSource} />
      </IbvProvider>,
    )
    await settle()
    expect(source.instances).toHaveLength(1)
    const before = reportCalls(chain.calls)
    // The sandbox's report_generated webhook reaches the backend (signed, as the test kit wires
    // them): the stream carries it, the query refetches at once although polling would wait ten
    // minutes.
    await chain.sandbox.advance(6)
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

// Every state of the sandbox's default pipeline (initiated → 3 s →
// ibv_data_acquired or ibv_data_acquire_failed → 3 s → complete or generation_failed) is on
// screen within 10 s of happening, with or without the live stream, while a report where nothing
// happens is polled no harder than every 30 s once the minute after its last change is over.
describe('prompt status', () => {
  function Watched({ id, stream }: { id: string; stream?: typeof globalThis.EventSource }) {
    useIbvEvents({ url: '/api/ibv/events', EventSource: stream, enabled: stream !== undefined })
    const { status, refetch } = useIbvReport(id)
    return (
      <div data-testid="state" data-status={status ?? 'none'}>
        <button type="button" onClick={() => void refetch()}>
          Reconnected
        </button>
      </div>
    )
  }

  const shown = () => screen.getByTestId('state').dataset.status

  /** Moves the sandbox and the page's clocks together, a second at a time, until `status` shows. */
  async function secondsUntil(chain: ReturnType<typeof createChain>, status: string, limit = 60) {
    for (let second = 0; second <= limit; second++) {
      if (shown() === status) return second
      await chain.sandbox.advance(1)
      await settle(1000)
    }
    return Infinity
  }

  /** The consumer reconnects through the sandbox widget opened from the reconnect link. */
  async function reconnect(
    chain: ReturnType<typeof createChain>,
    connectionLink: string,
    username: string,
  ) {
    const link = new URL(connectionLink)
    const page = await (
      await chain.sandbox.fetch(new Request(`${SERVICE}${link.pathname}${link.search}`))
    ).text()
    const action = /action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? ''
    const form = new URLSearchParams({ institution: 'platypus', username, password: 'pass_good' })
    await chain.sandbox.fetch(new Request(new URL(action, SERVICE), { method: 'POST', body: form }))
  }

  const liveStream = (chain: ReturnType<typeof createChain>) =>
    eventSourceOver((url, signal) =>
      chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
    ).EventSource

  it.each([
    ['without the live stream', false],
    ['with the live stream connected', true],
  ])('a failed data pull shows within 10 s of happening, %s', async (_, withStream) => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'ibv_data_acquire_failed',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Watched id={id} stream={withStream ? liveStream(chain) : undefined} />
      </IbvProvider>,
    )
    await settle()
    expect(shown()).toBe('initiated')
    // The pull fails 3 s after the connect.
    expect(await secondsUntil(chain, 'ibv_data_acquire_failed')).toBeLessThanOrEqual(3 + 10)
  })

  it('a wrong password: reconnect_required shows within 10 s, with the live stream connected', async () => {
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'reconnect_required',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Watched id={id} stream={liveStream(chain)} />
      </IbvProvider>,
    )
    expect(await secondsUntil(chain, 'reconnect_required')).toBeLessThanOrEqual(10)
  })

  it('a reconnect after ten quiet minutes: the failed pull that follows shows within 10 s, with the live stream connected', async () => {
    const chain = createChain({ clock: createManualClock() })
    const created = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'reconnect_required',
    })
    const id = created.product_request_id ?? ''
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Watched id={id} stream={liveStream(chain)} />
      </IbvProvider>,
    )
    for (let step = 0; step < 10; step++) await settle(60_000)
    expect(shown()).toBe('reconnect_required')
    // The consumer reconnects through the sandbox widget (from the reconnect link), with a login
    // whose data pull fails; the page hears of the success (the widget's onSuccess) and refetches.
    await reconnect(chain, created.ibv_connection_link ?? '', 'user_acquire_fail')
    fireEvent.click(screen.getByRole('button', { name: 'Reconnected' }))
    await settle()
    expect(shown()).toBe('initiated')
    expect(await secondsUntil(chain, 'ibv_data_acquire_failed')).toBeLessThanOrEqual(3 + 10)
  })

  it('an invalidation says a change is coming: a reconnect 20 s later shows within 10 s, with the live stream connected', async () => {
    const chain = createChain({ clock: createManualClock() })
    const queryClient = new QueryClient()
    const created = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'reconnect_required',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE} queryClient={queryClient}>
        <Watched id={created.product_request_id ?? ''} stream={liveStream(chain)} />
      </IbvProvider>,
    )
    for (let step = 0; step < 10; step++) await settle(60_000)
    // Something in the page expects a change (the widget said the consumer is reconnecting), but
    // the service shows it only 20 s later; nobody refetches then.
    await act(() => queryClient.invalidateQueries())
    for (let step = 0; step < 20; step++) await settle(1000)
    expect(shown()).toBe('reconnect_required')
    await reconnect(chain, created.ibv_connection_link ?? '', 'user_acquire_fail')
    expect(await secondsUntil(chain, 'initiated')).toBeLessThanOrEqual(10)
  })

  it('after a refresh, every state of the new request shows within 10 s, with the live stream connected', async () => {
    // The sandbox's webhooks go to the backend (the test kit wires them), whose stream carries
    // them to the page.
    const chain = createChain({ clock: createManualClock() })
    const { product_request_id: first = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    await chain.sandbox.advance(6)
    function Applicant({ stream }: { stream: typeof globalThis.EventSource }) {
      const [id, setId] = useState(first)
      return (
        <>
          <RefreshReportButton consumerId="LND-42" onRefreshed={setId} />
          <Watched id={id} stream={stream} />
        </>
      )
    }
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Applicant stream={liveStream(chain)} />
      </IbvProvider>,
    )
    await settle()
    expect(shown()).toBe('complete')
    for (let step = 0; step < 10; step++) await settle(60_000)
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    await settle()
    expect(shown()).toBe('initiated')
    // Acquired at 3 s (no webhook: polling finds it), complete at 6 s (the webhook).
    expect(await secondsUntil(chain, 'ibv_data_acquired')).toBeLessThanOrEqual(3 + 10)
    expect(await secondsUntil(chain, 'complete')).toBeLessThanOrEqual(6 + 10)
  })

  it.each([
    ['without the live stream', false],
    ['with the live stream connected', true],
  ])(
    'ten minutes of nothing happening: at most 33 report requests, and every 30 s after the first minute, %s',
    async (_, withStream) => {
      const chain = createChain({ clock: createManualClock() })
      const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
        consumer_id: 'LND-1',
        outcome: 'reconnect_required',
      })
      render(
        <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
          <Watched id={id} stream={withStream ? liveStream(chain) : undefined} />
        </IbvProvider>,
      )
      for (let step = 0; step < 600; step++) await settle(1000)
      const times = chain.timesOf('/api/ibv/reports/')
      // 15 in the first minute (at 0, 1, 3 and 7 s, then every 5 s), then one every 30 s.
      expect(times.length).toBeLessThanOrEqual(33)
      const start = times[0] ?? 0
      const late = times.filter((time) => time - start >= 70_000)
      expect(late.slice(1).every((time, index) => time - (late[index] ?? 0) >= 29_000)).toBe(true)
    },
  )
})
