import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
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

// A story's report comes from the sandbox (its loader), so `report` is not a control: the other
// args are what the story shows.
const reportWith = (shape: { accounts: number; features: number }) => [
  async () => ({ report: await reportOf((await productRequest(shape)).productRequestId) }),
]

const meta = {
  title: 'Components/ReportView',
  component: ReportView,
  args: {
    report: empty,
    locale: 'en-US',
    currency: 'USD',
    expandedAccounts: 3,
    revealPersonalData: false,
  },
  argTypes: { report: { control: false } },
  render: (args, { loaded }) => (
    <ReportView {...args} report={(loaded.report as IbvReport | undefined) ?? args.report} />
  ),
} satisfies Meta<typeof ReportView>

export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  loaders: reportWith({ accounts: 3, features: 12 }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    const summary = canvas.getByRole('region', { name: 'Summary' })
    await expect(within(summary).getByText('Accounts').nextElementSibling).toHaveTextContent('3')
    await expect(within(summary).getByText('Reference date').nextElementSibling).toHaveTextContent(
      // The date the locale's way ("Jan 15, 2026"), in the service's time.
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.parse((loaded.report as IbvReport).reference_date),
      ),
    )
    await expect(canvas.getAllByRole('button', { expanded: true })).toHaveLength(3)
    await expect(canvas.getAllByText(/^••••\d{4}$/).length).toBeGreaterThan(0)
  },
}

// Many accounts, each with many features. 20 × 500 is checked in jsdom
// (test/react/ReportView.test.tsx) and timed in the benchmarks; here the story's accessibility
// check runs over every row shown, so it keeps to 100 features per account.
export const ManyAccounts: Story = {
  loaders: reportWith({ accounts: 20, features: 100 }),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ibv-report-view__account')).toHaveLength(20)
    await expect(within(canvasElement).getAllByRole('button', { expanded: true })).toHaveLength(3)
    await expect(within(canvasElement).getAllByRole('button', { expanded: false })).toHaveLength(17)
  },
}

export const AllExpanded: Story = {
  args: { expandedAccounts: 4 },
  loaders: reportWith({ accounts: 4, features: 6 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button', { expanded: false })).toHaveLength(
      0,
    )
    await expect(within(canvasElement).getAllByRole('table')).toHaveLength(4)
  },
}

export const Filtered: Story = {
  loaders: reportWith({ accounts: 2, features: 40 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter features' }), 'feature_3')
    await waitFor(() => expect(canvas.getByText('22 of 88 features match')).toBeVisible())
    for (const name of canvas.getAllByRole('rowheader'))
      await expect(name.textContent).toContain('feature_3')
  },
}

export const CopiedAsCsv: Story = {
  loaders: reportWith({ accounts: 1, features: 4 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Copy CSV' }))
    // Copied, or refused where the page may not write the clipboard: either way, said in a status.
    await waitFor(() =>
      expect(
        canvas.getByText(/^Copied all 8 features as CSV\.$|^The clipboard refused/),
      ).toBeVisible(),
    )
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
    await expect(
      within(canvasElement).getByRole('button', { name: 'Show personal data' }),
    ).toHaveAttribute('aria-pressed', 'true')
  },
}

/** The lender's own data dictionary: labels for the numbered features and a score out of 100. */
export const LendersDataDictionary: Story = {
  args: {
    featureLabels: {
      ne_income_feature_1: 'Payroll deposits, 30 days',
      ne_income_feature_2: 'Gig income, 30 days',
    },
    formatFeature: (name, value) =>
      name === 'income_stability_score' ? `${Math.round(Number(value) * 100)} / 100` : undefined,
  },
  loaders: reportWith({ accounts: 1, features: 3 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const names = canvas.getAllByRole('rowheader').map((header) => header.textContent)
    await expect(names).toContain('Payroll deposits, 30 days ne_income_feature_1')
    await expect(names).toContain('Average monthly income average_monthly_income')
    await expect(names).toContain('ne_income_feature_3')
    const score = canvas.getByRole('rowheader', {
      name: /income_stability_score/,
    }).nextElementSibling
    await expect(score?.textContent).toMatch(/^\d+ \/ 100$/)
  },
}
