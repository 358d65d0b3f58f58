import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  createBackendFetchers,
  IbvEvents,
  IbvProvider,
  InviteBorrowerButton,
  type IbvFetchers,
  type LiveEvent,
} from '../../src/index.js'
import { createMemoryInviteStore, type InviteStore } from '../../src/server/index.js'
import { inviteBackend } from '../server/invite-backend.js'
import { eventSourceOver } from './event-source.js'

// The officer's line under <InviteBorrowerButton>: where the newest invite sent to the applicant
// stands, read from the real backend (`GET /invites`) over the sandbox, whose clock the invites
// share. A "reload" is a new page: a new query client, so only the backend remembers.
const DAY = 86_400
const APP = 'https://lender.test'
const SENT = 'Nov 26, 2026' // the sandbox clock of inviteBackend() starts on 2026-11-26 09:00 UTC

type Backend = ReturnType<typeof inviteBackend>

/** The browser's fetchers over `backend`, counting the reads of `GET /invites`. */
function fetchersOver({ backend }: Backend) {
  const reads: string[] = []
  const fetchers = createBackendFetchers('/api/ibv', {
    fetch: (input, init) => {
      const url = new URL(String(input), APP)
      if (url.pathname === '/api/ibv/invites' && (init?.method ?? 'GET') === 'GET')
        reads.push(url.searchParams.get('consumer_id') ?? '')
      return backend.fetch(new Request(url, init))
    },
  })
  return { fetchers, reads }
}

/** An officer's page on Ada (LND-42), with the live stream (every applicant's) when `EventSource` is given. */
function openPage(
  fetchers: IbvFetchers,
  EventSource?: typeof globalThis.EventSource,
  onEvent?: (event: LiveEvent) => void,
) {
  return render(
    <IbvProvider
      fetchers={fetchers}
      serviceUrl="https://service.test"
      queryClient={new QueryClient()}
    >
      {EventSource && (
        <IbvEvents url="/api/ibv/events" EventSource={EventSource} onEvent={onEvent} />
      )}
      <InviteBorrowerButton consumerId="LND-42" consumerName="Ada" />
    </IbvProvider>,
  )
}

const root = () => document.querySelector<HTMLElement>('.ibv-invite')!
const line = (state: string) =>
  ({
    sent: `Invite link sent ${SENT}: Ada has not opened it yet.`,
    opened: `Invite link sent ${SENT}: Ada opened it but has not connected a bank yet.`,
    connected: `Invite link sent ${SENT}: Ada connected a bank with it.`,
    expired: `Invite link sent ${SENT}: it expired before Ada connected a bank.`,
  })[state]!

afterEach(() => {
  vi.restoreAllMocks()
})

describe('<InviteBorrowerButton>: where the newest invite stands', () => {
  it('shows no line before any invite; "sent" once the button created one (read again); a reload keeps the line, not the link', async () => {
    const env = inviteBackend()
    const { fetchers, reads } = fetchersOver(env)
    const page = openPage(fetchers)
    await waitFor(() => expect(reads).toEqual(['LND-42']))
    expect(root().dataset.state).toBe('idle')
    expect(root().hasAttribute('data-invite-state')).toBe(false)
    expect(root().querySelector('.ibv-invite__state')?.textContent ?? '').toBe('')

    fireEvent.click(screen.getByRole('button', { name: 'Invite Ada to connect a bank' }))
    expect(await screen.findByText(line('sent'))).toBeTruthy()
    expect(root().dataset.state).toBe('created')
    expect(root().dataset.inviteState).toBe('sent')
    expect(reads).toEqual(['LND-42', 'LND-42'])

    // The reload: the link was shown once (it is a credential); where the invite stands is the backend's.
    page.unmount()
    openPage(fetchers)
    expect(await screen.findByText(line('sent'))).toBeTruthy()
    expect(root().dataset.state).toBe('idle')
    expect(root().dataset.inviteState).toBe('sent')
    expect(document.querySelector('.ibv-invite code')).toBeNull()
  })

  it('"opened" once the borrower’s page asked for a token with the invite, after a reload', async () => {
    const env = inviteBackend()
    const { fetchers } = fetchersOver(env)
    const code = await env.invite('LND-42')
    const page = openPage(fetchers)
    expect(await screen.findByText(line('sent'))).toBeTruthy()

    expect((await env.token(code)).status).toBe(200)
    page.unmount()
    openPage(fetchers)
    expect(await screen.findByText(line('opened'))).toBeTruthy()
    expect(root().dataset.inviteState).toBe('opened')
  })

  it('"connected" as soon as invite_used arrives on the live stream: read again, with no reload; another applicant’s is not read', async () => {
    const env = inviteBackend()
    const { fetchers, reads } = fetchersOver(env)
    const source = eventSourceOver((url, signal) =>
      env.backend.fetch(new Request(new URL(url, APP), { signal })),
    )
    const code = await env.invite('LND-42')
    expect((await env.token(code)).status).toBe(200)
    const heard: LiveEvent[] = []
    openPage(fetchers, source.EventSource, (event) => heard.push(event))
    expect(await screen.findByText(line('opened'))).toBeTruthy()
    await waitFor(() => expect(source.instances[0]?.readyState).toBe(1))
    expect(reads).toEqual(['LND-42'])

    const id = await env.productRequest('LND-42')
    expect((await env.complete(code, id)).status).toBe(200)
    expect(await screen.findByText(line('connected'))).toBeTruthy()
    expect(root().dataset.inviteState).toBe('connected')
    expect(reads).toEqual(['LND-42', 'LND-42'])

    // Another applicant's invite used: this page's invites are not read again.
    const theirs = await env.invite('LND-OTHER')
    expect((await env.complete(theirs, await env.productRequest('LND-OTHER'))).status).toBe(200)
    await waitFor(() =>
      expect(
        heard.filter((event) => event.event === 'invite_used').map((event) => event.consumerId),
      ).toEqual(['LND-42', 'LND-OTHER']),
    )
    expect(reads).toEqual(['LND-42', 'LND-42'])
  })

  it('once the link shown was used, it is no longer offered: the line says so, and the button makes a new one', async () => {
    const env = inviteBackend()
    const { fetchers } = fetchersOver(env)
    const source = eventSourceOver((url, signal) =>
      env.backend.fetch(new Request(new URL(url, APP), { signal })),
    )
    openPage(fetchers, source.EventSource)
    await waitFor(() => expect(source.instances[0]?.readyState).toBe(1))
    fireEvent.click(screen.getByRole('button', { name: 'Invite Ada to connect a bank' }))
    expect(await screen.findByText(line('sent'))).toBeTruthy()
    const code =
      new URL(document.querySelector('.ibv-invite code')?.textContent ?? '').searchParams.get(
        'ibv_invite',
      ) ?? ''

    expect((await env.complete(code, await env.productRequest('LND-42'))).status).toBe(200)
    expect(await screen.findByText(line('connected'))).toBeTruthy()
    expect(document.querySelector('.ibv-invite code')).toBeNull()
    expect(root().dataset.state).toBe('idle')
    expect(screen.getByRole('button', { name: 'Invite Ada to connect a bank' })).toBeTruthy()
  })

  it('"expired" once the backend’s clock passed its expiry unused, after a reload', async () => {
    const env = inviteBackend({ invites: { ttlSeconds: DAY } })
    const { fetchers } = fetchersOver(env)
    await env.invite('LND-42')
    const page = openPage(fetchers)
    expect(await screen.findByText(line('sent'))).toBeTruthy()

    await env.sandbox.advance(DAY)
    page.unmount()
    openPage(fetchers)
    expect(await screen.findByText(line('expired'))).toBeTruthy()
    expect(root().dataset.inviteState).toBe('expired')
  })

  it('a read that fails shows no line and no error, and the button still creates an invite', async () => {
    const memory = createMemoryInviteStore()
    const failing: InviteStore = {
      ...memory,
      invitesOf: async () => Promise.reject(new Error('store down')),
    }
    const env = inviteBackend({ invites: { store: failing } })
    const { fetchers, reads } = fetchersOver(env)
    openPage(fetchers)
    await waitFor(() => expect(reads.length).toBeGreaterThan(0))

    fireEvent.click(screen.getByRole('button', { name: 'Invite Ada to connect a bank' }))
    await waitFor(() => expect(root().dataset.state).toBe('created'))
    expect(document.querySelector('.ibv-invite code')?.textContent).toContain('ibv_invite=')
    expect(root().hasAttribute('data-invite-state')).toBe(false)
    expect(root().querySelector('.ibv-invite__state')?.textContent ?? '').toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('without an invites fetcher: no line, no read, nothing logged', async () => {
    const errors = vi.spyOn(console, 'error')
    const env = inviteBackend()
    const { fetchers, reads } = fetchersOver(env)
    openPage({ ...fetchers, invites: undefined })
    fireEvent.click(screen.getByRole('button', { name: 'Invite Ada to connect a bank' }))
    await waitFor(() => expect(root().dataset.state).toBe('created'))
    expect(root().hasAttribute('data-invite-state')).toBe(false)
    expect(root().querySelector('.ibv-invite__state')).toBeNull()
    expect(reads).toEqual([])
    expect(errors).not.toHaveBeenCalled()
  })
})
