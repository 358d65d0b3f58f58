import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ReconnectPrompt } from 'ibv-kit'

const link = 'https://sandbox.example/connect?link=lnk_STORY'

const meta = {
  title: 'Components/ReconnectPrompt',
  component: ReconnectPrompt,
  args: { connectionLink: link, reason: 'reconnect_required', institutionName: 'Platypus Bank' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const action = canvas.getByRole('link', { name: `Reconnect ${args.institutionName ?? 'your bank'}` })
    await expect(action).toHaveAttribute('href', link)
    await expect(action).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(canvas.getByRole('region')).toHaveAttribute('data-reason', args.reason)
  },
} satisfies Meta<typeof ReconnectPrompt>

export default meta
type Story = StoryObj<typeof meta>

export const ReconnectRequired: Story = {}
export const ReconnectRequiredUnknownBank: Story = { args: { institutionName: undefined } }
export const InvalidConnection: Story = { args: { reason: 'invalid_connection' } }
export const InvalidConnectionUnknownBank: Story = { args: { reason: 'invalid_connection', institutionName: undefined } }
export const DataPullFailed: Story = { args: { reason: 'data_pull_failed' } }
export const DataPullFailedUnknownBank: Story = { args: { reason: 'data_pull_failed', institutionName: undefined } }
export const RefreshNotReady: Story = { args: { reason: 'refresh_not_ready' } }
export const RefreshNotReadyUnknownBank: Story = { args: { reason: 'refresh_not_ready', institutionName: undefined } }
