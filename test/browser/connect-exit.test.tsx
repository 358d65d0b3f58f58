import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import {
  ConnectButton,
  IbvProvider,
  createBackendFetchers,
  type ConnectExitMetadata,
} from '../../src/index.js'

// Leaving the sandbox widget in real Chromium: what onExit hands the lender after a wrong
// password, and Escape pressed while focus is inside the widget's frame (a key pressed in a frame
// never reaches the page around it, so the widget itself has to ask the dialog to close).
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }

async function statusOf(id: string): Promise<unknown> {
  const response = await fetch(`${service}/api/v2/ibv/requests/${encodeURIComponent(id)}`, {
    headers,
  })
  return ((await response.json()) as { ibv_report_status?: unknown }).ibv_report_status
}

function setup() {
  const onExit =
    vi.fn<
      (error: { code: string; message: string } | null, metadata: ConnectExitMetadata) => void
    >()
  const onSuccess = vi.fn()
  const onEvent = vi.fn()
  render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <ConnectButton
        consumerId={`E2E-${crypto.randomUUID()}`}
        onExit={onExit}
        onSuccess={onSuccess}
        onEvent={onEvent}
      />
    </IbvProvider>,
  )
  return {
    onExit,
    onSuccess,
    onEvent,
    button: screen.getByRole('button', { name: 'Connect bank' }),
  }
}

async function openWidget(button: HTMLElement) {
  button.focus()
  button.click()
  await screen.findByRole('dialog', { name: 'Connect your bank' })
  return page.frameLocator(page.getByTitle('Bank connection'))
}

async function chooseBank(frame: ReturnType<typeof page.frameLocator>) {
  await frame.getByRole('button', { name: 'Platypus Bank' }).click()
  await expect
    .element(frame.getByRole('heading', { name: 'Sign in to Platypus Bank' }))
    .toBeVisible()
}

async function wrongPassword(frame: ReturnType<typeof page.frameLocator>) {
  await chooseBank(frame)
  await frame.getByLabelText('Username').fill('user_good')
  await frame.getByLabelText('Password').fill('not-the-password')
  await frame.getByRole('button', { name: 'Continue' }).click()
  await expect
    .element(frame.getByRole('alert'))
    .toHaveTextContent('Check your username and password and try again')
}

/** onExit ran once, after a wrong password, naming the request that now waits in reconnect_required. */
async function expectRequestKept(onExit: ReturnType<typeof setup>['onExit']) {
  expect(onExit).toHaveBeenCalledTimes(1)
  const [error, metadata] = onExit.mock.calls[0]!
  expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS' })
  expect(metadata).toMatchObject({
    status: 'reconnect_required',
    productRequestId: expect.stringMatching(/^IBV/),
    institutionName: 'Platypus Bank',
  })
  expect(await statusOf(metadata.productRequestId!)).toBe('reconnect_required')
}

describe('leaving the connect widget, in Chromium', () => {
  it("in the dialog the widget shows no Exit button of its own: the dialog's × is the one close control", async () => {
    const { button } = setup()
    const frame = await openWidget(button)
    await wrongPassword(frame)
    // Server-rendered (a popup or a page on its own keeps it), hidden by the widget's script in a frame.
    await expect
      .element(frame.getByRole('button', { name: 'Exit', includeHidden: true }))
      .not.toBeVisible()
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1)
  })

  it('a wrong password, then Exit in a widget opened as a popup: ibv:exit names the request, which waits in reconnect_required', async () => {
    const token = await (
      await fetch(`${service}/api/v1/auth/tokens`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ consumer_id: `E2E-${crypto.randomUUID()}` }),
      })
    ).json()
    const popup = window.open(
      `${service}/connect?token=${token.access_token as string}&origin=${encodeURIComponent(location.origin)}`,
      'ibv-widget',
      'popup,width=420,height=700',
    )!
    try {
      const ready = (selector: string) =>
        vi.waitFor(
          () =>
            popup.document.querySelector<HTMLElement>(selector) ??
            Promise.reject(new Error(`no ${selector}`)),
          { timeout: 5000 },
        )
      ;(await ready('button[value="platypus"]')).click()
      ;((await ready('input[name="username"]')) as HTMLInputElement).value = 'user_good'
      ;(popup.document.querySelector('input[name="password"]') as HTMLInputElement).value = 'nope'
      popup.document.querySelector<HTMLFormElement>('form[method="post"]')!.requestSubmit()
      await ready('[role="alert"]')
      const exitButton = await ready('[data-ibv-exit-button]')
      await vi.waitFor(() => expect(popup.document.readyState).toBe('complete'))
      expect(exitButton.hidden).toBe(false)
      const exit = new Promise<Record<string, unknown>>((resolve) =>
        window.addEventListener('message', function listener(event) {
          if (
            event.source !== popup ||
            event.origin !== location.origin ||
            event.data?.type !== 'ibv:exit'
          )
            return
          window.removeEventListener('message', listener)
          resolve(event.data)
        }),
      )
      exitButton.click()
      const message = await exit
      expect(message).toMatchObject({
        error: { code: 'INVALID_CREDENTIALS' },
        metadata: { status: 'reconnect_required', institution_name: 'Platypus Bank' },
      })
      expect(
        await statusOf((message.metadata as { product_request_id: string }).product_request_id),
      ).toBe('reconnect_required')
    } finally {
      popup.close()
    }
  })

  it('Escape with focus in the widget frame closes the dialog, once, and gives focus back', async () => {
    const { onExit, button } = setup()
    const frame = await openWidget(button)
    await frame.getByLabelText('Search for your bank').click()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onExit).toHaveBeenCalledTimes(1)
    expect(onExit).toHaveBeenCalledWith(null, expect.objectContaining({ status: 'credentials' }))
    expect(document.activeElement).toBe(button)
  })

  it('Escape after a wrong password is the Exit button: the waiting request reaches onExit', async () => {
    const { onExit, button } = setup()
    const frame = await openWidget(button)
    await wrongPassword(frame)
    await frame.getByLabelText('Password').click()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onExit).toHaveBeenCalledTimes(1)
    const [error, metadata] = onExit.mock.calls[0]!
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    expect(metadata.productRequestId).toMatch(/^IBV/)
    expect(await statusOf(metadata.productRequestId!)).toBe('reconnect_required')
  })

  for (const way of ['its × button', 'Escape outside the widget frame'] as const) {
    it(`a wrong password, then closing the dialog with ${way}: onExit still names the waiting request`, async () => {
      const { onExit, onEvent, button } = setup()
      const frame = await openWidget(button)
      await wrongPassword(frame)
      // The page that says so also announces what leaving would report, right after its ERROR event.
      await waitFor(() => expect(onEvent).toHaveBeenCalledWith('ERROR', expect.anything()))
      const close = screen.getByRole('button', { name: 'Close' })
      if (way === 'its × button') await userEvent.click(close)
      else {
        close.focus()
        await userEvent.keyboard('{Escape}')
      }
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      await expectRequestKept(onExit)
      expect(document.activeElement).toBe(button)
    })
  }

  it('the × button before anything was submitted reports where the consumer left, as Escape inside does', async () => {
    const { onExit, onEvent, button } = setup()
    await openWidget(button)
    // The widget says what leaving would report right after its OPEN event, in the same order.
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith('OPEN', expect.anything()))
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onExit).toHaveBeenCalledExactlyOnceWith(
      null,
      expect.objectContaining({ status: 'credentials' }),
    )
    expect(onExit.mock.calls[0]![1].productRequestId).toBeUndefined()
  })
})
