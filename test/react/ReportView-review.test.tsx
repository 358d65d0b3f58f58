import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, fireEvent, within, waitFor } from '@testing-library/react'
import { ReportView } from '../../src/index.js'
import {
  fakeClipboard,
  fakeDownloads,
  handMade,
  parseCsv,
  sandboxReport,
} from './report-view-fixtures.js'

// The findings of the outside review of <ReportView> , each seen failing first.
afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('<ReportView> review findings', () => {
  it("while a filter is active, opens the accounts with matches, says in the others' headings that none does, and restores the sections after", async () => {
    const report = await sandboxReport({ accounts: 5, features: 12 })
    report.accounts[4]!.items = [
      { item_code: 'other', item_name: 'Other', item_version: '1', data: { unrelated: 1 } },
    ]
    const { container } = render(<ReportView report={report} />)
    const state = () =>
      Array.from(container.querySelectorAll('.ibv-report-view__account')).map((section) =>
        section.getAttribute('data-state'),
      )
    fireEvent.click(screen.getAllByRole('button', { expanded: true })[1]!)
    expect(state()).toEqual(['open', 'closed', 'open', 'closed', 'closed'])
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
      target: { value: 'feature_1' },
    })
    await waitFor(() => expect(state()).toEqual(['open', 'open', 'open', 'open', 'closed']))
    expect(screen.getAllByRole('rowheader')).toHaveLength(4 * 4)
    const headings = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(headings.map((text) => text?.includes('No feature matches the filter.'))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ])
    // A section the user closes while filtering stays closed while the filter is on.
    fireEvent.click(screen.getAllByRole('button', { expanded: true })[0]!)
    expect(state()).toEqual(['closed', 'open', 'open', 'open', 'closed'])
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
      target: { value: '' },
    })
    await waitFor(() => expect(state()).toEqual(['open', 'closed', 'open', 'closed', 'closed']))
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .some((heading) => heading.textContent?.includes('No feature matches')),
    ).toBe(false)
  })

  it('calls the total of balances, credit cards included, a net balance', () => {
    render(<ReportView report={handMade({ a: 1 })} />)
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText('Net balance'),
    ).toBeTruthy()
  })

  it('reads a masked number as "hidden, ending 7890": the bullets are hidden from screen readers', () => {
    render(<ReportView report={handMade({ a: 1 })} messages={{ hiddenPersonalData: 'masqué' }} />)
    const number = screen.getByText('Account number').nextElementSibling!
    expect(within(number as HTMLElement).getByText('hidden, ending 7890').className).toBe(
      'ibv-visually-hidden',
    )
    expect(
      within(number as HTMLElement)
        .getByText('••••7890')
        .getAttribute('aria-hidden'),
    ).toBe('true')
    const owner = screen.getByText('Owner').nextElementSibling!
    expect(within(owner as HTMLElement).getByText('masqué').className).toBe('ibv-visually-hidden')
    fireEvent.click(screen.getByRole('button', { name: 'Show personal data' }))
    expect(screen.getByText('Account number').nextElementSibling!.textContent).toBe('1234567890')
  })

  it('lets feature names break after underscores first', () => {
    const { container } = render(<ReportView report={handMade({ total_income_last_90_days: 1 })} />)
    const name = screen.getByRole('rowheader')
    expect(name.textContent).toBe('Total income last 90 days total_income_last_90_days')
    expect(name.querySelector('.ibv-report-view__key')!.innerHTML).toMatch(
      /^total_<wbr>income_<wbr>last_<wbr>90_<wbr>days/,
    )
    expect(container.querySelectorAll('tbody th wbr').length).toBeGreaterThanOrEqual(4)
  })

  it('splits numbers at the decimal point so the theme can line the points up', () => {
    render(
      <ReportView
        report={handMade({ a: 12.5, b: 1234.0001, c_count: 3, d: -0.25, e_amount: 7 })}
      />,
    )
    const cells = screen.getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '12.50',
      '1,234.00',
      '3',
      '-0.25',
      '$7.00',
    ])
    expect(
      cells.map((cell) => cell.querySelector('.ibv-report-view__fraction')?.textContent),
    ).toEqual(['.50', '.00', '', '.25', '.00'])
  })

  it('shows a JSON -0 as 0, as the CSV does', () => {
    render(<ReportView report={handMade({ a: JSON.parse('-0') })} />)
    expect(screen.getByRole('cell').textContent).toBe('0.00')
  })

  it('masks an account number that arrives as a JSON number instead of crashing', () => {
    render(
      <ReportView
        report={handMade({ a: 1 }, { account_number: 1234567890 as unknown as string })}
      />,
    )
    const number = screen.getByText('Account number').nextElementSibling!
    expect(within(number as HTMLElement).getByText('••••7890')).toBeTruthy()
    expect(within(number as HTMLElement).getByText('hidden, ending 7890')).toBeTruthy()
  })

  it('exports every feature while a filter is active, and the status says how many were copied or downloaded', async () => {
    const report = await sandboxReport({ accounts: 2, features: 30 })
    const written = fakeClipboard()
    const { blobs } = fakeDownloads()
    render(<ReportView report={report} />)
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
      target: { value: 'feature_2' },
    })
    await screen.findByText('22 of 68 features match')
    fireEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    await screen.findByText('Copied all 68 features as CSV.')
    expect(parseCsv(written[0]!)).toHaveLength(1 + 68)
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByText('Downloaded all 68 features as CSV.')).toBeTruthy()
    expect(
      screen.getByText('Downloaded all 68 features as CSV.').closest('[role="status"]'),
    ).toBeTruthy()
    expect(parseCsv(await blobs[0]!.text())).toHaveLength(1 + 68)
  })

  it("writes the summary's dates the locale's way in the service's time, the raw value in <time dateTime>", () => {
    const report = {
      ...handMade({}),
      reference_date: '2026-01-01',
      created_at: '2026-01-01 09:00:00',
    }
    const { rerender } = render(<ReportView report={report} />)
    const summary = screen.getByRole('region', { name: 'Summary' })
    const value = (label: string) => within(summary).getByText(label).nextElementSibling!
    expect(value('Reference date').textContent).toBe('Jan 1, 2026')
    expect(value('Created').textContent).toBe('Jan 1, 2026, 9:00 AM')
    expect(value('Reference date').querySelector('time')?.dateTime).toBe('2026-01-01')
    expect(value('Created').querySelector('time')?.dateTime).toBe('2026-01-01 09:00:00')
    // A value that is not a date stays as the service sent it.
    rerender(
      <ReportView
        report={{ ...report, reference_date: 'soon', created_at: '2026-02-31 09:00:00' }}
      />,
    )
    expect(value('Reference date').textContent).toBe('soon')
    expect(value('Created').textContent).toBe('2026-02-31 09:00:00')
    expect(summary.textContent).not.toContain('Invalid')
  })
})
