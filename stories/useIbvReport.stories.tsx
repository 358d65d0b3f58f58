import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ReportStatusDemo } from './hook-demos.tsx'
import { productRequest } from './fixtures.ts'

const field = (canvasElement: HTMLElement, name: string) =>
  canvasElement.querySelector(`[data-field="${name}"]`)

/**
 * Reads a product request's report through the `report` fetcher, polling while it is pending.
 * Each story's product request is made in the sandbox by its loader.
 */
const meta = {
  title: 'Hooks/useIbvReport',
  component: ReportStatusDemo,
  tags: ['!autodocs'],
  args: {
    productRequestId: 'IBV-NONE',
    pollInitialMs: 1000,
    pollActiveMs: 5000,
    pollMaxMs: 30_000,
    enabled: true,
  },
  // The story's product request comes from its loader: a control would set an id it does not use.
  argTypes: { productRequestId: { control: false } },
  loaders: [async () => ({ request: await productRequest({ accounts: 3 }) })],
  render: (args, { loaded }) => (
    <ReportStatusDemo {...args} productRequestId={loaded.request.productRequestId} />
  ),
} satisfies Meta<typeof ReportStatusDemo>

export default meta
type Story = StoryObj<typeof meta>

/** The typical state: the report is complete, with its accounts. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, 'status')).toHaveTextContent('complete'), {
      timeout: 5000,
    })
    await expect(field(canvasElement, 'final')).toHaveTextContent('true')
    await expect(field(canvasElement, 'report')).toHaveTextContent(
      /^3 accounts, reference date \d{4}-\d{2}-\d{2}$/,
    )
    await expect(within(canvasElement).getByText('Complete')).toBeVisible()
  },
}

/**
 * A report still being made: the answer is a 202 and the hook polls. In the tests the sandbox
 * clock is stopped, so it stays pending; in Storybook it completes within about 6 s.
 */
export const Pending: Story = {
  loaders: [async () => ({ request: await productRequest({ pending: true }) })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, 'pending')).not.toHaveTextContent('—'), {
      timeout: 5000,
    })
    await expect(field(canvasElement, 'final')).toHaveTextContent('false')
    await expect(field(canvasElement, 'report')).toHaveTextContent('—')
  },
}

/** A final state without a report: `final` is true and polling stops. */
export const GenerationFailed: Story = {
  loaders: [async () => ({ request: await productRequest({ outcome: 'generation_failed' }) })],
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(field(canvasElement, 'status')).toHaveTextContent('generation_failed'),
      { timeout: 5000 },
    )
    await expect(field(canvasElement, 'final')).toHaveTextContent('true')
    await expect(within(canvasElement).getByText('Report failed')).toBeVisible()
  },
}

/** A product request the service does not know: `error` says so (a 404 is not retried). */
export const UnknownRequest: Story = {
  loaders: [() => ({ request: { productRequestId: 'IBV-UNKNOWN', consumerId: 'SB-NOBODY' } })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, 'error')).not.toHaveTextContent('—'), {
      timeout: 5000,
    })
    await expect(field(canvasElement, 'status')).toHaveTextContent('—')
  },
}
