import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import {
  IbvEvents,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
} from '../../src/index.js'

// A relayed event in real Chromium: the sandbox and the backend on the test server, the live stream
// connected. The event carries the final status, so the badge changes with no new read.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }

function Badge({ id }: { id: string }) {
  // Fast polls until the stream takes over (at ibv_data_acquired), then none within the test.
  const { status } = useIbvReport(id, { pollInitialMs: 250, pollActiveMs: 250, pollMaxMs: 60_000 })
  return status ? <ReportStatusBadge status={status} data-testid="badge" /> : null
}

describe('live events in Chromium', () => {
  it('report_generation_failed updates the badge without a new request to /reports', async () => {
    const created = await fetch(`${service}/sandbox/product_requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        consumer_id: `E2E-${crypto.randomUUID()}`,
        outcome: 'generation_failed',
      }),
    })
    const { product_request_id: id } = (await created.json()) as { product_request_id: string }
    // Every status the browser read from /reports.
    const read: string[] = []
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        if (String(input).includes('/api/ibv/reports/'))
          read.push(
            ((await response.clone().json()) as { ibv_report_status: string }).ibv_report_status,
          )
        return response
      },
    })
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={service}>
        <IbvEvents url="/api/ibv/events" />
        <Badge id={id} />
      </IbvProvider>,
    )
    // The sandbox acquires the data after 3 s and fails generation 3 s later, with a webhook.
    await waitFor(() => expect(read).toContain('ibv_data_acquired'), {
      timeout: 8_000,
      interval: 100,
    })
    const reads = read.length
    await waitFor(
      () => expect(screen.getByTestId('badge').dataset.status).toBe('generation_failed'),
      { timeout: 8_000, interval: 100 },
    )
    expect(read.slice(reads)).toEqual([])
    expect(read).not.toContain('generation_failed')
  }, 20_000)
})
