import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { RefreshDemo } from './hook-demos.tsx'
import { nextRefresh, productRequest } from './fixtures.ts'

const field = (canvasElement: HTMLElement, name: string) =>
  canvasElement.querySelector(`[data-field="${name}"]`)

/** A consumer with a complete report, whose next refresh ends as the story says. */
const consumerWhoseRefresh = (outcome?: string) => [
  async () => {
    const { consumerId } = await productRequest({ institution: 'Platypus Bank' })
    if (outcome) await nextRefresh(consumerId, outcome)
    return { consumerId }
  },
]

/**
 * The hook behind `<RefreshReportButton>`, for an app with its own control: `refresh()` asks the
 * backend for a new report of the consumer's bank data; `outcome` says how that ended, one kind per
 * answer of the service. Each story's consumer is made in the sandbox by its loader.
 */
const meta = {
  title: 'Hooks/useRefreshReport',
  component: RefreshDemo,
  tags: ['!autodocs'],
  args: { consumerId: 'SB-REFRESH' },
  argTypes: { consumerId: { control: false } },
  loaders: consumerWhoseRefresh(),
  render: (args, { loaded }) => (
    <RefreshDemo {...args} consumerId={loaded.consumerId ?? args.consumerId} />
  ),
} satisfies Meta<typeof RefreshDemo>

export default meta
type Story = StoryObj<typeof meta>

const clickRefresh = (
  canvasElement: HTMLElement,
  userEvent: { click(element: Element): Promise<void> },
) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Refresh bank data' }))

/** The typical use: the refresh is submitted and `onRefreshed` gets the new product request. */
export const Submitted: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(() => expect(field(canvasElement, 'kind')).toHaveTextContent('submitted'), {
      timeout: 5000,
    })
    await expect(field(canvasElement, 'refreshed')).toHaveTextContent(/^IBV\w+$/)
  },
}

/** The bank connection no longer works: the outcome carries the link to reconnect. */
export const InvalidConnection: Story = {
  loaders: consumerWhoseRefresh('invalid_connection'),
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(
      () => expect(field(canvasElement, 'kind')).toHaveTextContent('invalid_connection'),
      { timeout: 5000 },
    )
    await expect(field(canvasElement, 'refreshed')).toHaveTextContent('—')
  },
}

/** A consumer the service does not know: an outcome too, not an error. */
export const ConsumerNotFound: Story = {
  loaders: [() => ({ consumerId: 'SB-NOBODY' })],
  play: async ({ canvasElement, userEvent }) => {
    await clickRefresh(canvasElement, userEvent)
    await waitFor(
      () => expect(field(canvasElement, 'kind')).toHaveTextContent('consumer_not_found'),
      { timeout: 5000 },
    )
    await expect(field(canvasElement, 'error')).toHaveTextContent('—')
  },
}
