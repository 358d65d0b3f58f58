import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { ConnectButton, IbvProvider, createBackendFetchers } from '../../src/index.js'
import type { IbvFetchers } from '../../src/core/fetchers.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createSandbox } from '../../src/sandbox/index.js'
import { es } from '../../src/locales/es.js'
import { settle, withFakeTime } from './settle.js'

// The provider's options and the button's, changed after mount: each takes effect on the next
// launch of the widget, with no remount. Tokens come from the real backend over the sandbox.
withFakeTime()

const KEY = 'sandbox-api-key'

/** A backend over its own sandbox at `serviceUrl`, and fetchers that count their token calls. */
function lenderBackend(serviceUrl = 'https://service.test') {
  const sandbox = createSandbox({ serviceUrl })
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: KEY, serviceUrl, fetch: sandbox.fetch }),
    authorize: () => true,
  })
  let tokenCalls = 0
  const fetchers: IbvFetchers = createBackendFetchers('/api/ibv', {
    fetch: async (input, init) => {
      const request = new Request(new URL(String(input), 'https://lender.test'), init)
      if (new URL(request.url).pathname === '/api/ibv/tokens') tokenCalls++
      return backend.fetch(request)
    },
  })
  return { fetchers, tokenCalls: () => tokenCalls }
}

const frame = () => document.querySelector<HTMLIFrameElement>('iframe.ibv-connect-dialog__frame')

async function launch(name = 'Connect bank') {
  fireEvent.click(screen.getByRole('button', { name }))
  await settle()
  return new URL(frame()!.src)
}

function close() {
  fireEvent.click(screen.getAllByRole('button', { name: /Close|Cerrar/ })[0]!)
}

describe('<ConnectButton> options changed after mount', () => {
  it("uses the provider's new fetchers for the next token", async () => {
    const first = lenderBackend()
    const second = lenderBackend()
    const page = (fetchers: IbvFetchers): ReactNode => (
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test">
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>
    )
    const { rerender } = render(page(first.fetchers))
    rerender(page(second.fetchers))
    await launch()
    expect(second.tokenCalls()).toBe(1)
    expect(first.tokenCalls()).toBe(0)
  })

  it("opens the widget at the provider's new serviceUrl", async () => {
    const { fetchers } = lenderBackend()
    const page = (serviceUrl: string): ReactNode => (
      <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>
    )
    const { rerender } = render(page('https://service.test'))
    expect((await launch()).origin).toBe('https://service.test')
    close()
    rerender(page('https://eu.service.test'))
    expect((await launch()).origin).toBe('https://eu.service.test')
  })

  it("asks the widget for the provider's new locale, and speaks it in the dialog", async () => {
    const { fetchers } = lenderBackend()
    const page = (locale?: typeof es): ReactNode => (
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test" locale={locale}>
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>
    )
    const { rerender } = render(page())
    expect((await launch()).searchParams.has('locale')).toBe(false)
    close()
    rerender(page(es))
    const src = await launch(es.messages.connectBank as string)
    expect(src.searchParams.get('locale')).toBe('es')
    expect(screen.getByRole('dialog').getAttribute('lang')).toBe('es')
  })

  it("shows the provider's new messages in the next dialog", async () => {
    const { fetchers } = lenderBackend()
    const page = (connectTitle?: string): ReactNode => (
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://service.test"
        messages={connectTitle ? { connectTitle } : undefined}
      >
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>
    )
    const { rerender } = render(page())
    await launch()
    expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
    close()
    rerender(page("Connect the applicant's bank"))
    await launch()
    expect(screen.getByRole('dialog', { name: "Connect the applicant's bank" })).toBeTruthy()
  })

  it('waits the new readyTimeoutMs on the next launch', async () => {
    const { fetchers } = lenderBackend()
    const page = (readyTimeoutMs: number): ReactNode => (
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test">
        <ConnectButton consumerId="LND-42" readyTimeoutMs={readyTimeoutMs} />
      </IbvProvider>
    )
    const { rerender } = render(page(60_000))
    rerender(page(2_000))
    await launch()
    await settle(2_000)
    expect(screen.getByRole('button', { name: 'Connect bank' }).dataset.state).toBe('unavailable')
  })
})
