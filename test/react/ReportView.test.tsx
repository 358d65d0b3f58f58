import { describe, expect, it } from 'vitest'
import { render, screen, fireEvent, within } from '@testing-library/react'
import { ReportView, type IbvReport } from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/index.js'
import { createChain } from './chain.js'

async function sandboxReport(shape: { accounts?: number; features?: number } = {}): Promise<IbvReport> {
  const chain = createChain({ clock: createManualClock() })
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', { consumer_id: 'LND-42', ...shape })
  await chain.sandbox.advance(6)
  const answer = await chain.fetchers.report(id)
  if (answer.kind !== 'ready') throw new Error('not ready')
  return answer.report
}

describe('<ReportView>', () => {
  it('renders the header and one section per account, balances formatted, personal data masked', async () => {
    const report = await sandboxReport({ accounts: 2, features: 3 })
    const { container } = render(<ReportView report={report} locale="en-US" />)
    const article = screen.getByRole('article')
    expect(article.textContent).toContain('LND-42')
    expect(article.textContent).toContain(report.reference_date)
    expect(within(article).getByText('Complete')).toBeTruthy()
    expect(container.querySelectorAll('.ibv-report-view__account')).toHaveLength(2)
    const first = report.accounts[0]!
    expect(article.textContent).toContain(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(first.balance))
    expect(article.textContent).toContain(`••••${first.account_number.slice(-4)}`)
    expect(article.textContent).not.toContain(first.account_number)
    expect(article.textContent).not.toContain(first.routing_number)
    expect(article.textContent).not.toContain(first.owner_name)
    expect(article.dataset.personalData).toBe('masked')
  })

  it('formats with a fixed locale by default, so server and browser render the same text', () => {
    const report: IbvReport = { product_request_id: 'IBV1', client_id: 'c', consumer_id: 'x', reference_date: 'd', created_at: 't', ibv_report_status: 'complete', accounts: [
      { provider_name: 'P', account_name: 'A', account_type: 'checking', routing_number: '011000015', account_number: '1234567890', owner_name: 'O', balance: 1234567.5, items: [] },
    ] }
    render(<ReportView report={report} />)
    expect(screen.getByRole('article').textContent).toContain('$1,234,567.50')
  })

  it('reveals personal data when asked', async () => {
    const report = await sandboxReport({ accounts: 1 })
    render(<ReportView report={report} revealPersonalData />)
    const first = report.accounts[0]!
    expect(screen.getByRole('article').textContent).toContain(first.account_number)
    expect(screen.getByRole('article').textContent).toContain(first.owner_name)
  })

  it('lists features in natural order and shows unknown fields instead of dropping them', () => {
    const report: IbvReport = {
      product_request_id: 'IBV1',
      client_id: 'c',
      consumer_id: 'LND-1',
      reference_date: '2026-11-22',
      created_at: '2026-11-22 09:00:00',
      ibv_report_status: 'complete',
      accounts: [
        {
          provider_name: 'Platypus Bank',
          account_name: 'Checking',
          account_type: 'checking',
          routing_number: '011000015',
          account_number: '1234567890',
          owner_name: 'Ada',
          balance: 10,
          loyalty_tier: 'gold',
          items: [
            {
              item_code: 'ibv_validate_metrics',
              item_name: 'Metrics',
              item_version: '1.0.0',
              data: { ne_income_feature_10: 10, ne_income_feature_2: 2, ne_income_feature_1: 1, payroll: { employer: 'ACME' } },
            },
          ],
        },
      ],
    }
    render(<ReportView report={report} />)
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent)
    expect(names).toEqual(['ne_income_feature_1', 'ne_income_feature_2', 'ne_income_feature_10', 'payroll'])
    expect(screen.getByRole('article').textContent).toContain('{"employer":"ACME"}')
    expect(screen.getByRole('article').textContent).toContain('loyalty_tier')
    expect(screen.getByRole('article').textContent).toContain('gold')
  })

  it('says so when there are no accounts', () => {
    render(<ReportView report={{ product_request_id: 'IBV1', client_id: 'c', consumer_id: 'x', reference_date: 'd', created_at: 't', ibv_report_status: 'complete', accounts: [] }} />)
    expect(screen.getByText('No accounts are connected.')).toBeTruthy()
  })

  it('keeps 20 accounts × 500 features light: collapsed sections render no rows until opened', async () => {
    const report = await sandboxReport({ accounts: 20, features: 500 })
    const { container } = render(<ReportView report={report} />)
    const rows = () => container.querySelectorAll('tr').length
    expect(container.querySelectorAll('details')).toHaveLength(20)
    expect(rows()).toBe(3 * 504)
    const closed = container.querySelectorAll('details')[10]!
    closed.open = true
    fireEvent(closed, new Event('toggle'))
    expect(rows()).toBe(4 * 504)
  })
})
