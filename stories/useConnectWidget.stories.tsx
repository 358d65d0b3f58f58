import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ConnectWidgetDemo } from './hook-demos.tsx'
import { signIn, widget } from './widget-steps.ts'

/**
 * The hook behind `<ConnectButton>`, for an app that wants its own trigger: `open()` fetches a
 * consumer token and opens the widget in a modal dialog; render `widget` somewhere. The stories
 * run against the sandbox: Platypus Bank, `user_good` / `pass_good`.
 */
const meta = {
  title: 'Hooks/useConnectWidget',
  component: ConnectWidgetDemo,
  tags: ['!autodocs'],
  args: { consumerId: 'SB-CONNECT' },
  // Each story connects a fresh consumer, made by its loader.
  argTypes: { consumerId: { control: false } },
  loaders: [() => ({ consumerId: `SB-${Math.random().toString(36).slice(2, 10)}` })],
  render: (args, { loaded }) => (
    <ConnectWidgetDemo {...args} consumerId={loaded.consumerId ?? args.consumerId} />
  ),
} satisfies Meta<typeof ConnectWidgetDemo>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Focus is back on the control that opened the widget. Then it is moved away: whether the browser
 * draws a focus ring there depends on how focus last moved, which varies from run to run, and the
 * screenshot must not.
 */
async function focusBackOnTrigger(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Link my bank account' })
  await waitFor(() => expect(trigger).toHaveFocus())
  trigger.blur()
}

/** The typical use: the applicant picks a bank and signs in; `onSuccess` gets the product request. */
export const Connected: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[data-field="state"]')).toHaveTextContent('idle')
    await userEvent.click(canvas.getByRole('button', { name: 'Link my bank account' }))
    await expect(
      await within(document.body).findByRole('dialog', { name: 'Connect your bank' }),
    ).toBeVisible()
    await expect(canvasElement.querySelector('[data-field="state"]')).toHaveTextContent('open')
    await signIn({ username: 'user_good', password: 'pass_good' })
    await waitFor(
      () =>
        expect(canvas.getByRole('status')).toHaveTextContent(/^Connected Platypus Bank: IBV\w+$/),
      { timeout: 5000 },
    )
    await expect(canvasElement.querySelector('[data-field="state"]')).toHaveTextContent('idle')
    await expect(canvas.getByRole('list', { name: 'Widget events' })).toHaveTextContent('OPEN')
    await focusBackOnTrigger(canvasElement)
  },
}

/** The applicant closes the dialog before connecting: `onExit` gets no error. */
export const ClosedWithoutConnecting: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Link my bank account' }))
    await widget('institution')
    await userEvent.click(within(document.body).getByRole('button', { name: 'Close' }))
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent('Exited without connecting.'),
      { timeout: 5000 },
    )
    await expect(within(document.body).queryByRole('dialog')).toBeNull()
    await focusBackOnTrigger(canvasElement)
  },
}
