import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { EmbeddedReport, IbvProvider, type IbvFetchers } from '../../src/react/index.js'
import { es } from '../../src/locales/es.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE, tokenOf } from './chain.js'
import { portalSpeaks } from './post-message.js'

// Options are live: a prop changed after mount takes effect on the mounted report, with no new
// session (the shown report stays, nothing is fetched for it).
const MINUTE = 60_000

withFakeTime(Date.UTC(2026, 10, 22, 9, 0, 0))

async function withReport(chain = createChain()) {
  const created = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-42' })
  return { ...chain, id: created.product_request_id ?? '' }
}

const frames = () => Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe'))
const state = () => screen.getByTestId('report').dataset.state

/** The chain's fetchers, with the token calls made through them counted. */
function counted(fetchers: IbvFetchers) {
  const counter = { calls: 0 }
  const token: IbvFetchers['token'] = (request) => {
    counter.calls++
    return fetchers.token(request)
  }
  return { fetchers: { ...fetchers, token }, counter }
}

describe('<EmbeddedReport> options changed after mount', () => {
  it("takes the provider's new fetchers: the next token comes from them", async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    const wrap = (children: ReactNode, with_: IbvFetchers) => (
      <IbvProvider fetchers={with_} serviceUrl={SERVICE}>
        {children}
      </IbvProvider>
    )
    const { rerender } = render(wrap(<EmbeddedReport productRequestId={id} />, fetchers))
    await settle()
    const next = counted(fetchers)
    rerender(wrap(<EmbeddedReport productRequestId={id} />, next.fetchers))
    await settle()
    expect(tokenCalls()).toBe(1)
    await settle(28 * MINUTE)
    expect(next.counter.calls).toBe(1)
    expect(tokenCalls()).toBe(2)
  })

  it('never hands a token minted for one service to another: a new serviceUrl fetches its own', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    const report = (serviceUrl: string) => (
      <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
        <EmbeddedReport productRequestId={id} />
      </IbvProvider>
    )
    const { rerender } = render(report(SERVICE))
    await settle()
    const first = new URL(frames()[0]?.src ?? '').searchParams.get('token')
    rerender(report('https://ibv.other.example'))
    await settle()
    expect(tokenCalls()).toBe(2)
    const sent = frames().map((frame) => new URL(frame.src))
    expect(sent.length).toBeGreaterThan(0)
    for (const url of sent) {
      expect(url.origin).toBe('https://ibv.other.example')
      expect(url.searchParams.get('token')).not.toBe(first)
    }
  })

  it('takes a new renewLeadSeconds: the held token is renewed that long before expiry', async () => {
    const { fetchers, id, tokenCalls } = await withReport()
    const report = (renewLeadSeconds?: number) => (
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} renewLeadSeconds={renewLeadSeconds} />
      </IbvProvider>
    )
    const { rerender } = render(report())
    await settle()
    await portalSpeaks(frames()[0]!, SERVICE)
    rerender(report(600))
    await settle(20 * MINUTE + 1_000)
    expect(tokenCalls()).toBe(2)
  })

  it('takes a new readyTimeoutMs: a page still loading has that long to speak', async () => {
    const { fetchers, id } = await withReport()
    const report = (readyTimeoutMs: number) => (
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport
          productRequestId={id}
          data-testid="report"
          readyTimeoutMs={readyTimeoutMs}
        />
      </IbvProvider>
    )
    const { rerender } = render(report(60_000))
    await settle()
    expect(state()).toBe('loading')
    rerender(report(5_000))
    await settle(5_000)
    expect(state()).toBe('error')
  })

  it('takes a new retries: the next token fetch retries that often', async () => {
    let failing = false
    const chain = createChain({}, (path) =>
      failing && path === '/api/ibv/tokens' ? new TypeError('Failed to fetch') : undefined,
    )
    const { id, tokenCalls } = await withReport(chain)
    const report = (retries: number) => (
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} retries={retries} />
      </IbvProvider>
    )
    const { rerender } = render(report(0))
    await settle()
    await portalSpeaks(frames()[0]!, SERVICE)
    failing = true
    rerender(report(2))
    await settle(28 * MINUTE)
    await settle(MINUTE)
    expect(tokenCalls()).toBe(1 + 3)
  })

  it('takes new messages: the texts change, the report stays', async () => {
    const { fetchers, id } = await withReport()
    const report = (title?: string) => (
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} messages={{ reportTitle: title }} />
      </IbvProvider>
    )
    const { rerender } = render(report())
    await settle()
    const [shown] = frames()
    rerender(report('Rapport'))
    await settle()
    expect(frames()).toEqual([shown])
    expect(shown!.title).toBe('Rapport')
  })

  it('takes a new locale: the report loads again in it, behind the shown one, then replaces it', async () => {
    const { fetchers, id } = await withReport()
    const report = (locale?: typeof es) => (
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE} locale={locale}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </IbvProvider>
    )
    const { rerender } = render(report())
    await settle()
    const [english] = frames()
    await portalSpeaks(english!, SERVICE)
    rerender(report(es))
    await settle()
    const [shown, next] = frames()
    expect(shown).toBe(english)
    expect(new URL(shown!.src).searchParams.get('locale')).toBeNull()
    expect(new URL(next!.src).searchParams.get('locale')).toBe('es')
    expect(tokenOf(next!)).not.toBe(tokenOf(english!))
    await portalSpeaks(next!, SERVICE)
    expect(frames()).toEqual([next])
    expect(state()).toBe('ready')
  })
})
