import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ReconnectPrompt } from 'ibv-kit'

const link = 'https://sandbox.example/connect?link=lnk_STORY'

const meta = {
  title: 'Components/ReconnectPrompt',
  component: ReconnectPrompt,
  args: {
    connectionLink: link,
    reason: 'reconnect_required',
    institutionName: 'Platypus Bank',
    consumerName: 'Ada',
    audience: 'staff',
  },
  argTypes: { audience: { control: 'inline-radio', options: ['staff', 'borrower'] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const region = canvas.getByRole('region')
    await expect(region).toHaveAttribute('data-reason', args.reason)
    await expect(region).toHaveAttribute('data-audience', args.audience ?? 'staff')
    if (args.audience === 'borrower') {
      const action = canvas.getByRole('link', {
        name: `Reconnect ${args.institutionName ?? 'your bank'}`,
      })
      await expect(action).toHaveAttribute('href', link)
      await expect(action).toHaveAttribute('rel', 'noopener noreferrer')
    } else {
      await expect(region.querySelector('code')).toHaveTextContent(link)
      await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible()
      await expect(canvas.queryByRole('link')).toBeNull()
    }
  },
} satisfies Meta<typeof ReconnectPrompt>

export default meta
type Story = StoryObj<typeof meta>

/** What a loan officer reads: who to ask, the link to copy, and the lender's own Send. */
export const StaffReconnectRequired: Story = {
  args: { onSend: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('region', { name: 'Ask Ada to reconnect Platypus Bank' }),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send to Ada' }))
    await expect(args.onSend).toHaveBeenCalledWith(link)
  },
}
export const StaffWithoutSend: Story = {}
export const StaffUnknownNames: Story = {
  args: { institutionName: undefined, consumerName: undefined },
}
export const StaffInvalidConnection: Story = { args: { reason: 'invalid_connection' } }
export const StaffDataPullFailed: Story = { args: { reason: 'data_pull_failed' } }
/** The 24-hour rule is a wait, not a broken connection: stated plainly, no link, no reconnect suggested. */
export const StaffRefreshNotReady: Story = {
  args: { reason: 'refresh_not_ready' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', {
      name: 'The report was refreshed in the last 24 hours',
    })
    await expect(region).not.toHaveTextContent(/reconnect/i)
    await expect(region.querySelector('code')).toBeNull()
  },
}
export const StaffLongLink: Story = {
  args: { connectionLink: `${link}&state=${'Q7x9Zk2Lm4Np'.repeat(14)}`, onSend: fn() },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region')
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth)
  },
}

/** What the borrower reads: the texts the prompt had before it had two voices. */
export const BorrowerReconnectRequired: Story = {
  args: { audience: 'borrower', consumerName: undefined },
}
export const BorrowerUnknownBank: Story = {
  args: { audience: 'borrower', consumerName: undefined, institutionName: undefined },
}
export const BorrowerInvalidConnection: Story = {
  args: { audience: 'borrower', consumerName: undefined, reason: 'invalid_connection' },
}
export const BorrowerDataPullFailed: Story = {
  args: { audience: 'borrower', consumerName: undefined, reason: 'data_pull_failed' },
}
/** The borrower is told there is nothing to do: no reconnect is offered for a wait. */
export const BorrowerRefreshNotReady: Story = {
  args: { audience: 'borrower', consumerName: undefined, reason: 'refresh_not_ready' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', {
      name: 'Your report was refreshed recently',
    })
    await expect(region).toHaveTextContent(/nothing to do now/)
    await expect(within(canvasElement).queryByRole('link')).toBeNull()
  },
}
