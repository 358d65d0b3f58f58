import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import {
  IbvError,
  InviteBorrowerButton,
  createBackendFetchers,
  type InviteResponse,
  type InviteState,
  type InviteStatus,
} from 'ibv-kit'
import { API } from './story-urls.ts'

// A real invite carries a random id and its signature, different on every run: the stories answer
// with this one, so that their screenshots repeat. The backend's own answers are tested in
// test/server/invites.test.ts and, through this component, in test/engines/invite.test.ts and
// test/demo/invite-live.test.ts.
const INVITE: InviteResponse = {
  url: 'https://apply.northwind.example/borrower?ibv_invite=v1.eyJpIjoiU1RPUlkiLCJjIjoiTE5ELTQyIiwiZSI6MTc5NjI5MjAwMH0.q8Zr3F0tXw1bN5mC7yKp2LhV9sDa4EoUj6TgWi',
  expires_at: '2026-12-03T09:00:00.000Z',
}
const answering = (invite: () => Promise<InviteResponse>) => () => ({
  ...createBackendFetchers(API),
  invite,
})

// Where an invite stands is the backend's answer (`GET /invites`); the stories answer with fixed
// ones, sent on Nov 29, 2026, so that their screenshots repeat. The real backend's answers are
// tested in test/server/invite-states.test.ts, and through this component in
// test/react/InviteBorrowerButton-state.test.tsx.
const STATES: InviteState[] = ['sent', 'opened', 'connected', 'expired']
const sentInvite = (state: InviteState): InviteStatus => ({
  state,
  sent_at: '2026-11-29T15:00:00.000Z',
  expires_at: '2026-12-06T15:00:00.000Z',
  ...(state === 'connected' ? { product_request_id: 'IBV0000000042' } : {}),
})
/** The newest invite of every applicant stands at `state`; or, for `LND-<state>`, at that state. */
const standing = (state?: InviteState) => () => ({
  ...createBackendFetchers(API),
  invite: async () => INVITE,
  invites: async (consumerId: string) => [
    sentInvite(state ?? (consumerId.slice('LND-'.length) as InviteState)),
  ],
})
const stateLine = (canvasElement: HTMLElement, state: InviteState) =>
  waitFor(() =>
    expect(
      canvasElement.querySelector(`.ibv-invite[data-invite-state="${state}"] .ibv-invite__state`),
    ).toBeVisible(),
  )

const meta = {
  title: 'Components/InviteBorrowerButton',
  component: InviteBorrowerButton,
  args: { consumerId: 'LND-42', consumerName: 'Ada', onSend: fn() },
  parameters: { fetchers: answering(async () => INVITE) },
} satisfies Meta<typeof InviteBorrowerButton>

export default meta
type Story = StoryObj<typeof meta>

const create = async (
  canvasElement: HTMLElement,
  userEvent: { click(element: Element): Promise<void> },
) => {
  await userEvent.click(
    within(canvasElement).getByRole('button', { name: 'Invite Ada to connect a bank' }),
  )
}

/** Before anything is created: one button, in the staff voice. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.ibv-invite')).toHaveAttribute('data-state', 'idle')
  },
}

/** The link to copy or send, and the day it stops working. */
export const Created: Story = {
  play: async ({ canvasElement, userEvent, args }) => {
    await create(canvasElement, userEvent)
    const canvas = within(canvasElement)
    await waitFor(() =>
      expect(canvasElement.querySelector('.ibv-invite')).toHaveAttribute('data-state', 'created'),
    )
    await expect(canvasElement.querySelector('code')).toHaveTextContent(INVITE.url)
    await expect(canvas.getByText('Expires Dec 3, 2026')).toHaveAttribute(
      'datetime',
      INVITE.expires_at,
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Send to Ada' }))
    await expect(args.onSend).toHaveBeenCalledWith(INVITE.url)
  },
}

/** "Copy link" puts the link on the clipboard, and says so. */
export const Copied: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await create(canvasElement, userEvent)
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Link copied.'))
    await expect(await navigator.clipboard.readText()).toBe(INVITE.url)
  },
}

/** Without a name: "the applicant". */
export const WithoutName: Story = {
  args: { consumerName: undefined },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Invite the applicant to connect a bank' }),
    ).toBeVisible()
  },
}

/** The backend failed: the officer is told, and can press the button again. */
export const CreationFailed: Story = {
  parameters: {
    fetchers: answering(() =>
      Promise.reject(new IbvError('server_error', 'The IBV backend failed.', { status: 500 })),
    ),
  },
  play: async ({ canvasElement, userEvent }) => {
    await create(canvasElement, userEvent)
    const canvas = within(canvasElement)
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        'The invite link could not be created. Try again.',
      ),
    )
    await expect(canvas.getByRole('button', { name: 'Invite Ada to connect a bank' })).toBeEnabled()
  },
}

/** `authorize` said no (403): this officer may not invite this applicant. */
export const Forbidden: Story = {
  parameters: {
    fetchers: answering(() =>
      Promise.reject(new IbvError('forbidden', 'You are not allowed to do this.', { status: 403 })),
    ),
  },
  play: async ({ canvasElement, userEvent }) => {
    await create(canvasElement, userEvent)
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'You are not allowed to invite this applicant.',
      ),
    )
  },
}

/** The newest invite sent, not opened yet: the line under the button, read from the backend (so a reload keeps it). */
export const Sent: Story = {
  parameters: { fetchers: standing('sent') },
  play: async ({ canvasElement }) => {
    await stateLine(canvasElement, 'sent')
    await expect(canvasElement.querySelector('.ibv-invite__state')).toHaveTextContent(
      'Invite link sent Nov 29, 2026: Ada has not opened it yet.',
    )
  },
}

/** Ada opened the link (her page asked for a token with it) but has not connected a bank. */
export const Opened: Story = {
  parameters: { fetchers: standing('opened') },
  play: async ({ canvasElement }) => {
    await stateLine(canvasElement, 'opened')
    await expect(canvasElement.querySelector('.ibv-invite__state')).toHaveTextContent(
      'Invite link sent Nov 29, 2026: Ada opened it but has not connected a bank yet.',
    )
  },
}

/** Ada connected a bank with the link; with `<IbvEvents>`, this line changes the moment she does. */
export const Connected: Story = {
  parameters: { fetchers: standing('connected') },
  play: async ({ canvasElement }) => {
    await stateLine(canvasElement, 'connected')
    await expect(canvasElement.querySelector('.ibv-invite__state')).toHaveTextContent(
      'Invite link sent Nov 29, 2026: Ada connected a bank with it.',
    )
  },
}

/** The link expired unused: the button makes a new one. */
export const Expired: Story = {
  parameters: { fetchers: standing('expired') },
  play: async ({ canvasElement }) => {
    await stateLine(canvasElement, 'expired')
    await expect(canvasElement.querySelector('.ibv-invite__state')).toHaveTextContent(
      'Invite link sent Nov 29, 2026: it expired before Ada connected a bank.',
    )
  },
}

/** The last link expired; the officer makes a new one, and the line says where the new one stands. */
export const NewLinkAfterExpiry: Story = {
  parameters: {
    fetchers: () => {
      let created = false
      const invite = async () => {
        created = true
        return INVITE
      }
      // The new invite: INVITE, sent a week before it expires.
      const invites = async () => [
        created
          ? {
              ...sentInvite('sent'),
              sent_at: '2026-11-26T09:00:00.000Z',
              expires_at: INVITE.expires_at,
            }
          : sentInvite('expired'),
      ]
      return { ...createBackendFetchers(API), invite, invites }
    },
  },
  play: async ({ canvasElement, userEvent }) => {
    await stateLine(canvasElement, 'expired')
    await create(canvasElement, userEvent)
    await stateLine(canvasElement, 'sent')
    await expect(canvasElement.querySelector('.ibv-invite')).toHaveAttribute(
      'data-state',
      'created',
    )
    await expect(canvasElement.querySelector('.ibv-invite__state')).toHaveTextContent(
      'Invite link sent Nov 26, 2026: Ada has not opened it yet.',
    )
  },
}

/** Every state, on a light page and in a dark wrapper (`color-scheme: dark`). */
export const AllStates: Story = {
  parameters: { fetchers: standing() },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      {(['light', 'dark'] as const).map((scheme) => (
        <div
          key={scheme}
          data-scheme={scheme}
          style={{
            colorScheme: scheme,
            background: 'Canvas',
            color: 'CanvasText',
            padding: 16,
            display: 'grid',
            gap: 20,
          }}
        >
          {STATES.map((state) => (
            <InviteBorrowerButton key={state} {...args} consumerId={`LND-${state}`} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const state of STATES)
      await waitFor(() =>
        expect(canvasElement.querySelectorAll(`[data-invite-state="${state}"]`)).toHaveLength(2),
      )
  },
}
