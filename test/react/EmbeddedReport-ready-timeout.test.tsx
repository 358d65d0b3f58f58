import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { IbvError } from '../../src/core/index.js'
import { EmbeddedReport, IbvProvider, type EmbeddedReportState } from '../../src/react/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'
import { portalSpeaks, postMessageFrom } from './post-message.js'

// <EmbeddedReport> calls a frame ready only when its page speaks the report's protocol, and
// shows its own error when the page says nothing within the ready timeout (the browser's error
// page fires `load` but never posts). In fake time; real broken services are in test/browser.
const MINUTE = 60_000

withFakeTime(Date.UTC(2026, 10, 22, 9, 0, 0))

async function mount(props: { readyTimeoutMs?: number; providerTimeoutMs?: number } = {}) {
  const chain = createChain()
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
    consumer_id: 'LND-42',
  })
  const errors: unknown[] = []
  const states: EmbeddedReportState[] = []
  render(
    <IbvProvider
      fetchers={chain.fetchers}
      serviceUrl={SERVICE}
      readyTimeoutMs={props.providerTimeoutMs}
    >
      <EmbeddedReport
        productRequestId={id}
        data-testid="report"
        readyTimeoutMs={props.readyTimeoutMs}
        onError={(error) => errors.push(error)}
        onStateChange={(state) => states.push(state)}
      />
    </IbvProvider>,
  )
  await settle()
  return { chain, errors, states, root: screen.getByTestId('report') }
}

const frames = () => Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe'))

describe('<EmbeddedReport> ready timeout', () => {
  it('a page that only fires load, never speaking, is an error after 10 s: hidden, onError once, Try again loads it anew', async () => {
    const { errors, states, root } = await mount()
    const first = frames()[0]!
    fireEvent.load(first)
    await settle(9_000)
    expect(root.dataset.state).toBe('loading')
    await settle(1_000)
    expect(root.dataset.state).toBe('error')
    expect(first.style.visibility).toBe('hidden')
    expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded.')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(IbvError)
    expect(errors[0]).toMatchObject({ code: 'timeout', retryable: true })
    // Nothing more is reported while the error is shown.
    await settle(MINUTE)
    expect(errors).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    const again = frames()[0]!
    expect(frames()).toHaveLength(1)
    expect(again, 'a new iframe, so the page loads again').not.toBe(first)
    // With a new token, as every "Try again" of the report and of the connect widget asks for.
    expect(again.src).not.toBe(first.src)
    expect(root.dataset.state).toBe('loading')
    await portalSpeaks(again, SERVICE)
    expect(root.dataset.state).toBe('ready')
    await settle(MINUTE)
    expect(errors).toHaveLength(1)
    expect(states).toEqual(['loading', 'error', 'loading', 'ready'])
  })

  it('a page that speaks after the timeout is shown after all, and the error ends', async () => {
    const { errors, states, root } = await mount()
    const late = frames()[0]!
    await settle(10_000)
    expect(root.dataset.state).toBe('error')
    await portalSpeaks(late, SERVICE)
    expect(root.dataset.state).toBe('ready')
    expect(late.style.visibility).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(errors).toHaveLength(1)
    expect(states).toEqual(['loading', 'error', 'ready'])
  })

  it('a message from another origin or window does not make the frame ready', async () => {
    const { root } = await mount()
    const frame = frames()[0]!
    await postMessageFrom({ type: 'ibv:ready' }, 'https://evil.test', frame.contentWindow)
    await postMessageFrom({ type: 'ibv:ready' }, SERVICE, window)
    expect(root.dataset.state).toBe('loading')
    await settle(10_000)
    expect(root.dataset.state).toBe('error')
  })

  it('a renewal whose page never speaks: the shown report stays, the error says so, Try again reloads the new one', async () => {
    const { chain, errors, root } = await mount()
    const first = frames()[0]!
    await portalSpeaks(first, SERVICE)
    await settle(28 * MINUTE)
    expect(chain.tokenCalls()).toBe(2)
    expect(root.dataset.state).toBe('renewing')
    await settle(10_000)
    expect(root.dataset.state).toBe('error')
    expect(frames()[0]).toBe(first)
    expect(first.style.visibility).toBe('')
    expect(errors).toEqual([expect.objectContaining({ code: 'timeout' })])
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    const next = frames()[1]!
    expect(root.dataset.state).toBe('renewing')
    await portalSpeaks(next, SERVICE)
    expect(frames()).toEqual([next])
    expect(root.dataset.state).toBe('ready')
  })

  it('the timeout is configurable on the provider, and per component', async () => {
    const provider = await mount({ providerTimeoutMs: 3_000 })
    await settle(2_900)
    expect(provider.root.dataset.state).toBe('loading')
    await settle(100)
    expect(provider.root.dataset.state).toBe('error')
  })

  it("the component's own readyTimeoutMs wins over the provider's", async () => {
    const { root } = await mount({ providerTimeoutMs: 3_000, readyTimeoutMs: 20_000 })
    await settle(19_000)
    expect(root.dataset.state).toBe('loading')
    await settle(1_000)
    expect(root.dataset.state).toBe('error')
  })
})
