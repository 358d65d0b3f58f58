import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ConnectButton, EmbeddedReport, IbvProvider } from '../../src/index.js'
import { createChain, SERVICE } from './chain.js'

// `<IbvProvider allowedServiceOrigins>`: the components load hosted pages, and ask for tokens, only
// for a service URL on an allowed origin (by default the provider's own serviceUrl's). A service
// URL elsewhere is refused with an IbvError before the token-fetcher is called.
describe('<IbvProvider allowedServiceOrigins>', () => {
  it('refuses a serviceUrl outside the list: the report and the widget show their error, no token is asked for', async () => {
    const chain = createChain()
    const onError = vi.fn()
    render(
      <IbvProvider
        fetchers={chain.fetchers}
        serviceUrl="https://evil.example"
        allowedServiceOrigins={[SERVICE]}
      >
        <EmbeddedReport productRequestId="IBV1" onError={onError} />
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>,
    )
    await waitFor(() =>
      expect(document.querySelector('.ibv-embedded-report')?.getAttribute('data-state')).toBe(
        'error',
      ),
    )
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        name: 'IbvError',
        code: 'invalid_request',
        fields: { serviceUrl: [expect.stringContaining('allowedServiceOrigins')] },
      }),
    )
    expect(screen.getAllByRole('alert')[0]!.textContent).toMatch(/could not be loaded/)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('error'),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelector('iframe')).toBeNull()
    expect(chain.tokenCalls()).toBe(0)
  })

  it('allows the listed origins', async () => {
    const chain = createChain()
    const created = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-7' })
    render(
      <IbvProvider
        fetchers={chain.fetchers}
        serviceUrl={`${SERVICE}/`}
        allowedServiceOrigins={['https://other.example', SERVICE]}
      >
        <EmbeddedReport productRequestId={created.product_request_id!} />
      </IbvProvider>,
    )
    await waitFor(() =>
      expect(document.querySelector('iframe')?.src).toMatch(
        /^https:\/\/service\.test\/portal\/embeddable_reports\?token=/,
      ),
    )
    expect(chain.tokenCalls()).toBe(1)
  })

  it('refuses a malformed list: the component shows its error, onError gets a TypeError naming the option, no token is asked for', async () => {
    const chain = createChain()
    const onError = vi.fn()
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE} allowedServiceOrigins={['*']}>
        <EmbeddedReport productRequestId="IBV1" onError={onError} />
      </IbvProvider>,
    )
    await waitFor(() =>
      expect(document.querySelector('.ibv-embedded-report')?.getAttribute('data-state')).toBe(
        'error',
      ),
    )
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.any(TypeError))
    expect(onError.mock.calls[0]![0].message).toMatch(
      /allowedServiceOrigins must be a non-empty array of http\(s\) origins/,
    )
    expect(chain.tokenCalls()).toBe(0)
  })
})

describe('a prefetched token and allowedServiceOrigins', () => {
  it('is never loaded at a refused origin', async () => {
    const chain = createChain()
    const now = Date.now()
    const prefetched = [
      {
        productRequestId: 'IBV1',
        fetched_at: now,
        status: 'complete',
        token: { access_token: 'tok-prefetched', expires_in: 1800, issued_at: now },
      },
    ]
    render(
      <IbvProvider
        fetchers={chain.fetchers}
        serviceUrl="https://evil.example"
        allowedServiceOrigins={[SERVICE]}
        prefetched={prefetched}
      >
        <EmbeddedReport productRequestId="IBV1" />
      </IbvProvider>,
    )
    await waitFor(() =>
      expect(document.querySelector('.ibv-embedded-report')?.getAttribute('data-state')).toBe(
        'error',
      ),
    )
    expect(document.querySelector('iframe')).toBeNull()
    expect(chain.tokenCalls()).toBe(0)
  })
})
