import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { REPORT_STATUSES, ReportStatusBadge, defaultMessages, describeStatus } from 'ibv-kit'
import { es } from 'ibv-kit/locales/es'
import { frCA } from 'ibv-kit/locales/fr-CA'

const meta = {
  title: 'Components/ReportStatusBadge',
  component: ReportStatusBadge,
  args: { status: 'complete' },
  play: async ({ canvasElement, args }) => {
    const badge = canvasElement.querySelector<HTMLElement>('.ibv-badge')
    await expect(badge?.dataset.status).toBe(args.status)
    await expect(
      within(canvasElement).getByText(
        describeStatus(args.status).known ? describeStatus(args.status).label : 'Unknown status',
      ),
    ).toBeVisible()
  },
} satisfies Meta<typeof ReportStatusBadge>

export default meta
type Story = StoryObj<typeof meta>

/** The typical state: the report is ready. */
export const Complete: Story = { args: { status: 'complete' } }
export const Initiated: Story = { args: { status: 'initiated' } }
export const ReconnectRequired: Story = { args: { status: 'reconnect_required' } }
export const DataAcquireFailed: Story = { args: { status: 'ibv_data_acquire_failed' } }
export const DataAcquired: Story = { args: { status: 'ibv_data_acquired' } }
export const GenerationFailed: Story = { args: { status: 'generation_failed' } }
export const Unknown: Story = { args: { status: 'under_review' } }
export const WithDescription: Story = {
  args: { status: 'reconnect_required', showDescription: true },
}

/** The borrower's voice: the same label, a second-person description. */
export const BorrowerWithDescription: Story = {
  args: { status: 'reconnect_required', showDescription: true, audience: 'borrower' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reconnect required')).toBeVisible()
    await expect(
      canvas.getByText(defaultMessages.statusDescriptionsBorrower.reconnect_required ?? ''),
    ).toBeVisible()
  },
}

export const AllStates: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, listStyle: 'none', padding: 0 }}>
      {[...REPORT_STATUSES, 'under_review'].map((status) => (
        <li key={status}>
          <ReportStatusBadge status={status} showDescription />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-badge')).toHaveLength(7)
    await expect(within(canvasElement).getByText('Unknown status')).toBeVisible()
  },
}

export const AllStatesBorrower: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, listStyle: 'none', padding: 0 }}>
      {[...REPORT_STATUSES].map((status) => (
        <li key={status}>
          <ReportStatusBadge status={status} audience="borrower" showDescription />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-badge')).toHaveLength(6)
    await expect(
      within(canvasElement).getByText(defaultMessages.statusDescriptionsBorrower.complete ?? ''),
    ).toBeVisible()
  },
}

/** Every state in Canadian French (the toolbar's Language, set for this story): labels and staff descriptions from the `frCA` pack. */
export const AllStatesCanadianFrench: Story = {
  ...AllStates,
  globals: { locale: 'fr-CA' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-badge[lang="fr-CA"]')).toHaveLength(7)
    await expect(within(canvasElement).getByText(frCA.messages.statusLabels.complete)).toBeVisible()
    await expect(
      within(canvasElement).getByText(frCA.messages.statusDescriptions.reconnect_required),
    ).toBeVisible()
  },
}

/** Every state in Spanish, in the borrower's voice ("usted"). */
export const AllStatesBorrowerSpanish: Story = {
  ...AllStatesBorrower,
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-badge[lang="es"]')).toHaveLength(6)
    await expect(
      within(canvasElement).getByText(es.messages.statusDescriptionsBorrower.complete),
    ).toBeVisible()
  },
}
