import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { commands, userEvent } from 'vitest/browser'
import {
  EmbeddedReport,
  IbvError,
  IbvProvider,
  createBackendFetchers,
  type EmbeddedReportState,
} from '../../src/index.js'
import { brokenServices } from './broken-services.js'

// <EmbeddedReport> when the service's report page cannot be reached, in real Chromium: a port
// where nothing listens, a service that answers 500, one that accepts and never answers. The
// browser fires `load` for its own error page, so only the report page's own messages (ibv:*)
// count: without one within `readyTimeoutMs` the report is in error, never "ready". "Try again"
// against the same address, once it works again (a proxy to the sandbox), shows the report.
const sandbox = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const READY_TIMEOUT_MS = 3000
/** Polling bound: the configured timeout, plus time for the token and a render on a busy machine. */
const WITHIN_TIMEOUT = { timeout: READY_TIMEOUT_MS + 6000 }

const brokenService = brokenServices()

async function completeReport(): Promise<string> {
  const control = async (path: string, body: unknown) =>
    (
      await fetch(`${sandbox}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json()
  const created = await control('/sandbox/product_requests', {
    consumer_id: `UNAV-${crypto.randomUUID()}`,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  return created.product_request_id
}

function mount(id: string, serviceUrl: string) {
  const onError = vi.fn<(error: unknown) => void>()
  const states: EmbeddedReportState[] = []
  render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={serviceUrl}>
      <EmbeddedReport
        productRequestId={id}
        data-testid="report"
        readyTimeoutMs={READY_TIMEOUT_MS}
        onError={onError}
        onStateChange={(state) => states.push(state)}
      />
    </IbvProvider>,
  )
  return { onError, states, root: screen.getByTestId('report') }
}

/** The frames a person can see: none of the browser's error pages. */
const visibleFrames = () =>
  Array.from(
    document.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'),
  ).filter((frame) => getComputedStyle(frame).visibility !== 'hidden')

function expectOneUnavailableError(onError: ReturnType<typeof mount>['onError']) {
  expect(onError).toHaveBeenCalledTimes(1)
  const [error] = onError.mock.calls[0]!
  expect(error).toBeInstanceOf(IbvError)
  expect(error).toMatchObject({ code: 'timeout', retryable: true })
}

describe('<EmbeddedReport> when the service is unreachable, in Chromium', () => {
  for (const mode of ['refuse', 'error', 'hang'] as const) {
    it(`a service that ${mode === 'refuse' ? 'refuses connections' : mode === 'error' ? 'answers 500' : 'never answers'}: error within the timeout, never ready, onError once, then Try again shows the report`, async () => {
      const id = await completeReport()
      const service = await brokenService(mode)
      const { onError, states, root } = mount(id, service.url)
      await waitFor(() => expect(root.dataset.state).toBe('error'), WITHIN_TIMEOUT)
      await waitFor(() => expect(states).toEqual(['loading', 'error']))
      expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded.')
      expect(visibleFrames()).toEqual([])
      expectOneUnavailableError(onError)
      if (mode !== 'refuse')
        expect(await commands.brokenServiceRequests(service.id)).toBeGreaterThan(0)

      await commands.healBrokenService(service.id)
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(root.dataset.state).toBe('ready'), WITHIN_TIMEOUT)
      // The real portal, on another origin than this page, said its height: the report is shown.
      expect(visibleFrames()).toHaveLength(1)
      await waitFor(() =>
        expect(parseInt(visibleFrames()[0]!.style.height, 10)).toBeGreaterThan(300),
      )
      // The report that spoke is shown and nothing more was reported (that this lasts well past the
      // timeout is the embed session's, tested with a fake clock in test/core/embed-session.test.ts).
      expect(root.dataset.state).toBe('ready')
      expect(screen.queryByRole('alert')).toBeNull()
      expectOneUnavailableError(onError)
    })
  }

  it('a working service: ready only once the report page has spoken, and no error after the timeout', async () => {
    const id = await completeReport()
    const { onError, states, root } = mount(id, sandbox)
    await waitFor(() => expect(root.dataset.state).toBe('ready'), WITHIN_TIMEOUT)
    // The report page's text is in the frame when it is called ready.
    const frame = visibleFrames()[0]!
    expect(frame.contentDocument?.body.textContent).toContain(id)
    expect(root.dataset.state).toBe('ready')
    expect(states).toEqual(['loading', 'ready'])
    expect(onError).not.toHaveBeenCalled()
  })
})
