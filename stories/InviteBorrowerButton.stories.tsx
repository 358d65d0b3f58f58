import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import { IbvError, InviteBorrowerButton, createBackendFetchers, type InviteResponse } from 'ibv-kit'
import { API } from './story-urls.ts'

// A real invite carries a random id and its signature, different on every run: the stories answer
// with this one, so that their screenshots repeat. The backend's own answers are tested in
// test/server/invites.test.ts and, through this component, in test/demo/invite-round-trip.test.ts.
const INVITE: InviteResponse = {
  url: 'https://apply.northwind.example/borrower?ibv_invite=v1.eyJpIjoiU1RPUlkiLCJjIjoiTE5ELTQyIiwiZSI6MTc5NjI5MjAwMH0.q8Zr3F0tXw1bN5mC7yKp2LhV9sDa4EoUj6TgWi',
  expires_at: '2026-12-03T09:00:00.000Z',
}
const answering = (invite: () => Promise<InviteResponse>) => () => ({ ...createBackendFetchers(API), invite })

const meta = {
  title: 'Components/InviteBorrowerButton',
  component: InviteBorrowerButton,
  args: { consumerId: 'LND-42', consumerName: 'Ada', onSend: fn() },
  parameters: { fetchers: answering(async () => INVITE) },
} satisfies Meta<typeof InviteBorrowerButton>

export default meta
type Story = StoryObj<typeof meta>

const create = async (canvasElement: HTMLElement, userEvent: { click(element: Element): Promise<void> }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Invite Ada to connect a bank' }))
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
    await waitFor(() => expect(canvasElement.querySelector('.ibv-invite')).toHaveAttribute('data-state', 'created'))
    await expect(canvasElement.querySelector('code')).toHaveTextContent(INVITE.url)
    await expect(canvas.getByText('Expires Dec 3, 2026')).toHaveAttribute('datetime', INVITE.expires_at)
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
    await expect(within(canvasElement).getByRole('button', { name: 'Invite the applicant to connect a bank' })).toBeVisible()
  },
}

/** The backend failed: the officer is told, and can press the button again. */
export const CreationFailed: Story = {
  parameters: { fetchers: answering(() => Promise.reject(new IbvError('server_error', 'The IBV backend failed.', { status: 500 }))) },
  play: async ({ canvasElement, userEvent }) => {
    await create(canvasElement, userEvent)
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The invite link could not be created. Try again.'))
    await expect(canvas.getByRole('button', { name: 'Invite Ada to connect a bank' })).toBeEnabled()
  },
}

/** `authorize` said no (403): this officer may not invite this applicant. */
export const Forbidden: Story = {
  parameters: { fetchers: answering(() => Promise.reject(new IbvError('forbidden', 'You are not allowed to do this.', { status: 403 }))) },
  play: async ({ canvasElement, userEvent }) => {
    await create(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('You are not allowed to invite this applicant.'))
  },
}
