import { es } from '../../src/locales/es.js'
import { describe, expect, it, vi } from 'vitest'
import { StrictMode, createRef } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { EmbeddedReport, IbvProvider, type EmbeddedReportState } from '../../src/react/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE, tokenOf } from './chain.js'
import { portalSpeaks, postMessageFrom } from './post-message.js'

const MINUTE = 60_000

withFakeTime(Date.UTC(2026, 10, 22, 9, 0, 0))

async function withReport(chain = createChain()) {
  const created = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-42' })
  return { ...chain, id: created.product_request_id ?? '' }
}

const frames = () => Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe'))
/** A portal whose clock is far ahead: the newest document loads and says its token expired. */
async function expireNewest() {
  const newest = frames().at(-1)!
  await portalSpeaks(newest, SERVICE)
  await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, newest.contentWindow)
}

describe('<EmbeddedReport>', () => {
  it('renders the portal iframe with a fresh token, a title and no referrer', async () => {
    const { fetchers, id, portalAccepts } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </IbvProvider>,
    )
    expect(screen.getByTestId('report').dataset.state).toBe('loading')
    expect(screen.getByRole('status').textContent).toBe('Loading the report…')
    await settle()
    const [iframe] = frames()
    // Loaded or not, the frame is hidden and the report loading until its page speaks.
    fireEvent.load(iframe!)
    expect(screen.getByTestId('report').dataset.state).toBe('loading')
    expect(iframe?.style.visibility).toBe('hidden')
    await portalSpeaks(iframe!, SERVICE)
    expect(screen.getByTestId('report').dataset.state).toBe('ready')
    expect(iframe?.style.visibility).toBe('')
    expect(iframe?.src).toMatch(
      /^https:\/\/service\.test\/portal\/embeddable_reports\?token=sbx_e_/,
    )
    expect(iframe?.title).toBe('Income and bank verification report')
    expect(iframe?.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(await portalAccepts(tokenOf(iframe!))).toBe(true)
  })

  it('fetches one token for five instances under StrictMode, and one more per lifetime', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    render(
      <StrictMode>
        <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
          {[1, 2, 3, 4, 5].map((n) => (
            <EmbeddedReport key={n} productRequestId={id} />
          ))}
        </IbvProvider>
      </StrictMode>,
    )
    await settle()
    expect(frames()).toHaveLength(5)
    expect(tokenCalls()).toBe(1)
    expect(new Set(frames().map(tokenOf)).size).toBe(1)
    await settle(28 * MINUTE)
    expect(tokenCalls()).toBe(2)
    await settle(29 * MINUTE)
    expect(tokenCalls()).toBe(3)
  })

  it('renews before expiry and swaps the new document in only once it has loaded', async () => {
    const { fetchers, id, tokenCalls, portalAccepts } = await withReport()
    const states: EmbeddedReportState[] = []
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId={id}
          data-testid="report"
          onStateChange={(state) => states.push(state)}
        />
      </IbvProvider>,
    )
    await settle()
    const first = frames()[0]!
    await portalSpeaks(first, SERVICE)
    await settle(28 * MINUTE - 1000)
    expect(tokenCalls()).toBe(1)
    await settle(1000)
    expect(tokenCalls()).toBe(2)
    const [current, next] = frames()
    expect(current).toBe(first)
    expect(next?.dataset.frame).toBe('next')
    // visibility: hidden alone keeps it from being seen, clicked, focused or read out.
    expect(next?.style.visibility).toBe('hidden')
    expect(screen.getByTestId('report').dataset.state).toBe('renewing')
    expect(await portalAccepts(tokenOf(next!))).toBe(true)
    await portalSpeaks(next!, SERVICE)
    await settle()
    expect(frames()).toEqual([next])
    expect(next?.dataset.frame).toBe('current')
    expect(screen.getByTestId('report').dataset.state).toBe('ready')
    expect(states).toEqual(['loading', 'ready', 'renewing', 'ready'])
  })

  it('never gives an iframe an expired token over an eight-hour session with hidden tabs and a two-hour sleep', async () => {
    const { fetchers, id, portalAccepts, tokenCalls } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    const checked = new Set<HTMLIFrameElement>()
    const checkNewFrames = async () => {
      for (const iframe of frames()) {
        if (checked.has(iframe)) continue
        checked.add(iframe)
        expect(await portalAccepts(tokenOf(iframe))).toBe(true)
        await portalSpeaks(iframe, SERVICE)
      }
      await settle()
    }
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    await settle()
    await checkNewFrames()
    let elapsed = 0
    while (elapsed < 8 * 60 * MINUTE) {
      if (elapsed === 90 * MINUTE) setVisibility('hidden')
      if (elapsed === 150 * MINUTE) setVisibility('visible')
      if (elapsed === 240 * MINUTE) {
        // The laptop sleeps for two hours: the wall clock jumps, no timer runs.
        vi.setSystemTime(Date.now() + 120 * MINUTE)
        elapsed += 120 * MINUTE
        const before = tokenCalls()
        setVisibility('visible')
        await settle()
        expect(tokenCalls()).toBe(before + 1)
      }
      await settle(5 * MINUTE)
      elapsed += 5 * MINUTE
      await checkNewFrames()
    }
    expect(checked.size).toBeGreaterThanOrEqual(14)
    expect(tokenCalls()).toBe(checked.size)
  })

  it('re-mints when the portal says the token expired, from this iframe and the service origin only', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    await settle()
    const iframe = frames()[0]!
    await postMessageFrom({ type: 'ibv:token_expired' }, 'https://evil.test', iframe.contentWindow)
    await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, window)
    await settle()
    expect(tokenCalls()).toBe(1)
    await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, iframe.contentWindow)
    await settle()
    expect(tokenCalls()).toBe(2)
  })

  it('defers a second expiry inside the 10 s window instead of dropping it, and says expired meanwhile', async () => {
    const { fetchers, id, tokenCalls, portalAccepts } = await withReport()
    const states: EmbeddedReportState[] = []
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId={id}
          data-testid="report"
          onStateChange={(state) => states.push(state)}
        />
      </IbvProvider>,
    )
    const root = screen.getByTestId('report')
    await settle()
    await portalSpeaks(frames()[0]!, SERVICE)
    await settle(20 * MINUTE)
    // The service ends the session: the portal says so, and a new token is minted at once.
    await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, frames()[0]!.contentWindow)
    await settle()
    expect(tokenCalls()).toBe(2)
    await portalSpeaks(frames()[1]!, SERVICE)
    await settle()
    expect(root.dataset.state).toBe('ready')
    // And again 3 s later: the portal shows "expired", the renewal waits for the window's end.
    await settle(3000)
    await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, frames()[0]!.contentWindow)
    expect(root.dataset.state).toBe('expired')
    window.dispatchEvent(new Event('focus'))
    await settle(6900)
    expect(tokenCalls()).toBe(2)
    expect(root.dataset.state).toBe('expired')
    await settle(100)
    expect(tokenCalls()).toBe(3)
    expect(root.dataset.state).toBe('renewing')
    const next = frames()[1]!
    expect(await portalAccepts(tokenOf(next))).toBe(true)
    await portalSpeaks(next, SERVICE)
    await settle()
    expect(frames()).toEqual([next])
    expect(root.dataset.state).toBe('ready')
    expect(states).toEqual([
      'loading',
      'ready',
      'expired',
      'renewing',
      'ready',
      'expired',
      'renewing',
      'ready',
    ])
  })

  it('Try again right after giving up mints at once, not when the 10 s window ends', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </IbvProvider>,
    )
    await settle()
    await expireNewest()
    await settle()
    for (let round = 0; round < 2; round++) {
      await expireNewest()
      await settle(10_000)
    }
    await expireNewest() // the third failure in a row, just after a re-mint: it gives up
    await settle()
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    const before = tokenCalls()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(tokenCalls()).toBe(before + 1)
  })

  it('after three failed renewals in a row shows the error with Try again, which starts over', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    const errors: unknown[] = []
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId={id}
          data-testid="report"
          onError={(error) => errors.push(error)}
        />
      </IbvProvider>,
    )
    const root = screen.getByTestId('report')
    await settle()
    // The first complaint is answered at once; each new token that dies within 10 s of that is a
    // failed renewal, and the next one waits for the end of the 10 s.
    await expireNewest()
    await settle()
    expect(tokenCalls()).toBe(2)
    await expireNewest()
    expect(root.dataset.state).toBe('expired')
    await settle(10_000)
    expect(tokenCalls()).toBe(3)
    await expireNewest()
    await settle(10_000)
    expect(tokenCalls()).toBe(4)
    await expireNewest()
    await settle(5 * MINUTE)
    expect(tokenCalls()).toBe(4)
    expect(root.dataset.state).toBe('error')
    expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded.')
    expect(errors).toEqual([expect.objectContaining({ code: 'unauthorized' })])
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(tokenCalls()).toBe(5)
    expect(root.dataset.state).toBe('renewing')
    await portalSpeaks(frames().at(-1)!, SERVICE)
    await settle()
    expect(frames()).toHaveLength(1)
    expect(root.dataset.state).toBe('ready')
    expect(screen.queryByRole('alert')).toBeNull()
    // Three failures again; then the scheduled renewal brings a good document: the error ends.
    for (const calls of [6, 7]) {
      await expireNewest()
      await settle(10_000)
      expect(tokenCalls()).toBe(calls)
    }
    await expireNewest()
    await settle()
    expect(root.dataset.state).toBe('error')
    await settle(28 * MINUTE)
    expect(tokenCalls()).toBe(8)
    await portalSpeaks(frames().at(-1)!, SERVICE)
    await settle()
    expect(root.dataset.state).toBe('ready')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('an expired page gives up its height, and a new document starts from its own', async () => {
    const { fetchers, id } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    await settle()
    const first = frames()[0]!
    await portalSpeaks(first, SERVICE)
    await postMessageFrom({ type: 'ibv:resize', height: 812 }, SERVICE, first.contentWindow)
    expect(first.style.height).toBe('812px')
    // A page cannot measure itself smaller than its frame: the one-line expired page would stay at 812.
    await settle(20 * MINUTE)
    await postMessageFrom({ type: 'ibv:token_expired' }, SERVICE, first.contentWindow)
    expect(first.style.height).toBe('')
    await postMessageFrom({ type: 'ibv:resize', height: 84 }, SERVICE, first.contentWindow)
    expect(first.style.height).toBe('84px')
    await settle()
    const next = frames()[1]!
    expect(next.style.height).toBe('')
    await postMessageFrom({ type: 'ibv:resize', height: 640 }, SERVICE, next.contentWindow)
    expect(next.style.height).toBe('640px')
    expect(first.style.height).toBe('84px')
    await portalSpeaks(next, SERVICE)
    await settle()
    expect(frames()).toEqual([next])
    expect(next.style.height).toBe('640px')
  })

  it('sizes itself from ibv:resize, and ignores noise', async () => {
    const { fetchers, id } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    await settle()
    const iframe = frames()[0]!
    const post = (
      data: unknown,
      origin = SERVICE,
      source: MessageEventSource | null = iframe.contentWindow,
    ) => postMessageFrom(data, origin, source)
    await post({ type: 'ibv:resize', height: 812.4 })
    expect(iframe.style.height).toBe('813px')
    for (const noise of [
      null,
      'ibv:resize',
      { type: 'ibv:resize' },
      { type: 'ibv:resize', height: -1 },
      { type: 'ibv:resize', height: 1e9 },
      { type: 'ibv:resize', height: '900' },
    ]) {
      await post(noise)
    }
    await post({ type: 'ibv:resize', height: 999 }, 'https://evil.test')
    await post({ type: 'ibv:resize', height: 999 }, SERVICE, window)
    expect(iframe.style.height).toBe('813px')
  })

  it('uses a fixed height when given one', async () => {
    const { fetchers, id } = await withReport()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} height={600} minHeight={200} />
      </IbvProvider>,
    )
    await settle()
    expect(frames()[0]?.style.height).toBe('600px')
    expect(frames()[0]?.style.minHeight).toBe('200px')
  })

  it('shows a 400 as an error at once: no retry loop', async () => {
    const chain = createChain()
    const errors: unknown[] = []
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId="IBVNOPE"
          data-testid="report"
          onError={(error) => errors.push(error)}
        />
      </IbvProvider>,
    )
    await settle(60_000)
    expect(chain.tokenCalls()).toBe(1)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded.')
    expect(errors).toEqual([expect.objectContaining({ code: 'invalid_request', status: 400 })])
  })

  it('shows a 401 as an error at once', async () => {
    const chain = createChain({}, (path) =>
      path === '/api/ibv/tokens'
        ? Response.json({ message: 'Session expired' }, { status: 401 })
        : undefined,
    )
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId="IBV1" data-testid="report" />
      </IbvProvider>,
    )
    await settle(60_000)
    expect(chain.tokenCalls()).toBe(1)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
  })

  it('retries network errors and 5xx a bounded number of times, then offers Try again', async () => {
    let failing = true
    const chain = createChain({}, (path) =>
      failing && path === '/api/ibv/tokens' ? new TypeError('Failed to fetch') : undefined,
    )
    const { id } = await withReport(chain)
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} data-testid="report" retries={3} />
      </IbvProvider>,
    )
    await settle(5 * MINUTE)
    expect(chain.tokenCalls()).toBe(4)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    failing = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(chain.tokenCalls()).toBe(5)
    expect(frames()).toHaveLength(1)
    await portalSpeaks(frames()[0]!, SERVICE)
    expect(screen.getByTestId('report').dataset.state).toBe('ready')
  })

  it('retries a 502 from the backend too', async () => {
    const chain = createChain({}, (path) =>
      path === '/api/ibv/tokens'
        ? Response.json({ message: 'Bad gateway' }, { status: 502 })
        : undefined,
    )
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId="IBV1" retries={2} />
      </IbvProvider>,
    )
    await settle(5 * MINUTE)
    expect(chain.tokenCalls()).toBe(3)
  })

  it('accepts render props for loading and error', async () => {
    const chain = createChain({}, () => Response.json({ message: 'no' }, { status: 400 }))
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId="IBV1"
          renderLoading={() => <span>Fetching…</span>}
          renderError={({ retry }) => (
            <button type="button" onClick={retry}>
              Reload report
            </button>
          )}
        />
      </IbvProvider>,
    )
    expect(screen.getByText('Fetching…')).toBeTruthy()
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Reload report' }))
    await settle()
    expect(chain.tokenCalls()).toBe(2)
  })

  it('passes className, style, other attributes and ref to the root', async () => {
    const { fetchers, id } = await withReport()
    const ref = createRef<HTMLDivElement>()
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId={id}
          ref={ref}
          className="mine"
          style={{ maxWidth: 700 }}
          aria-label="Report"
          data-testid="report"
        />
      </IbvProvider>,
    )
    const root = screen.getByTestId('report')
    expect(ref.current).toBe(root)
    expect(root.className).toBe('ibv-embedded-report mine')
    expect(root.style.maxWidth).toBe('700px')
    expect(root.getAttribute('aria-label')).toBe('Report')
  })

  it('never keeps showing the previous report when productRequestId changes', async () => {
    const chain = createChain({}, (path, attempt) =>
      path === '/api/ibv/tokens' && attempt > 1
        ? Response.json({ message: 'Not yours' }, { status: 403 })
        : undefined,
    )
    const { id } = await withReport(chain)
    const { rerender } = render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </IbvProvider>,
    )
    await settle()
    await portalSpeaks(frames()[0]!, SERVICE)
    expect(frames()).toHaveLength(1)
    rerender(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId="IBV-SOMEONE-ELSE" data-testid="report" />
      </IbvProvider>,
    )
    expect(frames()).toHaveLength(0)
    await settle()
    expect(frames()).toHaveLength(0)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
  })

  it("asks the hosted report for the provider's new language when it changes", async () => {
    const { fetchers, id } = await withReport()
    const { rerender } = render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    await settle()
    expect(new URL(frames()[0]!.src).searchParams.get('locale')).toBeNull()
    rerender(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE} locale={es}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>,
    )
    await settle()
    expect(frames().map((frame) => new URL(frame.src).searchParams.get('locale'))).toContain('es')
  })

  it('says which components are missing when used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<EmbeddedReport productRequestId="IBV1" />)).toThrow(
      '<EmbeddedReport> must be used within <IbvProvider>.',
    )
  })

  it('explains an empty productRequestId instead of fetching', async () => {
    const { fetchers, tokenCalls } = createChain()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId="" data-testid="report" />
      </IbvProvider>,
    )
    await settle()
    expect(tokenCalls()).toBe(0)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('needs a non-empty productRequestId'),
    )
  })
})
