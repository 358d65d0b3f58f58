import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { page, userEvent } from 'vitest/browser'
import { IbvProvider, ReportView, createBackendFetchers } from '../../src/index.js'
import { mountInHost, resetHost } from './host-css.js'
import { sandboxReport } from './sandbox-report.js'

// What an underwriter reads in <ReportView>, laid out by real Chromium with the default theme:
// labels in words with the raw key beside them, money with its currency, fixed precisions,
// account types in words, the CSV, and a summary whose rows line up at every width.

afterEach(resetHost)

/** The row of the first open account whose raw key is `key`. */
const row = (key: string) => {
  const account = document.querySelector('.ibv-report-view__account[data-state="open"]')!
  return Array.from(account.querySelectorAll('tbody tr')).find((tr) =>
    tr.querySelector('th')!.textContent!.endsWith(key),
  )!
}
const cell = (key: string) => row(key).querySelector('td')!.textContent

describe('<ReportView> read by an underwriter', () => {
  it('names features in words, with the raw key beside them: smaller, muted and selectable', async () => {
    const report = await sandboxReport({ accounts: 2, features: 3 })
    await mountInHost(<ReportView report={report} />, { width: 1280 })
    const header = row('average_monthly_income').querySelector('th')!
    const key = header.querySelector('.ibv-report-view__key')!
    expect(header.textContent).toBe('Average monthly income average_monthly_income')
    expect(key.textContent).toBe('average_monthly_income')
    expect(row('income_stability_score').querySelector('th')!.textContent).toBe(
      'Income stability score income_stability_score',
    )
    expect(row('nsf_count_90d').querySelector('th')!.textContent).toBe(
      'NSF count (90 days) nsf_count_90d',
    )
    // The service API does not say what a numbered feature means: it keeps its name, with nothing beside it.
    expect(row('ne_income_feature_2').querySelector('th')!.textContent).toBe('ne_income_feature_2')
    expect(row('ne_income_feature_2').querySelector('.ibv-report-view__key')).toBeNull()
    // Visible, on a line of its own under the label, smaller and in the muted colour.
    const label = getComputedStyle(header)
    const small = getComputedStyle(key)
    expect(key.getBoundingClientRect().width).toBeGreaterThan(0)
    expect(parseFloat(small.fontSize)).toBeLessThan(parseFloat(label.fontSize))
    expect(small.color).not.toBe(label.color)
    expect(key.getBoundingClientRect().top).toBeGreaterThan(header.getBoundingClientRect().top + 4)
    // Selectable as it is, to paste into a query.
    expect(small.userSelect).not.toBe('none')
    getSelection()!.selectAllChildren(key)
    expect(getSelection()!.toString()).toBe('average_monthly_income')
    getSelection()!.removeAllRanges()
    // The item header in words, its code and version beside it.
    const item = screen.getAllByRole('heading', { level: 4 })[0]!
    expect(item.textContent).toBe('Validation metrics ibv_validate_metrics · v2.3.1')
    // The filter finds a feature by its label as well as by its key.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
      target: { value: 'monthly income' },
    })
    await expect.element(page.getByText('2 of 14 features match')).toBeVisible()
  })

  it('takes the lender’s data dictionary: featureLabels and formatFeature, also from the provider', async () => {
    const report = await sandboxReport({ accounts: 1, features: 3 })
    const score = report.accounts[0]!.items[0]!.data['income_stability_score'] as number
    await mountInHost(
      <IbvProvider
        fetchers={createBackendFetchers('/api/ibv')}
        serviceUrl={`${location.origin}/ibv-sandbox`}
        messages={{ featureLabels: { ne_income_feature_3: 'Gig income share' } }}
      >
        <ReportView
          report={report}
          featureLabels={{
            ne_income_feature_1: 'Payroll deposits, 30 days',
            average_monthly_income: 'Monthly income (stated)',
          }}
          formatFeature={(key, value, formatted) =>
            key === 'income_stability_score' ? (
              <b>{Math.round(Number(value) * 100)} / 100</b>
            ) : key === 'ne_income_feature_2' ? (
              `≈ ${formatted}`
            ) : undefined
          }
        />
      </IbvProvider>,
      { width: 1280 },
    )
    expect(row('ne_income_feature_1').querySelector('th')!.textContent).toBe(
      'Payroll deposits, 30 days ne_income_feature_1',
    )
    expect(row('average_monthly_income').querySelector('th')!.textContent).toBe(
      'Monthly income (stated) average_monthly_income',
    )
    expect(row('ne_income_feature_3').querySelector('th')!.textContent).toBe(
      'Gig income share ne_income_feature_3',
    )
    expect(row('income_stability_score').querySelector('td b')!.textContent).toBe(
      `${Math.round(score * 100)} / 100`,
    )
    expect(cell('ne_income_feature_2')).toMatch(/^≈ [\d,]+\.\d{2}$/)
    // Values the function leaves alone keep the default.
    expect(cell('nsf_count_90d')).toMatch(/^\d+$/)
  })

  it('writes money with its currency and two decimals, ratios and scores to three, counts whole, other numbers to two', async () => {
    const report = await sandboxReport({ accounts: 4, features: 12 })
    await mountInHost(<ReportView report={report} expandedAccounts={4} />, { width: 1280 })
    const data = report.accounts[0]!.items[0]!.data
    expect(cell('average_monthly_income')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        data['average_monthly_income'] as number,
      ),
    )
    expect(cell('average_monthly_income')).toMatch(/^\$[\d,]+\.\d{2}$/)
    expect(cell('income_stability_score')).toMatch(/^\d\.\d{3}$/)
    expect(cell('nsf_count_90d')).toMatch(/^\d$/)
    // Every unnamed number to two decimals, however many the data has (763.8, 486, 7856.34).
    const numbered = Array.from(document.querySelectorAll('tbody tr'))
      .filter((tr) => /ne_income_feature_\d+$/.test(tr.querySelector('th')!.textContent!))
      .map((tr) => tr.querySelector('td')!.textContent)
    expect(numbered).toHaveLength(4 * 12)
    for (const text of numbered) expect(text).toMatch(/^[\d,]+\.\d{2}$/)
    // A named ratio, an amount and a balance too.
    report.accounts[0]!.items[0]!.data = {
      debt_to_income_ratio: 0.5,
      overdraft_amount: -20,
      ending_balance: 1234.5,
      days_negative_count: 3,
    }
    await resetHost()
    await mountInHost(<ReportView report={report} currency="EUR" locale="de-DE" />, { width: 1280 })
    expect(cell('debt_to_income_ratio')).toBe('0,500')
    // (The space before the sign is a no-break space.)
    expect(cell('overdraft_amount')).toBe('-20,00\u00a0€')
    expect(cell('ending_balance')).toBe('1.234,50\u00a0€')
    expect(cell('days_negative_count')).toBe('3')
  })

  it('sorts features in the order of its locale', async () => {
    const report = await sandboxReport({ accounts: 1, features: 1 })
    report.accounts[0]!.items[0]!.data = { zz_amount: 1, öl_amount: 2, aa_amount: 3 }
    const names = () =>
      Array.from(
        document.querySelectorAll('tbody th .ibv-report-view__key'),
        (key) => key.textContent,
      )
    await mountInHost(<ReportView report={report} locale="en-US" />, { width: 1280 })
    expect(names()).toEqual(['aa_amount', 'öl_amount', 'zz_amount'])
    await resetHost()
    await mountInHost(<ReportView report={report} locale="sv-SE" />, { width: 1280 })
    expect(names()).toEqual(['aa_amount', 'zz_amount', 'öl_amount'])
  })

  it('says the account type in words', async () => {
    const report = await sandboxReport({ accounts: 5, features: 1 })
    report.accounts[4]!.account_type = 'brokerage_cash'
    await mountInHost(
      <ReportView
        report={report}
        expandedAccounts={0}
        messages={{ accountTypes: { money_market: 'Money market fund' } }}
      />,
      { width: 1280 },
    )
    const kinds = Array.from(
      document.querySelectorAll('.ibv-report-view__account-meta'),
      (meta) => meta.textContent!.split(' · ')[1],
    )
    expect(kinds).toEqual([
      'Checking',
      'Savings',
      'Credit card',
      'Money market fund',
      'Brokerage cash',
    ])
  })

  it('copies a CSV with the raw key, its label and the exact value', async () => {
    const report = await sandboxReport({ accounts: 1, features: 2 })
    const data = report.accounts[0]!.items[0]!.data
    await mountInHost(
      <ReportView
        report={report}
        featureLabels={{ ne_income_feature_1: 'Payroll deposits, 30 days' }}
      />,
      { width: 1280 },
    )
    await userEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    await expect.element(page.getByText('Copied all 6 features as CSV.')).toBeVisible()
    const lines = (await navigator.clipboard.readText()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'institution,account_name,account_type,account_number,item_code,feature,feature_label,value',
    )
    const tail = (key: string) =>
      lines.find((line) => line.includes(`,${key},`))!.split(',ibv_validate_metrics,')[1]
    expect(tail('average_monthly_income')).toBe(
      `average_monthly_income,Average monthly income,${data['average_monthly_income']}`,
    )
    expect(tail('ne_income_feature_1')).toBe(
      `ne_income_feature_1,"Payroll deposits, 30 days",${data['ne_income_feature_1']}`,
    )
    expect(tail('ne_income_feature_2')).toBe(
      `ne_income_feature_2,ne_income_feature_2,${data['ne_income_feature_2']}`,
    )
  })

  for (const width of [1280, 390, 320]) {
    it(`at ${width} px the summary is an aligned grid: every row full, its labels on one top, columns shared`, async () => {
      const report = await sandboxReport({ accounts: 3, features: 1 })
      report.product_request_id = `IBV-${crypto.randomUUID()}`
      await mountInHost(<ReportView report={report} />, { width, host: 'create-vite-classic' })
      const summary = screen.getByRole('region', { name: 'Summary' })
      expect(within(summary).getByText('Applicant').nextElementSibling!.textContent).toBe(
        report.consumer_id,
      )
      const grid = summary.querySelector('dl')!.getBoundingClientRect()
      const facts = Array.from(summary.querySelectorAll('dl > *'), (fact) => ({
        box: fact.getBoundingClientRect(),
        label: fact.querySelector('dt')!.getBoundingClientRect(),
        value: fact.querySelector('dd')!.getBoundingClientRect(),
      }))
      expect(facts).toHaveLength(8)
      const rows = new Map<number, typeof facts>()
      for (const fact of facts)
        rows.set(Math.round(fact.label.top), [
          ...(rows.get(Math.round(fact.label.top)) ?? []),
          fact,
        ])
      const columns = (cells: typeof facts) => cells.map((fact) => Math.round(fact.box.left))
      const first = [...rows.values()][0]!
      expect(first.length).toBeGreaterThan(1)
      for (const cells of rows.values()) {
        // Values start on one line too, and the row reaches both edges of the grid.
        expect(new Set(cells.map((fact) => Math.round(fact.value.top))).size).toBe(1)
        expect(Math.round(cells[0]!.box.left)).toBe(Math.round(grid.left))
        expect(Math.round(cells.at(-1)!.box.right)).toBe(Math.round(grid.right))
        // No lone cell: a row holds as many cells as the first, in its columns, or one cell as wide as the grid.
        if (cells.length > 1) expect(columns(cells)).toEqual(columns(first))
        else expect(Math.round(cells[0]!.box.width)).toBe(Math.round(grid.width))
      }
      expect(rows.size).toBe(width === 1280 ? 2 : 5)
    })
  }
})
