import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { commands, userEvent } from 'vitest/browser'
import {
  ConnectButton,
  IbvProvider,
  createBackendFetchers,
  type ConnectExitError,
  type ConnectExitMetadata,
} from '../../src/index.js'
import { brokenServices } from './broken-services.js'

// The connect dialog when the service cannot be reached, in real Chromium: a port where nothing
// listens, a service that answers 500, one that accepts and never answers. Each time the frame
// never says it is ready, so after `readyTimeoutMs` the dialog says so itself, outside the frame,
// and onExit hears WIDGET_UNAVAILABLE once. "Try again" against the same address, once it works
// again (a proxy to the sandbox on the test server), opens the real widget.
const READY_TIMEOUT_MS = 3000
/** Polling bound: the configured timeout, plus time for the token and a render on a busy machine. */
const WITHIN_TIMEOUT = { timeout: READY_TIMEOUT_MS + 6000 }
const UNAVAILABLE =
  'The bank connection could not be opened: the service did not answer. Try again in a moment.'

const brokenService = brokenServices()

function setup(serviceUrl: string) {
  const onExit = vi.fn<(error: ConnectExitError | null, metadata: ConnectExitMetadata) => void>()
  const onEvent = vi.fn<(name: string, metadata: Record<string, unknown>) => void>()
  render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={serviceUrl}>
      <ConnectButton
        consumerId={`UNAV-${crypto.randomUUID()}`}
        onExit={onExit}
        onEvent={onEvent}
        readyTimeoutMs={READY_TIMEOUT_MS}
      />
    </IbvProvider>,
  )
  return { onExit, onEvent, button: screen.getByRole('button', { name: 'Connect bank' }) }
}

/**
 * Opens the dialog; resolves to the widget URL its frame was given. The frame, silent so far (here
 * the browser's own error page), is not seen: the dialog says it is opening instead.
 */
async function open(button: HTMLElement) {
  await userEvent.click(button)
  const dialog = await screen.findByRole('dialog', { name: 'Connect your bank' })
  const frame = await within(dialog).findByTitle('Bank connection')
  expect(getComputedStyle(frame).visibility).toBe('hidden')
  expect(within(dialog).getByRole('status').textContent).toBe('Opening the bank connection…')
  return { dialog, src: (frame as HTMLIFrameElement).src }
}

/** The dialog's own error, shown within the timeout; the frame (the browser's error page) is gone. */
async function expectUnavailable(dialog: HTMLElement) {
  await waitFor(
    () => expect(within(dialog).getByRole('alert').textContent).toBe(UNAVAILABLE),
    WITHIN_TIMEOUT,
  )
  expect(within(dialog).queryByTitle('Bank connection')).toBeNull()
  const tryAgain = within(dialog).getByRole('button', { name: 'Try again' })
  expect(document.activeElement).toBe(tryAgain)
  return tryAgain
}

function expectExitedUnavailable(onExit: ReturnType<typeof setup>['onExit'], times: number) {
  expect(onExit).toHaveBeenCalledTimes(times)
  const [error, metadata] = onExit.mock.calls[times - 1]!
  expect(error).toEqual({ code: 'WIDGET_UNAVAILABLE', message: expect.stringMatching(/\S/) })
  expect(metadata).toEqual({ status: 'unavailable' })
}

const tokenOf = (src: string) => new URL(src).searchParams.get('token')

describe('the connect dialog when the service is unreachable, in Chromium', () => {
  for (const mode of ['refuse', 'error', 'hang'] as const) {
    it(`a service that ${mode === 'refuse' ? 'refuses connections' : mode === 'error' ? 'answers 500' : 'never answers'}: the error in the dialog, onExit once, then Try again opens the widget`, async () => {
      const service = await brokenService(mode)
      const { onExit, onEvent, button } = setup(service.url)
      const { dialog, src } = await open(button)
      expect(onExit).not.toHaveBeenCalled()
      await expectUnavailable(dialog)
      expectExitedUnavailable(onExit, 1)
      if (mode !== 'refuse')
        expect(await commands.brokenServiceRequests(service.id)).toBeGreaterThan(0)

      await commands.healBrokenService(service.id)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
      // The widget, on another origin than this page, says it opened: the first step is shown.
      await waitFor(
        () => expect(onEvent).toHaveBeenCalledWith('OPEN', { mode: 'connect' }),
        WITHIN_TIMEOUT,
      )
      await waitFor(() =>
        expect(parseInt(screen.getByTitle('Bank connection').style.height, 10)).toBeGreaterThan(
          300,
        ),
      )
      expect(getComputedStyle(screen.getByTitle('Bank connection')).visibility).toBe('visible')
      expect(within(dialog).queryByRole('status')).toBeNull()
      // A fresh token for the new attempt.
      const again = (screen.getByTitle('Bank connection') as HTMLIFrameElement).src
      expect(tokenOf(again)).toMatch(/\S/)
      expect(tokenOf(again)).not.toBe(tokenOf(src))
      // Well past the timeout, the widget that spoke is still shown and nothing more was reported.
      await new Promise((resolve) => setTimeout(resolve, READY_TIMEOUT_MS * 2))
      expect(within(dialog).queryByRole('alert')).toBeNull()
      expectExitedUnavailable(onExit, 1)
    })
  }

  it('each failure shown is reported once: Try again that fails again reports again; Close then reports nothing', async () => {
    const service = await brokenService('error')
    const { onExit, button } = setup(service.url)
    const { dialog } = await open(button)
    await expectUnavailable(dialog)
    expectExitedUnavailable(onExit, 1)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull())
    await expectUnavailable(dialog)
    expectExitedUnavailable(onExit, 2)
    // The error's own Close (the header's × is the other way out).
    const closes = within(dialog).getAllByRole('button', { name: 'Close' })
    await userEvent.click(closes.at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onExit).toHaveBeenCalledTimes(2)
    expect(document.activeElement).toBe(button)
  })

  it('Escape on the error closes the dialog without another report', async () => {
    const service = await brokenService('refuse')
    const { onExit, button } = setup(service.url)
    const { dialog } = await open(button)
    await expectUnavailable(dialog)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expectExitedUnavailable(onExit, 1)
    expect(document.activeElement).toBe(button)
  })
})
