import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import {
  ConnectButton,
  EmbeddedReport,
  IbvError,
  IbvProvider,
  RefreshReportButton,
  useIbvReport,
  type IbvErrorCode,
  type IbvErrorSource,
} from '../../src/index.js'
import { createChain, SERVICE } from '../react/chain.js'
import { settle, withFakeTime } from '../react/settle.js'

// Each cell: a fault of the lender's backend, a component, and what the user must see; every
// retry loop stops at its bound (the request counts are asserted). Vitest fails the run on any
// unhandled rejection or uncaught error, so "never a crash" is checked by every cell.
// `code` and `source`: the typed error `onError` is given for the fault (which side failed).
const FAULTS = {
  throws: {
    respond: () => new TypeError('Failed to fetch'),
    retried: true,
    code: 'network',
    source: 'network',
  },
  '400 with fields': {
    respond: () =>
      Response.json(
        { message: 'Validation error', fields: { product_request_id: ['is invalid'] } },
        { status: 400 },
      ),
    retried: false,
    code: 'invalid_request',
    source: 'backend',
  },
  '401': {
    respond: () => Response.json({ message: 'Session expired' }, { status: 401 }),
    retried: false,
    code: 'unauthorized',
    source: 'backend',
  },
  '500': {
    respond: () => Response.json({ message: 'Internal error' }, { status: 500 }),
    retried: true,
    code: 'server_error',
    source: 'backend',
  },
  '501 without a body': {
    respond: () => new Response(null, { status: 501 }),
    retried: true,
    code: 'server_error',
    source: 'backend',
  },
  'hangs past the timeout': {
    respond: () => new Promise<Response>(() => undefined),
    retried: true,
    code: 'timeout',
    source: 'backend',
  },
  'malformed JSON': {
    respond: () => new Response('{"access_token": "t", "expires_in":', { status: 200 }),
    retried: false,
    code: 'malformed_response',
    source: 'backend',
  },
  'expires_in garbage': {
    respond: () =>
      Response.json({
        access_token: 't',
        expires_in: 'soon',
        product_request_id: 'IBV1',
        ibv_report_status: 'complete',
      }),
    retried: false,
    code: 'malformed_response',
    source: 'backend',
  },
} satisfies Record<
  string,
  {
    respond: () => Response | Error | Promise<Response>
    retried: boolean
    code: IbvErrorCode
    source: IbvErrorSource
  }
>

type Fault = keyof typeof FAULTS
const faults = Object.keys(FAULTS) as Fault[]
const TIMEOUT = { timeoutMs: 2000 }
const RETRIES = 3

withFakeTime()

function faulty(fault: Fault, route: string) {
  return createChain(
    {},
    (path) => (path.startsWith(route) ? FAULTS[fault].respond() : undefined),
    TIMEOUT,
  )
}

const expectedCalls = (fault: Fault, retries = RETRIES) => (FAULTS[fault].retried ? 1 + retries : 1)

describe.each(faults)('token-fetcher fault: %s', (fault) => {
  it('<EmbeddedReport> shows an error with Try again, after a bounded number of calls', async () => {
    const chain = faulty(fault, '/api/ibv/tokens')
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <EmbeddedReport productRequestId="IBV1" data-testid="report" />
      </IbvProvider>,
    )
    for (let step = 0; step < 12; step++) await settle(5000)
    expect(screen.getByTestId('report').dataset.state).toBe('error')
    expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded.')
    expect(chain.tokenCalls()).toBe(expectedCalls(fault))
  })

  it('<ConnectButton> shows an error and tells onError once which side failed, after a bounded number of calls', async () => {
    const chain = faulty(fault, '/api/ibv/tokens')
    const errors: unknown[] = []
    const exits: unknown[] = []
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ConnectButton
          consumerId="LND-1"
          onError={(error) => errors.push(error)}
          onExit={(...exit) => exits.push(exit)}
        />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    for (let step = 0; step < 12; step++) await settle(5000)
    expect(screen.getByRole('alert').textContent).toBe(
      'The bank connection could not be started. Try again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(chain.tokenCalls()).toBe(expectedCalls(fault))
    // Once, typed, after the retries; the widget never opened, so onExit is not told.
    expect(errors).toHaveLength(1)
    const [error] = errors as [IbvError]
    expect(error).toBeInstanceOf(IbvError)
    expect({ code: error.code, source: error.source }).toEqual({
      code: FAULTS[fault].code,
      source: FAULTS[fault].source,
    })
    // The lender's own server failed: its message never blames the service.
    expect(error.message).not.toMatch(/service/i)
    expect(exits).toEqual([])
  })
})

function ReportState({ id }: { id: string }) {
  const { status, error } = useIbvReport(id)
  return (
    <p role={error ? 'alert' : 'status'}>
      {error ? `error: ${(error as { code?: string }).code ?? 'unknown'}` : (status ?? 'loading')}
    </p>
  )
}

describe.each(faults)('report-fetcher fault: %s', (fault) => {
  it('useIbvReport exposes a typed error, after a bounded number of calls', async () => {
    const chain = faulty(fault, '/api/ibv/reports/')
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <ReportState id="IBV1" />
      </IbvProvider>,
    )
    for (let step = 0; step < 12; step++) await settle(5000)
    expect(screen.getByRole('alert').textContent).toMatch(
      /^error: (network|invalid_request|unauthorized|server_error|timeout|malformed_response)$/,
    )
    expect(chain.calls.filter((call) => call.startsWith('/api/ibv/reports/'))).toHaveLength(
      expectedCalls(fault),
    )
  })
})

describe.each(faults)('refresh-fetcher fault: %s', (fault) => {
  it('<RefreshReportButton> shows an error, calls once (a refresh is never retried), and works again', async () => {
    const chain = faulty(fault, '/api/ibv/refresh/')
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="LND-1" data-testid="refresh" />
      </IbvProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Refresh report' }))
    for (let step = 0; step < 4; step++) await settle(1000)
    expect(screen.getByTestId('refresh').dataset.state).toBe('error')
    expect(screen.getByRole('alert').textContent).toBe(
      'The refresh could not be sent. Check the connection and try again.',
    )
    expect(chain.calls.filter((call) => call.startsWith('/api/ibv/refresh/'))).toHaveLength(1)
    expect(
      (screen.getByRole('button', { name: 'Refresh report' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })
})
