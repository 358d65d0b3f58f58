'use client'
import { forwardRef, useContext, useMemo, type ComponentPropsWithoutRef } from 'react'
import type { IbvReport } from '../core/index.js'
import { IbvContext } from './context.js'
import { REPORT_VIEW_TEXT, withText, type IbvMessageOverrides } from './messages.js'
import { ReportAccount } from './ReportAccount.js'
import { ReportFacts } from './ReportFacts.js'
import { ReportStatusBadge } from './ReportStatusBadge.js'
import { classes } from './class-name.js'

export interface ReportViewProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  report: IbvReport
  /** Show account and routing numbers in full and the owner's name. @default false */
  revealPersonalData?: boolean
  /** Locale of numbers and money. Fixed by default so server and browser render the same text. @default 'en-US' */
  locale?: string
  /** Currency of balances (the spec does not give one). @default 'USD' */
  currency?: string
  /** How many accounts start expanded. @default 3 */
  expandedAccounts?: number
  messages?: IbvMessageOverrides
}

/**
 * A report rendered natively: header, one collapsible section per account with masked personal
 * data, and every item's features in natural order. Unknown fields are shown, not dropped.
 * Works without `<IbvProvider>`.
 *
 * @example
 * const { report } = useIbvReport(id); return report ? <ReportView report={report} /> : null
 */
export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  { report, revealPersonalData = false, locale = 'en-US', currency = 'USD', expandedAccounts = 3, messages, className, ...rest },
  ref,
) {
  const text = withText(REPORT_VIEW_TEXT, useContext(IbvContext)?.messages, messages)
  const money = useMemo(() => new Intl.NumberFormat(locale, { style: 'currency', currency }), [locale, currency])
  const numbers = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }), [locale])
  const accounts = Array.isArray(report.accounts) ? report.accounts : []
  return (
    <article
      ref={ref}
      {...rest}
      className={classes('ibv-report-view', className)}
      data-personal-data={revealPersonalData ? 'revealed' : 'masked'}
    >
      <header className="ibv-report-view__header">
        <ReportFacts
          facts={[
            [text.fields.consumer, report.consumer_id],
            [text.fields.referenceDate, report.reference_date],
            [text.fields.created, report.created_at],
            [text.fields.report, report.product_request_id],
          ]}
        />
        <ReportStatusBadge status={report.ibv_report_status} />
      </header>
      {accounts.length === 0 ? (
        <p className="ibv-report-view__empty">{text.reportNoAccounts}</p>
      ) : (
        accounts.map((account, index) => (
          <ReportAccount
            key={`${account.account_number}-${index}`}
            account={account}
            revealPersonalData={revealPersonalData}
            defaultOpen={index < expandedAccounts}
            money={money}
            numbers={numbers}
            messages={text}
          />
        ))
      )}
    </article>
  )
})
