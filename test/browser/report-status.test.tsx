import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { IbvEvents, IbvProvider, createBackendFetchers, useIbvReport } from '../../src/index.js'

// The report states, in real Chromium with real timers: the sandbox and the backend on the test
// server, the live stream connected (so webhook states need no polling). A data pull that fails
// has no webhook: polling alone must show it within 10 s of the failure.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }

function Status({ id }: { id: string }) {
  const { status } = useIbvReport(id)
  return <p data-testid="status" data-status={status ?? 'none'} />
}

describe('report status in Chromium', () => {
  it('a failed data pull shows within 10 s of happening, with the live stream connected', async () => {
    const response = await fetch(`${service}/sandbox/product_requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        consumer_id: `E2E-${crypto.randomUUID()}`,
        outcome: 'ibv_data_acquire_failed',
      }),
    })
    expect(response.status).toBe(201)
    const { product_request_id: id } = (await response.json()) as { product_request_id: string }
    render(
      <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
        <IbvEvents url="/api/ibv/events" />
        <Status id={id} />
      </IbvProvider>,
    )
    // The sandbox fails the pull 3 s after the request; 13 s from now bounds "within 10 s".
    await waitFor(
      () => expect(screen.getByTestId('status').dataset.status).toBe('ibv_data_acquire_failed'),
      { timeout: 13_000, interval: 250 },
    )
  }, 20_000)
})
