import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { LiveEventsDemo } from './hook-demos.tsx'
import { API } from './story-urls.ts'

/**
 * Subscribes to the backend's `/events` stream (the webhooks it received, passed on to the page)
 * and invalidates the matching report, so a report shows the moment it is ready. `<IbvEvents>` is
 * the same as a component that renders nothing.
 */
const meta = {
  title: 'Hooks/useIbvEvents',
  component: LiveEventsDemo,
  tags: ['!autodocs'],
  args: { url: `${API}/events`, enabled: true },
  argTypes: { EventSource: { control: false }, onEvent: { control: false } },
} satisfies Meta<typeof LiveEventsDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Resolves once a stream opened now is open (then closes it). */
function streamOpen(): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = new EventSource(`${API}/events`)
    probe.onopen = () => {
      probe.close()
      resolve()
    }
    probe.onerror = () => {
      probe.close()
      reject(new Error('the event stream did not open'))
    }
  })
}

/** The typical use: a report is generated, and its `report_generated` event arrives. */
export const ReportGenerated: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement)
    // A new stream gets only what happens from then on: wait until the hook's is open. Ours,
    // opened after it on the same server, is open once the hook's is.
    await streamOpen()
    await expect(canvas.getByText('No events yet.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Create a product request' }))
    await waitFor(
      () =>
        expect(canvas.getByRole('list', { name: 'Live events' })).toHaveTextContent(
          /report_generated IBV\w+/,
        ),
      { timeout: 8000 },
    )
  },
}
