import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { RefreshReportButton } from 'ibv-kit'
import { createBackendFetchers } from 'ibv-kit'
import { nextRefresh, productRequest, refreshNow } from './fixtures.ts'

/** A consumer with a complete report, whose next refresh ends as the story says. */
const withOutcome = (outcome?: string, refreshedAlready = false) => [
  async () => {
    const { consumerId } = await productRequest({ institution: 'Platypus Bank' })
    if (refreshedAlready) await refreshNow(consumerId)
    if (outcome) await nextRefresh(consumerId, outcome)
    return { consumerId }
  },
]

const meta = {
  title: 'Components/RefreshReportButton',
  component: RefreshReportButton,
  args: { consumerId: 'SB-REFRESH' },
  // A fresh consumer per story (its loader's), so the arg would show an id the story does not use.
  argTypes: { consumerId: { control: false, table: { disable: true } } },
  render: (args, { loaded }) => <RefreshReportButton {...args} consumerId={loaded.consumerId ?? args.consumerId} />,
} satisfies Meta<typeof RefreshReportButton>

export default meta
type Story = StoryObj<typeof meta>

const clickRefresh = async (canvasElement: HTMLElement, userEvent: { click(element: Element): Promise<void> }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refresh report' }))
}

export const Submitted: Story = {
  loaders: withOutcome(),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent(/Refresh started/))
  },
}

/**
 * Refused within 24 hours of a refresh this browser did not see: the rule, no time (the service
 * does not say when). After a refresh submitted here, a line says when it was and after when to
 * try again.
 */
export const NotReadyWithin24Hours: Story = {
  loaders: withOutcome(undefined, true),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('region', { name: 'The report was refreshed in the last 24 hours' })).toBeVisible())
    await expect(within(canvasElement).getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect(within(canvasElement).queryByText(/submitted a refresh/)).toBeNull()
  },
}

export const InvalidConnection: Story = {
  loaders: withOutcome('invalid_connection'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('region', { name: /^The connection to .+ stopped working$/ })).toBeVisible())
  },
}

export const DataPullFailed: Story = {
  loaders: withOutcome('data_pull_failed'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('region', { name: 'No bank data could be pulled from Platypus Bank' })).toBeVisible())
    await expect(within(canvasElement).getByRole('button', { name: 'Copy link' })).toBeVisible()
  },
}

export const RefreshFailed: Story = {
  loaders: withOutcome('refresh_failed'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The refresh could not be started. Try again later.'))
  },
}

export const ConsumerNotFound: Story = {
  loaders: [() => ({ consumerId: 'SB-NOBODY' })],
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent(/does not know this consumer/))
  },
}

/** An answer the service never documented: the server's own words are shown. */
export const UnknownAnswer: Story = {
  parameters: {
    fetchers: () => ({
      ...createBackendFetchers('/api/ibv'),
      refresh: async () => ({ kind: 'unknown' as const, message: 'Scheduled maintenance until 02:00 UTC.', httpStatus: 503, body: {} }),
    }),
  },
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The refresh did not work: Scheduled maintenance until 02:00 UTC.'))
  },
}
