import { afterEach, describe, expect, it, vi } from 'vitest'
import { Profiler } from 'react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ConnectButton, EmbeddedReport, IbvProvider } from '../../src/index.js'
import { createChain, SERVICE, tokenOf } from '../react/chain.js'
import { dispatchMessage, portalSpeaks, postMessageFrom } from '../react/post-message.js'
import { settle, withFakeTime } from '../react/settle.js'

const MINUTE = 60_000

withFakeTime(Date.UTC(2026, 10, 22, 9, 0, 0))
afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
})

async function mountReport(onRender?: () => void) {
  const chain = createChain()
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
    consumer_id: 'LND-1',
  })
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
      <Profiler id="report" onRender={() => onRender?.()}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </Profiler>
    </IbvProvider>,
  )
  await settle()
  const frame = () => document.querySelector<HTMLIFrameElement>('iframe[data-frame="current"]')!
  await portalSpeaks(frame(), SERVICE)
  await settle()
  return { chain, frame }
}

describe('the clock, the network and the tab', () => {
  it('a two-hour sleep: on wake the token is renewed at once and the new one is valid', async () => {
    const { chain, frame } = await mountReport()
    vi.setSystemTime(Date.now() + 120 * MINUTE)
    window.dispatchEvent(new Event('focus'))
    await settle()
    expect(chain.tokenCalls()).toBe(2)
    const next = document.querySelector<HTMLIFrameElement>('iframe[data-frame="next"]')!
    expect(await chain.portalAccepts(tokenOf(next))).toBe(true)
    await portalSpeaks(next, SERVICE)
    await settle()
    expect(frame()).toBe(next)
  })

  it('offline then online: the renewal that fell due while offline happens when the network returns', async () => {
    let offline = false
    const chain = createChain({}, (path) =>
      offline && path === '/api/ibv/tokens' ? new TypeError('Failed to fetch') : undefined,
    )
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId={id} data-testid="report" retries={1} />
      </IbvProvider>,
    )
    await settle()
    await portalSpeaks(document.querySelector('iframe')!, SERVICE)
    offline = true
    await settle(28 * MINUTE)
    for (let step = 0; step < 5; step++) await settle(5000)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    const failedCalls = chain.tokenCalls()
    expect(failedCalls).toBe(3)
    offline = false
    window.dispatchEvent(new Event('online'))
    await settle()
    expect(chain.tokenCalls()).toBe(failedCalls + 1)
    expect(screen.getByTestId('report').dataset.state).toBe('renewing')
  })

  it('the tab hidden for an hour: nothing is fetched while hidden past what is due, and showing it renews', async () => {
    const { chain } = await mountReport()
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    // Background tabs throttle timers: the wall clock moves an hour, the renewal timer does not fire.
    vi.setSystemTime(Date.now() + 60 * MINUTE)
    expect(chain.tokenCalls()).toBe(1)
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    await settle()
    expect(chain.tokenCalls()).toBe(2)
  })
})

describe('message noise', () => {
  it('a flood of 10,000 messages of every wrong kind: ignored, no re-render storm, the real one still works', async () => {
    let renders = 0
    const { frame } = await mountReport(() => renders++)
    const before = renders
    const windowOfFrame = frame().contentWindow
    await act(async () => {
      for (let index = 0; index < 10_000; index++) {
        const kind = index % 4
        const origin = kind === 0 ? 'https://evil.test' : SERVICE
        const source = kind === 1 ? window : windowOfFrame
        const data =
          kind === 2
            ? { type: 'ibv:resize', height: 'tall' }
            : kind === 3
              ? `junk-${index}`
              : { type: 'ibv:resize', height: 500 }
        dispatchMessage(data, origin, source)
      }
    })
    expect(renders - before).toBe(0)
    expect(frame().style.height).toBe('')
    await postMessageFrom({ type: 'ibv:resize', height: 640 }, SERVICE, windowOfFrame)
    expect(frame().style.height).toBe('640px')
  })

  it('the widget: 10,000 spoofed successes while it is open reach nobody', async () => {
    const chain = createChain()
    const onSuccess = vi.fn()
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ConnectButton consumerId="LND-1" onSuccess={onSuccess} />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    const widget = document.querySelector<HTMLIFrameElement>('dialog iframe')!.contentWindow
    await act(async () => {
      for (let index = 0; index < 10_000; index++) {
        const spoof = {
          type: 'ibv:success',
          product_request_id: `IBV${index}`,
          institution: { name: 'Evil' },
        }
        dispatchMessage(
          spoof,
          index % 2 ? 'https://evil.test' : SERVICE,
          index % 2 ? widget : window,
        )
      }
    })
    expect(onSuccess).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
