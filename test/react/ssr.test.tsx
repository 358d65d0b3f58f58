// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { EmbeddedReport, IbvProvider, ReconnectPrompt, ReportStatusBadge, type IbvFetchers } from '../../src/index.js'

describe('server rendering', () => {
  it('renders every component with no window, no fetch and no error', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    let fetches = 0
    const fetchers: IbvFetchers = {
      token: async () => {
        fetches++
        return { access_token: 't', expires_in: 1800 }
      },
    }
    const html = renderToString(
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test">
        <EmbeddedReport productRequestId="IBV1" />
        <ReportStatusBadge status="complete" />
        <ReconnectPrompt connectionLink="https://service.test/connect?link=x" institutionName="Platypus Bank" />
      </IbvProvider>,
    )
    expect(fetches).toBe(0)
    expect(html).toContain('data-state="loading"')
    expect(html).not.toContain('<iframe')
    expect(html).toContain('data-status="complete"')
    expect(html).toContain('Reconnect Platypus Bank')
  })
})
