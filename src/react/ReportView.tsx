'use client'
import {
  forwardRef,
  useContext,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react'
import type { IbvReport } from '../core/index.js'
import { IbvContext, intlOf } from './context.js'
import {
  asSent,
  featureLabel,
  fill,
  humanize,
  matchingFeatures,
  numberFormats,
  sortedFeatures,
} from './format.js'
import { withText, type IbvMessageOverrides } from '../core/messages.js'
import { REPORT_VIEW_TEXT } from '../core/report-view-text.js'
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
  /**
   * `Intl` locale of numbers, money, dates (in the service's time) and the order of features.
   * Fixed by default so server and browser render the same text. @default the provider's locale's (`locale.formats.intl`), else 'en-US'
   */
  locale?: string
  /** Currency of balances and amounts (the service API does not give one), written with its usual decimals. @default 'USD' */
  currency?: string
  /**
   * The lender's data dictionary: labels by feature name, on top of the built-in ones (and of
   * `messages.featureLabels` from `<IbvProvider>`). The name is still shown beside its label.
   */
  featureLabels?: Partial<Record<string, string>>
  /**
   * Writes a feature's value: `name` is the raw feature name, `value` the raw value, `formatted`
   * the default text (`"$1,234.50"`). Return `undefined` to keep the default rendering, whose
   * decimal points line up. The CSV always carries the raw value. docs/guides/components.md has
   * an example (a score written out of 100).
   */
  formatFeature?: (name: string, value: unknown, formatted: string) => ReactNode
  /** How many accounts start expanded. @default 3 */
  expandedAccounts?: number
  messages?: IbvMessageOverrides
  /** `useReportWhileRefreshing`'s answer, while a refresh replaces the report: its label is shown above the report. */
  refreshing?: ReportWhileRefreshing
}

/**
 * A report rendered natively for an underwriter: a summary first (accounts, institutions, total
 * balance, status, dates and ids), a filter over features, copy and download of the features as
 * CSV, then one collapsible section per account with personal data masked until shown. Features
 * read by their labels, the raw name beside each; values in the format their name calls for
 * (money in `currency`, ratios and scores to three decimals, counts whole, other numbers to two).
 * Unknown fields are shown, not dropped; printing expands every account.
 * Works without `<IbvProvider>`.
 *
 * @example
 * const { report } = useIbvReport(id); return report ? <ReportView report={report} /> : null
 */
export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  {
    report,
    revealPersonalData = false,
    locale: ownLocale,
    currency = 'USD',
    featureLabels,
    formatFeature,
    expandedAccounts = 3,
    messages,
    refreshing,
    className,
    ...rest
  },
  ref,
) {
  const context = useContext(IbvContext)
  const locale = ownLocale ?? intlOf(context)
  const text = withText(REPORT_VIEW_TEXT, context?.messages, messages, { featureLabels })
  const formats = useMemo(() => numberFormats(locale, currency), [locale, currency])
  // Names in English words only where the locale writes them so; else as the service sent them.
  const words = context?.locale?.formats.namesInWords === false ? asSent : humanize
  const label = (name: string) => featureLabel(name, text.featureLabels, words)
  const [revealed, setRevealed] = useState(revealPersonalData)
  // A new value of the prop wins over the button, as a controlled value would.
  const [shownProp, setShownProp] = useState(revealPersonalData)
  if (shownProp !== revealPersonalData) {
    setShownProp(revealPersonalData)
    setRevealed(revealPersonalData)
  }
  const [filter, setFilter] = useState('')
  // Typing stays responsive over thousands of rows: the tables follow a render behind.
  const needle = useDeferredValue(filter).trim().toLowerCase()
  const printing = usePrinting()
  const filterId = useId()
  const csv = useCsvExport(report, revealed, text, label, locale)
  const { accounts } = report
  // Sorted once per report and locale, so filtering 500 features per keystroke only scans.
  const sorted = useMemo(
    () =>
      accounts.map((account) =>
        (account.items ?? []).map((item) => sortedFeatures(item.data, locale)),
      ),
    [accounts, locale],
  )
  const filtering = needle !== ''
  // Each item's features that the filter keeps, found once for the tables and the counts.
  const shownNames = sorted.map((items) =>
    items.map((names) => matchingFeatures(names, needle, label)),
  )
  return (
    <article
      ref={ref}
      lang={context?.locale?.code}
      {...rest}
      className={classes('ibv-report-view', className)}
      data-personal-data={revealed ? 'revealed' : 'masked'}
    >
      <ReportRefreshLabel refreshing={refreshing} />
      <ReportSummary report={report} money={formats.money} locale={locale} messages={text} />
      {accounts.length === 0 ? (
        <p className="ibv-report-view__empty">{text.reportNoAccounts}</p>
      ) : (
        <>
          <div className="ibv-report-view__toolbar">
            <div className="ibv-report-view__filter">
              <label htmlFor={filterId}>{text.filterFeatures}</label>
              <input
                id={filterId}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
              <span role="status" className="ibv-report-view__matches">
                {filtering &&
                  fill(text.featuresMatch, {
                    shown: formats.count.format(shownNames.flat(2).length),
                    total: formats.count.format(sorted.flat(2).length),
                  })}
              </span>
            </div>
            <div className="ibv-report-view__actions">
              <button
                type="button"
                className="ibv-report-view__button"
                aria-pressed={revealed}
                onClick={() => setRevealed(!revealed)}
              >
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
              features={shownNames[index] ?? []}
              filtering={filtering}
              look={{ formats, label, format: formatFeature, words }}
              messages={text}
            />
          ))}
        </>
      )}
    </article>
  )
})
