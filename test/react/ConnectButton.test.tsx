import { describe, expect, it, vi } from 'vitest'
import { StrictMode, type ComponentProps } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { ConnectButton, IbvProvider, useIbvReport } from '../../src/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'
import { postMessageFrom } from './post-message.js'

withFakeTime()

const widgetFrame = () =>
  document.querySelector<HTMLIFrameElement>('iframe.ibv-connect-dialog__frame')
const post = (
  data: unknown,
  origin = SERVICE,
  source: MessageEventSource | null | undefined = widgetFrame()?.contentWindow,
) => postMessageFrom(data, origin, source ?? null)

function setup(extra: Partial<ComponentProps<typeof ConnectButton>> & { invite?: undefined } = {}) {
  const chain = createChain()
  const handlers = {
    onSuccess: vi.fn(),
    onExit: vi.fn(),
    onEvent: vi.fn(),
    onInvalidMessage: vi.fn(),
  }
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
      <ConnectButton consumerId="LND-42" {...handlers} {...extra} />
    </IbvProvider>,
  )
  return { chain, ...handlers }
}

describe('<ConnectButton>', () => {
  it('gets a consumer token and opens the widget in a titled modal, focus inside', async () => {
    const { chain } = setup()
    const button = screen.getByRole('button', { name: 'Connect bank' })
    button.focus()
    fireEvent.click(button)
    expect(button.dataset.state).toBe('loading')
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Connect your bank' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const src = new URL(widgetFrame()!.src)
    expect(`${src.origin}${src.pathname}`).toBe(`${SERVICE}/connect`)
    expect(src.searchParams.get('token')).toMatch(/^sbx_c_/)
    expect(src.searchParams.get('origin')).toBe(window.location.origin)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    expect(chain.tokenCalls()).toBe(1)
  })

  it('decodes the widget messages into typed callbacks, and closes on success', async () => {
    const { onSuccess, onEvent } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    await post({ type: 'ibv:ready' })
    await post({ type: 'ibv:event', name: 'SUBMIT_CREDENTIALS', metadata: { step: 1 } })
    await post({
      type: 'ibv:success',
      product_request_id: 'IBV123',
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })
    expect(onEvent).toHaveBeenCalledWith('SUBMIT_CREDENTIALS', { step: 1 })
    expect(onSuccess).toHaveBeenCalledWith({
      productRequestId: 'IBV123',
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('reports the exit with its error, and closes', async () => {
    const { onExit } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    await post({
      type: 'ibv:exit',
      error: { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
      metadata: { status: 'reconnect_required' },
    })
    expect(onExit).toHaveBeenCalledWith(
      { code: 'MFA_NOT_COMPLETED', message: 'The verification step was not finished.' },
      { status: 'reconnect_required' },
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('surfaces the request a failed sign-in left waiting as typed exit metadata', async () => {
    const { onExit } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    const error = {
      code: 'INVALID_CREDENTIALS',
      message: 'The bank did not accept the credentials.',
    }
    await post({
      type: 'ibv:exit',
      error,
      metadata: {
        status: 'reconnect_required',
        product_request_id: 'IBV77',
        institution_name: 'Platypus Bank',
      },
    })
    expect(onExit).toHaveBeenCalledWith(error, {
      status: 'reconnect_required',
      productRequestId: 'IBV77',
      institutionName: 'Platypus Bank',
      product_request_id: 'IBV77',
      institution_name: 'Platypus Bank',
    })
  })

  it('leaves out exit metadata that is not text', async () => {
    const { onExit } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    await post({
      type: 'ibv:exit',
      error: null,
      metadata: { status: 7, product_request_id: ['IBV1'] },
    })
    expect(onExit.mock.calls[0]?.[1]?.productRequestId).toBeUndefined()
    expect(onExit.mock.calls[0]?.[1]?.status).toBeUndefined()
  })

  it('closes when the widget asks to (Escape inside its frame), as its close button does', async () => {
    const { onExit } = setup()
    const button = screen.getByRole('button', { name: 'Connect bank' })
    button.focus()
    fireEvent.click(button)
    await settle()
    await post({ type: 'ibv:close_requested' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onExit).toHaveBeenCalledExactlyOnceWith(null, { status: 'closed_by_user' })
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    await settle()
    const error = {
      code: 'INVALID_CREDENTIALS',
      message: 'The bank did not accept the credentials.',
    }
    await post({
      type: 'ibv:close_requested',
      error,
      metadata: { status: 'reconnect_required', product_request_id: 'IBV78' },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onExit).toHaveBeenLastCalledWith(
      error,
      expect.objectContaining({ status: 'reconnect_required', productRequestId: 'IBV78' }),
    )
  })

  it('ignores spoofed messages, and reports malformed ones from the widget', async () => {
    const { onSuccess, onInvalidMessage } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    const forged = {
      type: 'ibv:success',
      product_request_id: 'IBVEVIL',
      institution: { name: 'Evil' },
    }
    await post(forged, 'https://evil.test')
    await post(forged, SERVICE, window)
    expect(onSuccess).not.toHaveBeenCalled()
    expect(onInvalidMessage).not.toHaveBeenCalled()
    await post({ type: 'ibv:success', product_request_id: 42 })
    await post('hello')
    expect(onInvalidMessage).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('closes on Escape and on the close button, telling onExit, and gives focus back', async () => {
    const { onExit } = setup()
    const button = screen.getByRole('button', { name: 'Connect bank' })
    button.focus()
    fireEvent.click(button)
    await settle()
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onExit).toHaveBeenLastCalledWith(null, { status: 'closed_by_user' })
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onExit).toHaveBeenCalledTimes(2)
  })

  it('reuses the consumer token while valid and fetches a new one once it has expired', async () => {
    const { chain } = setup()
    const button = screen.getByRole('button', { name: 'Connect bank' })
    fireEvent.click(button)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(button)
    await settle()
    expect(chain.tokenCalls()).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    vi.setSystemTime(Date.now() + 3600_000)
    fireEvent.click(button)
    await settle()
    expect(chain.tokenCalls()).toBe(2)
  })

  it('opens one widget at a time, and one under StrictMode', async () => {
    const chain = createChain()
    render(
      <StrictMode>
        <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
          <ConnectButton consumerId="A">Connect A</ConnectButton>
          <ConnectButton consumerId="B">Connect B</ConnectButton>
        </IbvProvider>
      </StrictMode>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect A' }))
    fireEvent.click(screen.getByRole('button', { name: 'Connect A' }))
    await settle()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Connect B' }))
    await settle()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expect(new URL(widgetFrame()!.src).searchParams.get('token')).toMatch(/^sbx_c_/)
    expect(chain.tokenCalls()).toBe(2)
  })

  it('cleans up when unmounted while open', async () => {
    const chain = createChain()
    const onSuccess = vi.fn()
    const { unmount } = render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ConnectButton consumerId="LND-42" onSuccess={onSuccess} />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    const frameWindow = widgetFrame()?.contentWindow
    unmount()
    expect(document.querySelector('dialog')).toBeNull()
    await post(
      { type: 'ibv:success', product_request_id: 'IBV1', institution: { name: 'x' } },
      SERVICE,
      frameWindow,
    )
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('shows a visible error when no token can be had', async () => {
    const chain = createChain({}, () => Response.json({ message: 'Not yours' }, { status: 403 }))
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'The bank connection could not be started. Try again.',
    )
    expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('error')
  })
})

describe('<ConnectButton> with a report on the same page', () => {
  it('a success for a request already shown (a reconnect) asks for its report again at once', async () => {
    const chain = createChain()
    const created = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
      outcome: 'reconnect_required',
    })
    const id = created.product_request_id ?? ''
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ReportStatusBadgeFor id={id} />
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>,
    )
    await settle()
    const reportCalls = () => chain.calls.filter((call) => call === `/api/ibv/reports/${id}`).length
    const before = reportCalls()
    expect(before).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    await post({
      type: 'ibv:success',
      product_request_id: id,
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })
    await settle()
    expect(reportCalls()).toBe(before + 1)
  })
})

function ReportStatusBadgeFor({ id }: { id: string }) {
  const { status } = useIbvReport(id)
  return <p>{status ?? 'loading'}</p>
}
