import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ReportView, type IbvReport } from 'ibv-kit'
import { productRequest, reportOf } from './fixtures.ts'

const empty: IbvReport = {
  product_request_id: 'IBV-EMPTY',
  client_id: 'sandbox-client',
  consumer_id: 'SB-EMPTY',
  reference_date: '2026-11-22',
  created_at: '2026-11-22 09:00:00',
  ibv_report_status: 'complete',
  accounts: [],
}

const reportWith = (shape: { accounts: number; features: number }) => [
  async () => ({ report: await reportOf((await productRequest(shape)).productRequestId) }),
]

const meta = {
  title: 'Components/ReportView',
  component: ReportView,
  args: { report: empty, locale: 'en-US' },
  render: (args, { loaded }) => <ReportView {...args} report={(loaded.report as IbvReport | undefined) ?? args.report} />,
} satisfies Meta<typeof ReportView>

export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  loaders: reportWith({ accounts: 3, features: 12 }),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-report-view__account')).toHaveLength(3)
    await expect(within(canvasElement).getAllByText(/^••••\d{4}$/).length).toBeGreaterThan(0)
  },
}

export const ManyAccounts: Story = {
  loaders: reportWith({ accounts: 20, features: 500 }),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-report-view__account')).toHaveLength(20)
    await expect(within(canvasElement).getAllByRole('button', { expanded: true })).toHaveLength(3)
    await expect(within(canvasElement).getAllByRole('button', { expanded: false })).toHaveLength(17)
  },
}

export const NoAccounts: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No accounts are connected.')).toBeVisible()
  },
}

export const PersonalDataRevealed: Story = {
  args: { revealPersonalData: true },
  loaders: reportWith({ accounts: 1, features: 6 }),
  play: async ({ canvasElement, loaded }) => {
    const account = (loaded.report as IbvReport).accounts[0]
    await expect(within(canvasElement).getByText(account?.account_number ?? '')).toBeVisible()
    await expect(within(canvasElement).getByText(account?.owner_name ?? '')).toBeVisible()
  },
}
