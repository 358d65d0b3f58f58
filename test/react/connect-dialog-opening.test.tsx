import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { ConnectButton, IbvError, IbvProvider, createBackendFetchers } from '../../src/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { settle, withFakeTime } from './settle.js'
import { createIbvTestEnvironment, renderWithIbv } from 'ibv-kit/testing'
import { SERVICE } from './chain.js'
import { postMessageFrom } from './post-message.js'

withFakeTime()

const widgetFrame = () =>
  document.querySelector<HTMLIFrameElement>('iframe.ibv-connect-dialog__frame')!

describe('<ConnectButton> while the widget opens', () => {
  it('keeps the frame hidden, and says it is opening, until the widget speaks', async () => {
    renderWithIbv(
      <ConnectButton consumerId="LND-42" />,
      createIbvTestEnvironment({ serviceUrl: SERVICE }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await settle()
    // Loaded, but silent: it may be the browser's own error page, so it is not shown.
    expect(widgetFrame().style.visibility).toBe('hidden')
    expect(screen.getByRole('status').textContent).toBe('Opening the bank connection…')
    await postMessageFrom({ type: 'ibv:ready' }, SERVICE, widgetFrame().contentWindow)
    expect(widgetFrame().style.visibility).toBe('')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('tells onError once that the service failed when the backend says so, and not onExit', async () => {
    // The lender's real backend, whose calls to the service get a 503 (no connection is needed).
    const backend = createIbvBackend({
      client: createIbvClient({
        apiKey: 'sandbox-api-key',
        serviceUrl: SERVICE,
        retry: { attempts: 1 },
        fetch: async () => Response.json({ message: 'Down' }, { status: 503 }),
      }),
      authorize: () => true,
      onError: () => {},
    })
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: (input, init) =>
        backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init)),
    })
    const errors: IbvError[] = []
    const exits: unknown[] = []
    render(
      <IbvProvider fetchers={fetchers} serviceUrl={SERVICE}>
        <ConnectButton
          consumerId="LND-42"
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
    expect(
      errors.map((error) => ({
        instance: error instanceof IbvError,
        code: error.code,
        status: error.status,
        source: error.source,
      })),
    ).toEqual([{ instance: true, code: 'server_error', status: 502, source: 'service' }])
    expect(exits).toEqual([])
  })
})
