import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import {
  ConnectButton,
  IbvProvider,
  createBackendFetchers,
  type ConnectButtonProps,
} from '../../src/index.js'

// Banks that sign in with OAuth, through <ConnectButton> and the sandbox's real widget in
// Chromium. The page never leaves: the bank's answer is given over HTTP, and the lender's redirect
// page is this page rendering the button again with the address the bank sent back (the full
// page load is driven from Node in the demo's test).
const service = `${location.origin}/ibv-sandbox`
const WOMBAT = { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' }

function Lender(props: ConnectButtonProps) {
  return (
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <ConnectButton {...props} />
    </IbvProvider>
  )
}

/** The widget's document once `selector` is in it and it has loaded. */
async function widgetDocument(selector: string): Promise<Document> {
  return vi.waitFor(
    () => {
      const doc = document.querySelector<HTMLIFrameElement>('dialog iframe')?.contentDocument
      if (!doc?.querySelector(selector) || doc.readyState !== 'complete')
        throw new Error(`no ${selector} in the widget yet`)
      return doc
    },
    { timeout: 5000 },
  )
}

async function chooseWombat() {
  ;(await widgetDocument(`button[value="${WOMBAT.id}"]`))
    .querySelector<HTMLButtonElement>(`button[value="${WOMBAT.id}"]`)!
    .click()
}

const names = (onEvent: ReturnType<typeof vi.fn>) => onEvent.mock.calls.map(([name]) => name)

describe('banks that sign in with OAuth, through <ConnectButton>, in Chromium', () => {
  it("popup mode: the dialog's frame may open the bank's window, and onEvent hears OAUTH_OPENED", async () => {
    const onEvent = vi.fn()
    const onExit = vi.fn()
    render(<Lender consumerId={`OAUTH-${crypto.randomUUID()}`} onEvent={onEvent} onExit={onExit} />)
    screen.getByRole('button', { name: 'Connect bank' }).click()
    await chooseWombat()
    const doc = await widgetDocument('[data-ibv-oauth-waiting]')
    // Opened: the widget says so, not that the window was blocked.
    await waitFor(() =>
      expect(doc.querySelector<HTMLElement>('[data-ibv-oauth-waiting]')!.hidden).toBe(false),
    )
    expect(doc.querySelector<HTMLElement>('[data-ibv-oauth-blocked]')!.hidden).toBe(true)
    await waitFor(() =>
      expect(onEvent).toHaveBeenCalledWith('OAUTH_OPENED', {
        institution_id: WOMBAT.id,
        institution_name: WOMBAT.name,
        mode: 'popup',
      }),
    )
    screen.getByRole('button', { name: 'Close' }).click()
    expect(onExit).toHaveBeenCalledExactlyOnceWith(
      null,
      expect.objectContaining({ status: 'oauth', institutionName: WOMBAT.name }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('redirect mode: the bank returns to redirectUri, and the button there opens by itself, once, to onSuccess', async () => {
    const consumerId = `OAUTH-${crypto.randomUUID()}`
    const redirectUri = `${location.origin}/applicants/${consumerId}/bank-return?tab=bank`
    const first = { onEvent: vi.fn(), onExit: vi.fn() }
    const leaving = render(<Lender consumerId={consumerId} redirectUri={redirectUri} {...first} />)
    screen.getByRole('button', { name: 'Connect bank' }).click()
    await chooseWombat()
    expect(
      new URL(
        document.querySelector('dialog iframe')!.getAttribute('src')!,
        location.href,
      ).searchParams.get('redirect_uri'),
    ).toBe(redirectUri)
    const link = (
      await widgetDocument('a[data-ibv-oauth-redirect]')
    ).querySelector<HTMLAnchorElement>('a[data-ibv-oauth-redirect]')!
    expect(link.textContent).toBe(`Continue to ${WOMBAT.name}`)
    expect(link.target).toBe('_top')

    // What a click would do to the whole page, over HTTP: the bank's consent page, then Allow.
    const consent = await fetch(link.href)
    const state = new DOMParser()
      .parseFromString(await consent.text(), 'text/html')
      .querySelector<HTMLInputElement>('input[name="state"]')!.value
    const allowed = await fetch(`${service}/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ state, decision: 'allow', outcome: 'complete' }),
    })
    const received = new URL(allowed.url)
    expect(`${received.origin}${received.pathname}`).toBe(
      `${location.origin}/applicants/${consumerId}/bank-return`,
    )
    expect(received.searchParams.get('tab')).toBe('bank')
    expect(received.searchParams.get('oauth_state_id')).toBe(state)
    leaving.unmount()

    // The lender's redirect page: the same applicant, the address the bank sent back.
    const back = { onEvent: vi.fn(), onExit: vi.fn(), onSuccess: vi.fn() }
    render(
      <Lender
        consumerId={consumerId}
        redirectUri={redirectUri}
        receivedRedirectUri={received.href}
        {...back}
      />,
    )
    expect(await screen.findByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
    await waitFor(() => expect(back.onSuccess).toHaveBeenCalledTimes(1), { timeout: 5000 })
    expect(back.onSuccess).toHaveBeenCalledWith({
      productRequestId: expect.stringMatching(/^IBV/),
      institution: WOMBAT,
    })
    expect(names(back.onEvent)).toContain('OAUTH_COMPLETED')
    expect(back.onEvent).toHaveBeenCalledWith('OAUTH_COMPLETED', {
      institution_id: WOMBAT.id,
      institution_name: WOMBAT.name,
      mode: 'redirect',
    })
    expect(back.onExit).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a tampered oauth_state_id ends in onExit with OAUTH_STATE_INVALID, the dialog closed', async () => {
    const consumerId = `OAUTH-${crypto.randomUUID()}`
    const onExit = vi.fn()
    const onSuccess = vi.fn()
    const redirectUri = `${location.origin}/bank-return`
    // This tab left for the bank first: the widget was shown on the redirect path, then the page went.
    const leaving = render(<Lender consumerId={consumerId} redirectUri={redirectUri} />)
    screen.getByRole('button', { name: 'Connect bank' }).click()
    await widgetDocument('body')
    leaving.unmount()
    render(
      <Lender
        consumerId={consumerId}
        redirectUri={redirectUri}
        receivedRedirectUri={`${redirectUri}?oauth_state_id=os_tampered${crypto.randomUUID().slice(0, 8)}`}
        onExit={onExit}
        onSuccess={onSuccess}
      />,
    )
    await waitFor(() => expect(onExit).toHaveBeenCalledTimes(1), { timeout: 5000 })
    expect(onExit).toHaveBeenCalledWith(
      { code: 'OAUTH_STATE_INVALID', message: expect.any(String) },
      expect.objectContaining({ status: 'refused' }),
    )
    expect(onSuccess).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('idle')
  })
})
