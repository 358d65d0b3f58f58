// A bank that signs in on its own site (OAuth), in process: the applicant allows or denies at the
// bank's page, and your <ConnectButton> hears what the real widget would tell it; in redirect
// mode, your redirect page reopens the widget where the applicant left it.
import { afterEach, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { ConnectButton } from 'ibv-kit'
import { createIbvTestEnvironment, renderWithIbv } from 'ibv-kit/testing'

afterEach(cleanup)

it('Allow at the bank: the widget hands off and onSuccess runs', async () => {
  const env = createIbvTestEnvironment()
  const connected = vi.fn()
  const events = vi.fn()
  renderWithIbv(<ConnectButton consumerId="LND-1" onSuccess={connected} onEvent={events} />, env)
  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await env.settle()

  const productRequestId = await env.connect('LND-1', 'oauth_complete')
  expect(connected).toHaveBeenCalledWith(expect.objectContaining({ productRequestId }))
  expect(events).toHaveBeenCalledWith('OAUTH_COMPLETED', expect.objectContaining({ mode: 'popup' }))
  env.close()
})

it('Deny at the bank: no bank connected, the widget back at its list', async () => {
  const env = createIbvTestEnvironment()
  const connected = vi.fn()
  const events = vi.fn()
  renderWithIbv(<ConnectButton consumerId="LND-2" onSuccess={connected} onEvent={events} />, env)
  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await env.settle()

  expect(await env.connect('LND-2', 'oauth_denied')).toBeNull()
  expect(connected).not.toHaveBeenCalled()
  expect(events).toHaveBeenCalledWith(
    'OAUTH_CANCELLED',
    expect.objectContaining({ reason: 'denied' }),
  )
  expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
  env.close()
})

it('Redirect mode: the bank returns to your redirect page, whose widget hands off', async () => {
  const env = createIbvTestEnvironment()
  const redirectUri = `${location.origin}/applicants/LND-3/bank-return`
  const connected = vi.fn()
  renderWithIbv(<ConnectButton consumerId="LND-3" redirectUri={redirectUri} />, env)
  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await env.settle()

  const productRequestId = await env.connect('LND-3', {
    outcome: 'oauth_complete',
    // The browser leaves this page for the bank's, which sends it back to your redirect page at `url`.
    onRedirect: (url) => {
      cleanup()
      renderWithIbv(
        <ConnectButton
          consumerId="LND-3"
          redirectUri={redirectUri}
          receivedRedirectUri={url}
          onSuccess={connected}
        />,
        env,
      )
    },
  })
  expect(connected).toHaveBeenCalledWith(expect.objectContaining({ productRequestId }))
  env.close()
})
