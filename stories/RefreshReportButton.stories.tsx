import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { RefreshReportButton } from 'ibv-kit'
import { createBackendFetchers } from 'ibv-kit'
import { nextRefresh, productRequest, refreshNow } from './fixtures.ts'
import { API } from './story-urls.ts'

/** A consumer with a complete report, whose next refresh ends as the story says. */
const withOutcome = (outcome?: string, refreshedAlready = false) => [
  async () => {
    const { consumerId } = await productRequest({ institution: 'Platypus Bank' })
    if (refreshedAlready) await refreshNow(consumerId)
    if (outcome) await nextRefresh(consumerId, outcome)
    return { consumerId }
  },
]

/** A consumer whose only request waits in reconnect_required: the button watches it. */
const waitingForReconnect = [
  async () => {
    const { consumerId, productRequestId } = await productRequest({
      institution: 'Harbour National Bank',
      outcome: 'reconnect_required',
    })
    return { consumerId, productRequestId }
  },
]

const meta = {
  title: 'Components/RefreshReportButton',
  component: RefreshReportButton,
  args: { consumerId: 'SB-REFRESH' },
  // A fresh consumer per story (its loader's), so the arg would show an id the story does not use.
  argTypes: { consumerId: { control: false, table: { disable: true } } },
  render: (args, { loaded }) => (
    <RefreshReportButton
      {...args}
      consumerId={loaded.consumerId ?? args.consumerId}
      productRequestId={loaded.productRequestId ?? args.productRequestId}
    />
  ),
} satisfies Meta<typeof RefreshReportButton>

export default meta
type Story = StoryObj<typeof meta>

const clickRefresh = async (
  canvasElement: HTMLElement,
  userEvent: { click(element: Element): Promise<void> },
) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refresh report' }))
}

/** Submitted: disabled, saying why, while the new report is prepared (the story's clock is stopped). */
export const Preparing: Story = {
  loaders: withOutcome(),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    // First "Refresh started", then this once the new report is seen pending: in Storybook, on a
    // busy machine, that can take more than waitFor's default second.
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('status')).toHaveTextContent(
          'A new report is being prepared. Refresh is possible again once it is ready.',
        ),
      { timeout: 5000 },
    )
    await expect(
      within(canvasElement).getByRole('button', { name: 'Refresh report' }),
    ).toBeDisabled()
  },
}

/** The latest request waits for the applicant: disabled, and the reconnect prompt is the action. */
export const NeedsReconnect: Story = {
  loaders: waitingForReconnect,
  args: { consumerName: 'Ada', institutionName: 'Harbour National Bank' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Refresh report' })).toBeDisabled(),
    )
    await expect(
      within(canvasElement).getByText(
        'Refresh is possible once Ada has reconnected Harbour National Bank.',
      ),
    ).toBeVisible()
    await expect(
      within(canvasElement).getByRole('region', {
        name: 'Ask Ada to reconnect Harbour National Bank',
      }),
    ).toBeVisible()
  },
}

/**
 * Refused within 24 hours, after a refresh made elsewhere whose report is still being prepared:
 * the rule without a date (the window's start is not known here, and the last report's date would
 * give a time already past), and no reconnect offered. With the applicant's latest request given
 * and its report there, the rule is dated in the service's time.
 */
export const NotReadyWithin24Hours: Story = {
  loaders: withOutcome(undefined, true),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'The report was refreshed in the last 24 hours. Reports can be refreshed once every 24 hours: try again later.',
      ),
    )
    await expect(within(canvasElement).queryByRole('region')).toBeNull()
    await expect(within(canvasElement).queryByText(/reconnect/i)).toBeNull()
  },
}

export const InvalidConnection: Story = {
  loaders: withOutcome('invalid_connection'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('region', {
          name: 'The connection to Platypus Bank stopped working',
        }),
      ).toBeVisible(),
    )
  },
}

export const DataPullFailed: Story = {
  loaders: withOutcome('data_pull_failed'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('region', {
          name: 'No bank data could be pulled from Platypus Bank',
        }),
      ).toBeVisible(),
    )
    await expect(within(canvasElement).getByRole('button', { name: 'Copy link' })).toBeVisible()
  },
}

export const RefreshFailed: Story = {
  loaders: withOutcome('refresh_failed'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'The refresh could not be started. Try again later.',
      ),
    )
  },
}

export const ConsumerNotFound: Story = {
  loaders: [() => ({ consumerId: 'SB-NOBODY' })],
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        /does not know this applicant/,
      ),
    )
  },
}

/** An answer the service never documented: the server's own words are shown. */
export const UnknownAnswer: Story = {
  parameters: {
    fetchers: () => ({
      ...createBackendFetchers(API),
      refresh: async () => ({
        kind: 'unknown' as const,
        message: 'Scheduled maintenance until 02:00 UTC.',
        httpStatus: 503,
        body: {},
      }),
    }),
  },
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'The refresh did not work: Scheduled maintenance until 02:00 UTC.',
      ),
    )
  },
}
