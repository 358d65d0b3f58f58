import { describe, expect, it, vi } from 'vitest'
import { StrictMode } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import {
  ConnectButton,
  IbvProvider,
  useConnectWidget,
  type UseConnectWidgetOptions,
} from '../../src/index.js'
import { settle, withFakeTime } from './settle.js'
import { createChain, SERVICE } from './chain.js'
import { postMessageFrom } from './post-message.js'

// The redirect path of banks that sign in with OAuth, through React: the lender's redirect page
// goes to the widget, and the page the bank sent the applicant back to opens it by itself, once.
withFakeTime()

const BACK = `${location.origin}/applicants/LND-42/bank-return`
const widgetFrame = () =>
  document.querySelector<HTMLIFrameElement>('iframe.ibv-connect-dialog__frame')
const widgetQuery = () => Object.fromEntries(new URL(widgetFrame()!.src).searchParams)
const post = (data: unknown) => postMessageFrom(data, SERVICE, widgetFrame()!.contentWindow)
const wombat = { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' }

function setup(props: Partial<UseConnectWidgetOptions> & { invite?: undefined }) {
  const chain = createChain()
  const handlers = { onSuccess: vi.fn(), onExit: vi.fn(), onEvent: vi.fn() }
  render(
    <StrictMode>
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ConnectButton consumerId="LND-42" {...handlers} {...props} />
      </IbvProvider>
    </StrictMode>,
  )
  return handlers
}

/** What this tab does before the bank sends it back: its button opened the widget on the redirect path. */
async function leaveForBank() {
  setup({ redirectUri: BACK })
  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await settle()
  expect(widgetFrame()).not.toBeNull()
  cleanup()
}

describe('<ConnectButton redirectUri receivedRedirectUri>, given a crafted link', () => {
  it('opens nothing and asks for no token when this tab never left for a bank', async () => {
    sessionStorage.clear()
    const chain = createChain()
    const onExit = vi.fn()
    render(
      <StrictMode>
        <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
          <ConnectButton
            consumerId="LND-42"
            redirectUri={BACK}
            receivedRedirectUri={`${BACK}?oauth_state_id=os_${crypto.randomUUID()}`}
            onExit={onExit}
          />
        </IbvProvider>
      </StrictMode>,
    )
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('idle')
    expect(chain.tokenCalls()).toBe(0)
    expect(onExit).not.toHaveBeenCalled()
  })
})

describe('<ConnectButton redirectUri receivedRedirectUri>', () => {
  it('opens by itself, once, with the state the bank returned (under StrictMode), and ends in onSuccess', async () => {
    await leaveForBank()
    const state = `os_${crypto.randomUUID()}`
    const { onSuccess, onEvent } = setup({
      redirectUri: BACK,
      receivedRedirectUri: `${BACK}?oauth_state_id=${state}`,
    })
    await settle()
    expect(screen.getAllByRole('dialog', { name: 'Connect your bank' })).toHaveLength(1)
    expect(widgetQuery()).toMatchObject({
      redirect_uri: BACK,
      oauth_state_id: state,
      token: expect.stringMatching(/^sbx_c_/),
    })

    await post({ type: 'ibv:ready' })
    await post({
      type: 'ibv:event',
      name: 'OAUTH_COMPLETED',
      metadata: { institution_id: wombat.id, institution_name: wombat.name, mode: 'redirect' },
    })
    await post({ type: 'ibv:success', product_request_id: 'IBV77', institution: wombat })
    expect(onEvent).toHaveBeenCalledExactlyOnceWith('OAUTH_COMPLETED', {
      institution_id: wombat.id,
      institution_name: wombat.name,
      mode: 'redirect',
    })
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith({
      productRequestId: 'IBV77',
      institution: wombat,
    })
    expect(screen.queryByRole('dialog')).toBeNull()

    // The button starts over: the redirect page still, the state no more.
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    expect(widgetQuery().redirect_uri).toBe(BACK)
    expect(widgetQuery()).not.toHaveProperty('oauth_state_id')
  })

  it('does nothing by itself without oauth_state_id', async () => {
    setup({ redirectUri: BACK, receivedRedirectUri: `${BACK}?applicant=LND-42` })
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('idle')
  })

  it('shows the error state, with a typed error, for a redirect page on another origin', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let error: unknown
    function Widget() {
      const widget = useConnectWidget({
        consumerId: 'LND-42',
        redirectUri: 'https://elsewhere.test/bank-return',
      })
      error = widget.error
      return (
        <>
          <button onClick={() => void widget.open()}>Open</button>
          {widget.widget}
        </>
      )
    }
    render(
      <IbvProvider fetchers={createChain().fetchers} serviceUrl={SERVICE}>
        <Widget />
        <ConnectButton consumerId="LND-42" redirectUri="/bank-return" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    await settle()
    expect(error).toMatchObject({
      name: 'IbvError',
      code: 'invalid_request',
      fields: { redirectUri: [expect.any(String)] },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'The bank connection could not be started. Try again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("puts the widget in a frame that may open the bank's window and send the page to the bank: no sandbox, allow or csp", async () => {
    setup({})
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    const frame = widgetFrame()!
    // Every attribute it has: none restricts what the widget's page may do.
    expect(
      frame
        .getAttributeNames()
        .filter((name) => name !== 'style')
        .sort(),
    ).toEqual(['class', 'referrerpolicy', 'src', 'title'])
  })
})
