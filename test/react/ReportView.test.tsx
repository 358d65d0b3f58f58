import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, fireEvent, within, waitFor } from '@testing-library/react'
import { IbvProvider, ReportView, createBackendFetchers, type IbvReport } from '../../src/index.js'
import { frCA } from '../../src/locales/fr-CA.js'
import {
  fakeClipboard,
  fakeDownloads,
  handMade,
  parseCsv,
  sandboxReport,
} from './report-view-fixtures.js'

describe('<ReportView>', () => {
  it('renders the header and one section per account, balances formatted, personal data masked', async () => {
    const report = await sandboxReport({ accounts: 2, features: 3 })
    const { container } = render(<ReportView report={report} locale="en-US" />)
    const article = screen.getByRole('article')
    expect(article.textContent).toContain('LND-42')
    expect(article.textContent).not.toContain(report.reference_date)
    expect(within(article).getByText('Complete')).toBeTruthy()
    expect(container.querySelectorAll('.ibv-report-view__account')).toHaveLength(2)
    const first = report.accounts[0]!
    expect(article.textContent).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(first.balance),
    )
    expect(article.textContent).toContain(`••••${first.account_number.slice(-4)}`)
    expect(article.textContent).not.toContain(first.account_number)
    expect(article.textContent).not.toContain(first.routing_number)
    expect(article.textContent).not.toContain(first.owner_name)
    expect(article.dataset.personalData).toBe('masked')
  })

  it('formats with a fixed locale by default, so server and browser render the same text', () => {
    const report: IbvReport = {
      product_request_id: 'IBV1',
      client_id: 'c',
      consumer_id: 'x',
      reference_date: 'd',
      created_at: 't',
      ibv_report_status: 'complete',
      accounts: [
        {
          provider_name: 'P',
          account_name: 'A',
          account_type: 'checking',
          routing_number: '011000015',
          account_number: '1234567890',
          owner_name: 'O',
          balance: 1234567.5,
          items: [],
        },
      ],
    }
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
    const data = {
      ne_income_feature_10: 10,
      ne_income_feature_2: 2,
      ne_income_feature_1: 1,
      payroll: { employer: 'ACME' },
    }
    render(
      <ReportView
        report={handMade(data, { loyalty_tier: 'gold', iban: 'DE89370400440532013000' })}
      />,
    )
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent)
    expect(names).toEqual([
      'ne_income_feature_1',
      'ne_income_feature_2',
      'ne_income_feature_10',
      'Payroll payroll',
    ])
    expect(screen.getByRole('article').textContent).toContain('{"employer":"ACME"}')
    // Fields the service API does not name may be personal (an IBAN): shown only with the personal data.
    expect(screen.getByRole('article').textContent).not.toMatch(/loyalty_tier|gold|iban|DE8937/)
    fireEvent.click(screen.getByRole('button', { name: 'Show personal data' }))
    expect(screen.getByRole('article').textContent).toContain('loyalty_tier')
    expect(screen.getByRole('article').textContent).toContain('gold')
    expect(screen.getByRole('article').textContent).toContain('DE89370400440532013000')
  })

  it('says so when there are no accounts', () => {
    render(
      <ReportView
        report={{
          product_request_id: 'IBV1',
          client_id: 'c',
          consumer_id: 'x',
          reference_date: 'd',
          created_at: 't',
          ibv_report_status: 'complete',
          accounts: [],
        }}
      />,
    )
    expect(screen.getByText('No accounts are connected.')).toBeTruthy()
  })

  it('keeps 20 accounts × 500 features light: collapsed sections render no rows until opened', async () => {
    const report = await sandboxReport({ accounts: 20, features: 500 })
    const { container } = render(<ReportView report={report} />)
    const rows = () => container.querySelectorAll('tbody tr').length
    const toggles = screen.getAllByRole('button', { expanded: false })
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(3)
    expect(toggles).toHaveLength(17)
    expect(rows()).toBe(3 * 504)
    fireEvent.click(toggles[7]!)
    expect(rows()).toBe(4 * 504)
    // Rendering 1,500 rows in jsdom takes seconds on a busy machine: this test counts rows, it does
    // not time them (the benchmarks do), so it gets more than the default 5 s.
  }, 20_000)
})

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('<ReportView> for an underwriter', () => {
  it('starts with a summary computed from the report: accounts, banks, net balance, reference date, status', async () => {
    const report = await sandboxReport({ accounts: 3, features: 4 })
    render(<ReportView report={report} />)
    const summary = screen.getByRole('region', { name: 'Summary' })
    const value = (label: string) =>
      within(summary).getByText(label).nextElementSibling?.textContent
    const total = report.accounts.reduce((sum, account) => sum + account.balance, 0)
    expect(value('Accounts')).toBe('3')
    expect(value('Banks')).toBe(
      [...new Set(report.accounts.map((account) => account.provider_name))].join(', '),
    )
    expect(value('Net balance')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total),
    )
    expect(value('Reference date')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.parse(`${report.reference_date}T00:00Z`),
      ),
    )
    expect(value('Status')).toContain('Complete')
    // The summary comes before the accounts.
    const firstToggle = screen.getAllByRole('button', { expanded: true })[0]!
    expect(
      summary.compareDocumentPosition(firstToggle) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('collapses and expands an account with a named button whose aria-expanded tells the truth', async () => {
    const report = await sandboxReport({ accounts: 2, features: 3 })
    render(<ReportView report={report} />)
    const toggle = screen.getByRole('button', {
      name: new RegExp(report.accounts[0]!.account_name),
    })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(body && within(body).getAllByRole('rowheader')).toHaveLength(7)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getAllByRole('table')).toHaveLength(1)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('table')).toHaveLength(2)
  })

  it('gives every feature table column headers', async () => {
    const report = await sandboxReport({ accounts: 1, features: 2 })
    render(<ReportView report={report} />)
    const table = screen.getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Feature', 'Value'])
  })

  // 2,000 rows in jsdom: about 3 s alone, more on a loaded machine (this asserts behaviour, not time).
  it(
    'filters features by name across accounts, with a labelled search box and a count',
    { timeout: 30_000 },
    async () => {
      const report = await sandboxReport({ accounts: 4, features: 500 })
      render(<ReportView report={report} />)
      const filter = screen.getByRole('searchbox', { name: 'Filter features' })
      fireEvent.change(filter, { target: { value: 'FEATURE_49' } })
      // Every account with a match opens while the filter is on, the fourth too.
      await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(4 * 11))
      const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent)
      expect(new Set(names)).toEqual(
        new Set([
          'ne_income_feature_49',
          ...Array.from({ length: 10 }, (_, n) => `ne_income_feature_49${n}`),
        ]),
      )
      expect(screen.getByText('44 of 2,016 features match')).toBeTruthy()
      fireEvent.change(filter, { target: { value: 'no such feature' } })
      await waitFor(() => expect(screen.queryAllByRole('rowheader')).toHaveLength(0))
      // Each account closes and says so in its heading.
      expect(
        screen.getAllByRole('button', { name: /No feature matches the filter\./, expanded: false }),
      ).toHaveLength(4)
    },
  )

  it('copies the features as RFC 4180 CSV, neutralising spreadsheet formulas, and says so in a status', async () => {
    const written = fakeClipboard()
    render(
      <ReportView
        report={handMade({
          quoted: 'say "hi", then\nleave',
          formula: '=HYPERLINK("http://x","y")',
          plus: '+1',
          minus: '-2',
          at: '@SUM(A1)',
          negative: -12.5,
          nested: { a: 1 },
          '=evil_name': 1,
        })}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    expect(await screen.findByText('Copied all 8 features as CSV.')).toBeTruthy()
    expect(
      screen.getByText('Copied all 8 features as CSV.').closest('[role="status"]'),
    ).toBeTruthy()
    const lines = parseCsv(written[0]!)
    expect(lines[0]).toBe(
      'institution,account_name,account_type,account_number,item_code,feature,feature_label,value',
    )
    // After the raw name, its label, then the raw value.
    const row = (feature: string) =>
      lines.find((line) => line.includes(`,${feature},`))?.split(`,${feature},`)[1]
    expect(row('quoted')).toBe('Quoted,"say ""hi"", then\nleave"')
    expect(row('formula')).toBe(`Formula,"'=HYPERLINK(""http://x"",""y"")"`)
    expect(row('plus')).toBe("Plus,'+1")
    expect(row('minus')).toBe("Minus,'-2")
    expect(row('at')).toBe("At,'@SUM(A1)")
    expect(row('negative')).toBe('Negative,-12.5')
    expect(row('nested')).toBe('Nested,"{""a"":1}"')
    expect(lines[1]).toMatch(/^Platypus Bank,Checking,checking,••••7890,ibv_validate_metrics,/)
    // Names are neutralised too; numbers are not (a negative number is not a formula).
    expect(lines).toContain(
      "Platypus Bank,Checking,checking,••••7890,ibv_validate_metrics,'=evil_name,'=evil name,1",
    )
  })

  it('copies every feature whatever the filter shows, saying how many, and says when the clipboard refuses', async () => {
    const report = await sandboxReport({ accounts: 2, features: 30 })
    const written = fakeClipboard()
    render(<ReportView report={report} />)
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
      target: { value: 'feature_2' },
    })
    await screen.findByText('22 of 68 features match')
    fireEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    await screen.findByText('Copied all 68 features as CSV.')
    expect(parseCsv(written[0]!)).toHaveLength(1 + 68)
    fakeClipboard(true)
    fireEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    expect(await screen.findByText('The clipboard refused: use Download CSV.')).toBeTruthy()
  })

  it('downloads the features as <product_request_id>-features.csv through an object URL it then revokes', async () => {
    const report = await sandboxReport({ accounts: 2, features: 5 })
    const { blobs, revoked, names } = fakeDownloads()
    render(<ReportView report={report} />)
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() =>
      expect(names).toEqual([`${report.product_request_id}-features.csv blob:test/1`]),
    )
    await waitFor(() => expect(revoked).toEqual(['blob:test/1']))
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8')
    const lines = parseCsv(await blobs[0]!.text())
    expect(lines).toHaveLength(1 + 2 * 9)
    expect(lines.join('\n')).not.toContain(report.accounts[0]!.account_number)
  })

  it('keeps personal data masked until the reveal button is pressed, in the page and in the CSV', async () => {
    const report = await sandboxReport({ accounts: 1, features: 2 })
    const written = fakeClipboard()
    render(<ReportView report={report} />)
    const first = report.accounts[0]!
    const article = screen.getByRole('article')
    const reveal = screen.getByRole('button', { name: 'Show personal data' })
    expect(reveal.getAttribute('aria-pressed')).toBe('false')
    expect(article.textContent).not.toContain(first.account_number)
    fireEvent.click(reveal)
    expect(reveal.getAttribute('aria-pressed')).toBe('true')
    expect(article.dataset.personalData).toBe('revealed')
    expect(article.textContent).toContain(first.account_number)
    expect(article.textContent).toContain(first.owner_name)
    fireEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    await screen.findByText(/^Copied/)
    expect(written[0]).toContain(first.account_number)
    fireEvent.click(reveal)
    expect(article.textContent).not.toContain(first.account_number)
  })

  it('takes its texts from the provider and the messages prop, for i18n', async () => {
    const report = await sandboxReport({ accounts: 1, features: 2 })
    render(
      <ReportView
        report={report}
        messages={{
          filterFeatures: 'Filtrer les variables',
          copyCsv: 'Copier en CSV',
          fields: { totalBalance: 'Solde total' },
        }}
      />,
    )
    expect(screen.getByRole('searchbox', { name: 'Filtrer les variables' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copier en CSV' })).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText('Solde total'),
    ).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText('Accounts'),
    ).toBeTruthy()
  })

  it('captions an item’s table with its language’s punctuation, which the text holds (French: a no-break space before the colon)', async () => {
    const report = await sandboxReport({ accounts: 1, features: 2 })
    const { unmount } = render(<ReportView report={report} />)
    expect(screen.getByRole('table', { name: 'Features: Validation metrics' })).toBeTruthy()
    unmount()
    render(
      <IbvProvider
        fetchers={createBackendFetchers('/api/ibv')}
        serviceUrl="https://service.test"
        locale={frCA}
      >
        <ReportView report={report} />
      </IbvProvider>,
    )
    expect(
      screen.getByRole('table', { name: 'Indicateurs\u00a0: Mesures de validation' }),
    ).toBeTruthy()
  })

  it('expands every account while printing and restores the sections after', async () => {
    const report = await sandboxReport({ accounts: 6, features: 3 })
    render(<ReportView report={report} />)
    expect(screen.getAllByRole('table')).toHaveLength(3)
    fireEvent(window, new Event('beforeprint'))
    expect(screen.getAllByRole('table')).toHaveLength(6)
    fireEvent(window, new Event('afterprint'))
    expect(screen.getAllByRole('table')).toHaveLength(3)
  })
})
