'use client'
import { forwardRef, useContext, useDeferredValue, useId, useState, type ComponentPropsWithoutRef } from 'react'
import type { IbvReport } from '../core/index.js'
import { IbvContext } from './context.js'
import { fill, sortedFeatures } from './format.js'
import { REPORT_VIEW_TEXT, withText, type IbvMessageOverrides } from './messages.js'
import { ReportAccount } from './ReportAccount.js'
import { ReportSummary } from './ReportSummary.js'
import { useCsvExport } from './useCsvExport.js'
import { usePrinting } from './usePrinting.js'
import { classes } from './class-name.js'
import { ReportRefreshLabel } from './ReportRefreshLabel.js'
import type { ReportWhileRefreshing } from './useReportWhileRefreshing.js'

export interface ReportViewProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  report: IbvReport
  /** Start with account and routing numbers in full and the owner's name shown; the "Show personal data" button switches. @default false */
  revealPersonalData?: boolean
  /** Locale of numbers and money. Fixed by default so server and browser render the same text. @default 'en-US' */
  locale?: string
  /** Currency of balances (the spec does not give one). @default 'USD' */
  currency?: string
  /** How many accounts start expanded. @default 3 */
  expandedAccounts?: number
  messages?: IbvMessageOverrides
  /** `useReportWhileRefreshing`'s answer, while a refresh replaces the report: its label is shown above the report. */
  refreshing?: ReportWhileRefreshing
}

/**
 * A report rendered natively for an underwriter: a summary first (accounts, institutions, total
 * balance, reference date, status), a filter over feature names, copy and download of the
 * features as CSV, then one collapsible section per account with personal data masked until
 * shown. Unknown fields are shown, not dropped; printing expands every account.
 * Works without `<IbvProvider>`.
 *
 * @example
 * const { report } = useIbvReport(id); return report ? <ReportView report={report} /> : null
 */
export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  { report, revealPersonalData = false, locale = 'en-US', currency = 'USD', expandedAccounts = 3, messages, refreshing, className, ...rest },
  ref,
) {
  const text = withText(REPORT_VIEW_TEXT, useContext(IbvContext)?.messages, messages)
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency })
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })
  const [revealed, setRevealed] = useState(revealPersonalData)
  // A new value of the prop wins over the button, as a controlled value would.
  const [shownProp, setShownProp] = useState(revealPersonalData)
  if (shownProp !== revealPersonalData) {
    setShownProp(revealPersonalData)
    setRevealed(revealPersonalData)
  }
  const [filter, setFilter] = useState('')
  // Typing stays responsive over thousands of rows: the tables follow a render behind.
  const shownFilter = useDeferredValue(filter)
  const printing = usePrinting()
  const filterId = useId()
  const csv = useCsvExport(report, revealed, text)
  const accounts = Array.isArray(report.accounts) ? report.accounts : []
  const filtering = !!shownFilter.trim()
  let shown = 0
  let total = 0
  // Matches per account: while filtering, an account opens when it has some, and its heading says how many.
  const counts = accounts.map((account) => {
    let count = 0
    for (const item of account.items ?? []) {
      count += sortedFeatures(item.data, shownFilter).length
      total += sortedFeatures(item.data).length
    }
    shown += count
    return count
  })
  return (
    <article
      ref={ref}
      {...rest}
      className={classes('ibv-report-view', className)}
      data-personal-data={revealed ? 'revealed' : 'masked'}
    >
      <ReportRefreshLabel refreshing={refreshing} />
      <ReportSummary report={report} accounts={accounts} money={money} messages={text} />
      {accounts.length === 0 ? (
        <p className="ibv-report-view__empty">{text.reportNoAccounts}</p>
      ) : (
        <>
          <div className="ibv-report-view__toolbar">
            <div className="ibv-report-view__filter">
              <label htmlFor={filterId}>{text.filterFeatures}</label>
              <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
              <span role="status" className="ibv-report-view__matches">
                {filtering && fill(text.featuresMatch, { shown: numbers.format(shown), total: numbers.format(total) })}
              </span>
            </div>
            <div className="ibv-report-view__actions">
              <button type="button" className="ibv-report-view__button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
                {text.showPersonalData}
              </button>
              <button type="button" className="ibv-report-view__button" onClick={csv.copy}>
                {text.copyCsv}
              </button>
              <button type="button" className="ibv-report-view__button" onClick={csv.download}>
                {text.downloadCsv}
              </button>
              <span role="status" className="ibv-report-view__copy-status">
                {csv.status}
              </span>
            </div>
          </div>
          {accounts.map((account, index) => (
            <ReportAccount
              key={`${account.account_number}-${index}`}
              account={account}
              revealPersonalData={revealed}
              defaultOpen={index < expandedAccounts}
              forceOpen={printing}
              filter={shownFilter}
              matches={filtering ? counts[index] : undefined}
              money={money}
              numbers={numbers}
              messages={text}
            />
          ))}
        </>
      )}
    </article>
  )
})
