import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createBackendFetchers, IbvEvents, IbvProvider, type LiveEvent } from '../../src/index.js'
import { inviteBackend } from '../server/invite-backend.js'
import { eventSourceOver } from './event-source.js'

/** An officer's page: the product request the live stream says the applicant's borrower connected. */
function Officer({ EventSource }: { EventSource: typeof globalThis.EventSource }) {
  const [taken, setTaken] = useState<string>()
  const onEvent = (event: LiveEvent) => {
    if (
      event.event === 'invite_used' &&
      event.consumerId === 'LND-42' &&
      typeof event.productRequestId === 'string'
    )
      setTaken(event.productRequestId)
  }
  return (
    <>
      <IbvEvents
        url="/api/ibv/events?consumer_id=LND-42"
        onEvent={onEvent}
        EventSource={EventSource}
      />
      <p data-testid="taken">{taken ?? 'none'}</p>
    </>
  )
}

describe('useIbvEvents and invites', () => {
  it('hands invite_used to onEvent, with the applicant and the new product request, and asks no report for it', async () => {
    const { backend, invite, complete, productRequest } = inviteBackend()
    const calls: string[] = []
    const source = eventSourceOver((url, signal) =>
      backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
    )
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: (input, init) => {
        calls.push(String(input))
        return backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init))
      },
    })
    render(
      <IbvProvider fetchers={fetchers} serviceUrl="https://service.test">
        <Officer EventSource={source.EventSource} />
      </IbvProvider>,
    )
    await waitFor(() => expect(source.instances[0]?.readyState).toBe(1))
    const code = await invite('LND-42')
    const id = await productRequest('LND-42')
    expect((await complete(code, id)).status).toBe(200)
    await waitFor(() => expect(screen.getByTestId('taken').textContent).toBe(id))
    expect(calls).toEqual([])
  })
})
