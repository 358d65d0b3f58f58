// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  ReconnectPrompt,
  RefreshReportButton,
  ReportStatusBadge,
  ReportView,
  InviteBorrowerButton,
  type IbvFetchers,
} from '../../src/index.js'

describe('server rendering', () => {
  it('renders every component with no window, no fetch and no error', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    let fetches = 0
    const fetchers: IbvFetchers = {
      report: async () => {
        fetches++
        throw new Error('no fetch during SSR')
      },
      token: async () => {
        fetches++
        return { access_token: 't', expires_in: 1800 }
      },
    }
    const html = renderToString(
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test">
        <EmbeddedReport productRequestId="IBV1" />
        <ReportStatusBadge status="complete" />
        <ReconnectPrompt
          connectionLink="https://service.test/connect?link=x"
          institutionName="Platypus Bank"
          consumerName="Ada"
        />
        <ReconnectPrompt
          connectionLink="https://service.test/connect?link=x"
          institutionName="Platypus Bank"
          audience="borrower"
        />
        <ConnectButton consumerId="LND-1" />
        <RefreshReportButton consumerId="LND-1" />
        <ReportView
          report={{
            product_request_id: 'IBV1',
            client_id: 'c',
            consumer_id: 'LND-1',
            reference_date: '2026-11-22',
            created_at: '2026-11-22 09:00:00',
            ibv_report_status: 'complete',
            accounts: [],
          }}
        />
      </IbvProvider>,
    )
    expect(fetches).toBe(0)
    expect(html).toContain('data-state="loading"')
    expect(html).not.toContain('<iframe')
    expect(html).toContain('data-status="complete"')
    expect(html).toContain('Ask Ada to reconnect Platypus Bank')
    expect(html).toContain('>Reconnect Platypus Bank<')
    expect(html).toContain('Connect bank')
    expect(html).toContain('Refresh report')
    expect(html).toContain('No accounts are connected.')
    expect(html).not.toContain('<dialog')
  })

  it('writes no style attribute, which a policy without unsafe-inline styles would block', () => {
    const fetchers: IbvFetchers = { token: async () => ({ access_token: 't', expires_in: 1800 }) }
    // A prefetched token puts the report's frame in the first paint, with a fixed height.
    const prefetched = [
      {
        productRequestId: 'IBV1',
        fetched_at: Date.now(),
        token: { access_token: 'tok', expires_in: 1800, issued_at: Date.now() },
        status: 'complete',
      },
    ]
    const html = renderToString(
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test" prefetched={prefetched}>
        <EmbeddedReport productRequestId="IBV1" height={600} minHeight={400} />
        <EmbeddedReport productRequestId="IBV2" />
        <ReportStatusBadge status="reconnect_required" />
        <ReconnectPrompt
          connectionLink="https://service.test/connect?link=x"
          institutionName="Platypus Bank"
        />
        <ConnectButton consumerId="LND-1" />
        <RefreshReportButton consumerId="LND-1" />
        <InviteBorrowerButton consumerId="LND-1" />
      </IbvProvider>,
    )
    expect(html).toContain('<iframe')
    expect(html).not.toMatch(/\sstyle=/)
    // The fixed height is in the first paint all the same, as the frame's own attribute.
    expect(html).toMatch(/<iframe[^>]* height="600"/)
  })
})
