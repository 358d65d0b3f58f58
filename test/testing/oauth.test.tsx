import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { ConnectButton } from '../../src/index.js'
import { createIbvTestEnvironment, renderWithIbv } from '../../src/testing/index.js'

afterEach(() => {
  cleanup()
})

const OAUTH_BANK = { institution_id: 'wombat_oauth', institution_name: 'Wombat Bank (OAuth)' }

/** The `onEvent` calls of `spy` whose name starts with OAUTH_, as [name, metadata]. */
const oauthEvents = (spy: ReturnType<typeof vi.fn>) =>
  spy.mock.calls.filter(([name]) => String(name).startsWith('OAUTH_'))

describe('env.connect at a bank that signs in on its own site (OAuth), popup mode', () => {
  it('oauth_complete: Allow at the bank, the open widget hands off, onSuccess runs and the report is made', async () => {
    const env = createIbvTestEnvironment()
    const onSuccess = vi.fn()
    const onEvent = vi.fn()
    renderWithIbv(<ConnectButton consumerId="LND-1" onSuccess={onSuccess} onEvent={onEvent} />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })

    const id = await env.connect('LND-1', 'oauth_complete')
    expect(id).toMatch(/^IBV/)
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ productRequestId: id }))
    expect(oauthEvents(onEvent)).toEqual([
      ['OAUTH_OPENED', { ...OAUTH_BANK, mode: 'popup' }],
      ['OAUTH_COMPLETED', { ...OAUTH_BANK, mode: 'popup' }],
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
    await env.advance(6)
    expect(await env.fetchers.report(id)).toMatchObject({ kind: 'ready' })
    expect(env.webhooks.map((event) => [event.event, event.productRequestId])).toEqual([
      ['report_generated', id],
    ])
    env.close()
  })

  it('oauth_acquire_failed: connected, then the data pull fails as with user_acquire_fail', async () => {
    const env = createIbvTestEnvironment()
    const id = await env.connect('LND-2', { outcome: 'oauth_acquire_failed' })
    await env.advance(6)
    expect(JSON.stringify(await env.fetchers.report(id))).toContain('ibv_data_acquire_failed')
    env.close()
  })

  it('oauth_denied and oauth_closed: null, the widget stays open at the bank list, and the applicant can go on', async () => {
    const env = createIbvTestEnvironment()
    const onSuccess = vi.fn()
    const onEvent = vi.fn()
    renderWithIbv(<ConnectButton consumerId="LND-3" onSuccess={onSuccess} onEvent={onEvent} />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })

    expect(await env.connect('LND-3', 'oauth_denied')).toBeNull()
    expect(await env.connect('LND-3', 'oauth_closed')).toBeNull()
    expect(onSuccess).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
    expect(
      oauthEvents(onEvent).map(([name, metadata]) => [
        name,
        (metadata as { reason?: string }).reason,
      ]),
    ).toEqual([
      ['OAUTH_OPENED', undefined],
      ['OAUTH_CANCELLED', 'denied'],
      ['OAUTH_OPENED', undefined],
      ['OAUTH_CANCELLED', 'closed'],
    ])
    // Still in the widget: another bank (a password one) connects.
    const id = await env.connect('LND-3')
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ productRequestId: id }))
    env.close()
  })
})

describe('env.connect, redirect mode: the whole page goes to the bank and back', () => {
  it('with no widget open: redirectUri opens one in redirect mode; onRedirect is told where the bank sent the page', async () => {
    const env = createIbvTestEnvironment({ appOrigin: 'https://lender.test' })
    const onRedirect = vi.fn()
    const id = await env.connect('LND-4', {
      outcome: 'oauth_complete',
      redirectUri: 'https://lender.test/oauth-return?loan=7#top',
      onRedirect,
    })
    expect(id).toMatch(/^IBV/)
    expect(onRedirect).toHaveBeenCalledTimes(1)
    const url = new URL(onRedirect.mock.calls[0]?.[0] as string)
    expect(`${url.origin}${url.pathname}`).toBe('https://lender.test/oauth-return')
    expect(url.searchParams.get('loan')).toBe('7')
    expect(url.searchParams.get('oauth_state_id')).toMatch(/^os_/)
    expect(url.hash).toBe('')
    await env.advance(6)
    expect(await env.fetchers.report(id)).toMatchObject({ kind: 'ready' })

    expect(
      await env.connect('LND-5', {
        outcome: 'oauth_denied',
        redirectUri: 'https://lender.test/oauth-return',
      }),
    ).toBeNull()
    env.close()
  })
})

describe("env.connect, redirect mode with your app's widget", () => {
  const RETURN = `${location.origin}/applicants/LND-8/bank-return`

  it('onRedirect renders your redirect page; the widget it reopens is completed and its onSuccess runs', async () => {
    const env = createIbvTestEnvironment()
    const onEvent = vi.fn()
    const onSuccess = vi.fn()
    renderWithIbv(<ConnectButton consumerId="LND-8" redirectUri={RETURN} onEvent={onEvent} />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })

    const id = await env.connect('LND-8', {
      outcome: 'oauth_complete',
      // The browser loads your redirect page: a new page, so the first one goes away.
      onRedirect: (url) => {
        cleanup()
        renderWithIbv(
          <ConnectButton
            consumerId="LND-8"
            redirectUri={RETURN}
            receivedRedirectUri={url}
            onEvent={onEvent}
            onSuccess={onSuccess}
          />,
          env,
        )
      },
    })
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ productRequestId: id }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(oauthEvents(onEvent)).toEqual([
      ['OAUTH_OPENED', { ...OAUTH_BANK, mode: 'redirect' }],
      ['OAUTH_COMPLETED', { ...OAUTH_BANK, mode: 'redirect' }],
    ])
    env.close()
  })

  it('without onRedirect, or with a redirect page that does not reopen the widget: an Error that says what to do', async () => {
    const env = createIbvTestEnvironment()
    renderWithIbv(<ConnectButton consumerId="LND-9" redirectUri={RETURN} />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })
    await expect(env.connect('LND-9', 'oauth_complete')).rejects.toThrow(
      new RegExp(
        `^connect: the bank sent the page back to ${RETURN}\\?oauth_state_id=os_\\S+, and no widget opened with its oauth_state_id\\. Pass onRedirect to render your redirect page at that address\\.$`,
      ),
    )
    await expect(
      env.connect('LND-9', { outcome: 'oauth_complete', redirectUri: RETURN }),
    ).rejects.toThrow(
      /^connect: redirectUri opens a new widget in redirect mode, but your app has its widget open/,
    )
    const forgetful = (url: string) => {
      cleanup()
      // No receivedRedirectUri: the widget does not reopen.
      renderWithIbv(<p>Back from {new URL(url).pathname}</p>, env)
    }
    cleanup()
    renderWithIbv(<ConnectButton consumerId="LND-9" redirectUri={RETURN} />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })
    await expect(
      env.connect('LND-9', { outcome: 'oauth_complete', onRedirect: forgetful }),
    ).rejects.toThrow(/Does your redirect page give <ConnectButton> receivedRedirectUri\?$/)
    env.close()
  })
})

describe('env.connect: bad options are TypeErrors that say what is expected', () => {
  it('refuses an unknown outcome, option, redirect page or callback before opening anything', async () => {
    const env = createIbvTestEnvironment({ appOrigin: 'https://lender.test' })
    const served = vi.spyOn(env.sandbox, 'fetch')
    await expect(env.connect('LND-6', 'oauth_allow' as never)).rejects.toThrow(
      new TypeError(
        "connect: outcome must be one of 'complete', 'mfa', 'wrong_password', 'acquire_failed', 'generation_failed', 'oauth_complete', 'oauth_acquire_failed', 'oauth_denied', 'oauth_closed', not \"oauth_allow\".",
      ),
    )
    await expect(
      env.connect('LND-6', {
        outcome: 'oauth_complete',
        redirectURI: 'https://lender.test/r',
      } as never),
    ).rejects.toThrow(
      new TypeError(
        "connect: unknown option 'redirectURI'; the options are outcome, redirectUri, onRedirect.",
      ),
    )
    await expect(
      env.connect('LND-6', { outcome: 'oauth_complete', redirectUri: 'https://elsewhere.test/r' }),
    ).rejects.toThrow(
      new TypeError(
        'connect: redirectUri must be an absolute http(s) URL on this environment\'s appOrigin, such as https://lender.test/oauth-return, not "https://elsewhere.test/r".',
      ),
    )
    await expect(
      env.connect('LND-6', { outcome: 'oauth_complete', redirectUri: '/oauth-return' }),
    ).rejects.toThrow(TypeError)
    await expect(
      env.connect('LND-6', { onRedirect: 'https://lender.test/r' } as never),
    ).rejects.toThrow(
      new TypeError('connect: onRedirect must be a function (url) => …, not string.'),
    )
    await expect(
      env.connect('LND-6', { outcome: 'oauth_closed', redirectUri: 'https://lender.test/r' }),
    ).rejects.toThrow(/'oauth_closed' closes the bank's window, which only the popup mode has/)
    await expect(env.connect('LND-6', 42 as never)).rejects.toThrow(
      /the second argument is an outcome \('complete', 'oauth_complete', …\) or options \{ outcome, redirectUri, onRedirect \}, not 42\./,
    )
    // Refused before the sandbox was asked for anything.
    expect(served).not.toHaveBeenCalled()
    env.close()
  })
})
