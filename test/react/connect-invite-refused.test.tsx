import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ConnectButton, createBackendFetchers, IbvProvider } from '../../src/index.js'
import { inviteBackend } from '../server/invite-backend.js'

// The borrower's page opened with a link that was already used: the real backend refuses the
// invite (401), so the page says why and no longer offers to connect.
describe('<ConnectButton invite> with a spent link', () => {
  it('says the link cannot be used, and its button is no longer offered', async () => {
    const env = inviteBackend()
    const invite = await env.invite('LND-42')
    expect((await env.complete(invite, await env.productRequest('LND-42'))).status).toBe(200)
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: (input, init) =>
        env.backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init)),
    })
    render(
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://service.test"
        queryClient={new QueryClient()}
      >
        <ConnectButton invite={invite}>Connect your bank</ConnectButton>
      </IbvProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect your bank' }) as HTMLButtonElement
    fireEvent.click(button)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This link cannot be used: it has expired, was already used, or is incomplete. Ask your lender for a new one.',
      ),
    )
    expect(button.disabled).toBe(true)
  })
})
