import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ConnectButton, type ConnectButtonProps } from 'ibv-kit'
import { demoText } from './hook-demos.tsx'
import { signIn, submit, widget } from './widget-steps.ts'

/** The button, and a line that says what the widget reported, as an app would. */
function ConnectDemo(props: ConnectButtonProps) {
  const [result, setResult] = useState('Not connected yet.')
  return (
    <div style={{ ...demoText, display: 'grid', gap: 12, justifyItems: 'start' }}>
      <ConnectButton
        {...props}
        onSuccess={(success) => {
          props.onSuccess?.(success)
          setResult(`Connected ${success.institution.name}: ${success.productRequestId}`)
        }}
        onExit={(error, metadata) => {
          props.onExit?.(error, metadata)
          setResult(`${error ? `Exited: ${error.code}.` : 'Exited.'}${metadata.productRequestId ? ` Request ${metadata.productRequestId} waits for a reconnect.` : ''}`)
        }}
      />
      <p role="status">{result}</p>
    </div>
  )
}

/**
 * The button that opens the bank's connect widget, for the borrower (the applicant connects their
 * own bank) or for staff sitting with them. The stories run against the sandbox: Platypus Bank,
 * `user_good` / `pass_good`.
 */
const meta = {
  title: 'Components/ConnectButton',
  // The component itself, so the docs page lists its props (the demo around it adds the status line).
  component: ConnectButton,
  args: { consumerId: 'SB-CONNECT', children: 'Connect bank' },
  argTypes: {
    // Each story connects a fresh consumer, made by its loader: a control would set an id the
    // story does not use.
    consumerId: { control: false },
    children: { control: 'text', description: 'The button\'s label.', table: { defaultValue: { summary: "'Connect bank'" } } },
  },
  loaders: [() => ({ consumerId: `SB-${Math.random().toString(36).slice(2, 10)}` })],
  render: (args, { loaded }) => <ConnectDemo {...args} consumerId={loaded.consumerId ?? args.consumerId} />,
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await expect(await within(document.body).findByRole('dialog', { name: 'Connect your bank' })).toBeVisible()
    await signIn({ username: 'user_good', password: 'pass_good' })
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Connected Platypus Bank: IBV/), { timeout: 5000 })
  },
}

export const Exit: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await signIn({ username: 'user_good', password: 'wrong' })
    await waitFor(() => expect(document.querySelector<HTMLIFrameElement>('dialog iframe')?.contentDocument?.querySelector('[role="alert"]')).toBeTruthy(), { timeout: 5000 })
    // The dialog's × is its one close control; it reports what the widget's Exit would.
    await userEvent.click(within(document.body).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Exited: INVALID_CREDENTIALS\. Request IBV\w+ waits for a reconnect\.$/), { timeout: 5000 })
  },
}

export const Mfa: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await signIn({ username: 'user_mfa', password: 'pass_good' })
    submit(await widget('code'), { code: '123456' })
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Connected/), { timeout: 5000 })
  },
}
