import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ConnectButton, createBackendFetchers, type ConnectButtonProps } from 'ibv-kit'
import { demoText } from './hook-demos.tsx'
import { API } from './story-urls.ts'
import { signIn, submit, widget } from './widget-steps.ts'

/** The button, and a line that says what the widget reported, as an app would. */
function ConnectDemo(props: ConnectButtonProps) {
  const [result, setResult] = useState('Not connected yet.')
  // The widget's last event, for the stories to wait on (not shown).
  const [lastEvent, setLastEvent] = useState<string>()
  return (
    <div
      style={{ ...demoText, display: 'grid', gap: 12, justifyItems: 'start' }}
      data-last-event={lastEvent}
    >
      <ConnectButton
        {...props}
        onEvent={(name, metadata) => {
          props.onEvent?.(name, metadata)
          setLastEvent(name)
        }}
        onSuccess={(success) => {
          props.onSuccess?.(success)
          setResult(`Connected ${success.institution.name}: ${success.productRequestId}`)
        }}
        onError={(error) => {
          props.onError?.(error)
          setResult(`Not started: ${error.code}, from the ${error.source}.`)
        }}
        onExit={(error, metadata) => {
          props.onExit?.(error, metadata)
          setResult(
            `${error ? `Exited: ${error.code}.` : 'Exited.'}${metadata.productRequestId ? ` Request ${metadata.productRequestId} waits for a reconnect.` : ''}`,
          )
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
    children: {
      control: 'text',
      description: "The button's label.",
      table: { defaultValue: { summary: "'Connect bank'" } },
    },
  },
  loaders: [() => ({ consumerId: `SB-${Math.random().toString(36).slice(2, 10)}` })],
  render: (args, { loaded }) => (
    <ConnectDemo {...args} consumerId={loaded.consumerId ?? args.consumerId} />
  ),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await expect(
      await within(document.body).findByRole('dialog', { name: 'Connect your bank' }),
    ).toBeVisible()
    await signIn({ username: 'user_good', password: 'pass_good' })
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent(/^Connected Platypus Bank: IBV/),
      { timeout: 5000 },
    )
  },
}

export const Exit: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await signIn({ username: 'user_good', password: 'wrong' })
    await waitFor(
      () =>
        expect(
          document
            .querySelector<HTMLIFrameElement>('dialog iframe')
            ?.contentDocument?.querySelector('[role="alert"]'),
        ).toBeTruthy(),
      { timeout: 5000 },
    )
    // The page that says so also announces what leaving would report, right after its ERROR event.
    await waitFor(
      () =>
        expect(canvasElement.querySelector('[data-last-event]')).toHaveAttribute(
          'data-last-event',
          'ERROR',
        ),
      { timeout: 5000 },
    )
    // The dialog's × is its one close control; it reports what the widget's Exit would.
    await userEvent.click(within(document.body).getByRole('button', { name: 'Close' }))
    await waitFor(
      () =>
        expect(canvas.getByRole('status')).toHaveTextContent(
          /^Exited: INVALID_CREDENTIALS\. Request IBV\w+ waits for a reconnect\.$/,
        ),
      { timeout: 5000 },
    )
  },
}

export const Mfa: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await signIn({ username: 'user_mfa', password: 'pass_good' })
    submit(await widget('code'), { code: '123456' })
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Connected/), {
      timeout: 5000,
    })
  },
}

/**
 * The service cannot be reached (a wrong `serviceUrl`, the service down, a Content-Security-Policy
 * that refuses the frame): the widget never says it is ready, so after `readyTimeoutMs` the dialog
 * says so itself, with Try again (focused) and Close, and `onExit` gets `WIDGET_UNAVAILABLE`. Here
 * the widget's address is a page of the service that is not the widget, and the timeout 1 s.
 */
export const WidgetUnavailable: Story = {
  args: { readyTimeoutMs: 1000, widgetUrl: (serviceUrl) => `${serviceUrl}/not-the-widget` },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    const dialog = await within(document.body).findByRole('dialog', { name: 'Connect your bank' })
    await waitFor(
      () =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent(
          'The bank connection could not be opened: the service did not answer. Try again in a moment.',
        ),
      { timeout: 5000 },
    )
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus()
    await expect(canvas.getByRole('status')).toHaveTextContent('Exited: WIDGET_UNAVAILABLE.')
  },
}

/**
 * The lender's backend gives no token: here it answers 404, as with a wrong path in
 * `createBackendFetchers`; a 403 from `authorize` or a 5xx end the same way, a 5xx after its
 * retries. The button says the connection could not be started, and `onError` gets the typed error
 * once, with `source: 'backend'` (the service's own failures say `'service'`). The widget never
 * opened, so `onExit` is not called.
 */
export const NoToken: Story = {
  name: 'No token from the backend',
  parameters: { fetchers: () => createBackendFetchers(`${API}/not-this-path`) },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    await waitFor(
      () =>
        expect(canvas.getByRole('alert')).toHaveTextContent(
          'The bank connection could not be started. Try again.',
        ),
      { timeout: 10_000 },
    )
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Not started: not_found, from the backend.',
    )
    await expect(document.querySelector('dialog[open]')).toBeNull()
  },
}

/**
 * A bank that signs in with OAuth, on the redirect path (`redirectUri`, for webviews and browsers
 * that block popups): choosing Wombat Bank (OAuth) shows "Sign in at your bank", whose link takes
 * the whole page to the bank's consent page; the bank then sends the page back to `redirectUri`
 * with `oauth_state_id`, where `receivedRedirectUri` reopens the widget (see the next story). The
 * story stops before the link, which would leave Storybook. Without `redirectUri` the bank's page
 * opens in a window instead.
 */
export const OAuthBankRedirect: Story = {
  name: 'OAuth bank (redirect)',
  args: { redirectUri: `${window.location.origin}/bank-return` },
  // Its end state is the open modal dialog, which the canvas screenshot does not hold (a page
  // screenshot of it cannot find the document here); the play function checks the step instead.
  parameters: { visual: { disable: true } },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect bank' }))
    ;(await widget('institution'))
      .querySelector<HTMLButtonElement>('button[name="institution"][value="wombat_oauth"]')
      ?.click()
    const link = await waitFor(
      () => {
        const found = [
          ...(document
            .querySelector<HTMLIFrameElement>('dialog iframe')
            ?.contentDocument?.querySelectorAll('a') ?? []),
        ].find((a) => a.textContent === 'Continue to Wombat Bank (OAuth)')
        if (!found) throw new Error('no link to the bank yet')
        return found
      },
      { timeout: 5000 },
    )
    await expect(link).toHaveAttribute('target', '_top')
    await waitFor(
      () =>
        expect(canvasElement.querySelector('[data-last-event]')).toHaveAttribute(
          'data-last-event',
          'SELECT_INSTITUTION',
        ),
      { timeout: 5000 },
    )
  },
}

/** The note the widget keeps in the tab's sessionStorage when the tab leaves for a bank (src/core/connect-redirect.ts). */
const LEFT_FOR_BANK = 'ibv-kit:oauth-redirect'

/**
 * The lender's redirect page, given an address whose `oauth_state_id` is not this session's (here
 * made up, as a replayed or changed link would be): the widget opens by itself, the service
 * refuses the state, and `onExit` gets `OAUTH_STATE_INVALID` at once; the dialog closes.
 */
export const OAuthStateRefused: Story = {
  name: 'OAuth return refused',
  args: {
    redirectUri: `${window.location.origin}/bank-return`,
    receivedRedirectUri: `${window.location.origin}/bank-return?oauth_state_id=os_not-this-session`,
  },
  // This tab left for a bank on the redirect path a moment ago: the note the widget keeps in the
  // tab's sessionStorage when it does (src/core/connect-redirect.ts), without which a return opens
  // nothing (a link from elsewhere). The story then holds whether it is opened first or after
  // another, and the note goes with it.
  beforeEach: () => {
    sessionStorage.setItem(LEFT_FOR_BANK, String(Date.now()))
    return () => sessionStorage.removeItem(LEFT_FOR_BANK)
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent('Exited: OAUTH_STATE_INVALID.'),
      { timeout: 8000 },
    )
    await expect(document.querySelector('dialog[open]')).toBeNull()
  },
}
