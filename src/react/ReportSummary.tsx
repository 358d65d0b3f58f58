'use client'
import type { IbvReport } from '../core/index.js'
import { statusLook } from '../core/statuses.js'
import type { REPORT_VIEW_TEXT } from '../core/report-view-text.js'
import { ReportFacts } from './ReportFacts.js'
import { formatServiceTime } from './service-date.js'
import { StatusBadge } from './StatusBadge.js'

export interface ReportSummaryProps {
  report: IbvReport
  money: Intl.NumberFormat
  /** `Intl` locale of the dates. */
  locale: string
  messages: typeof REPORT_VIEW_TEXT
}

/**
 * What an underwriter reads first: how many accounts, at which institutions, their total balance
 * and the status; then, smaller (in the theme), the dates, who and which report. Eight facts, so
 * the theme's grid of four or two columns has no row half empty.
 */
export function ReportSummary({ report, money, locale, messages }: ReportSummaryProps) {
  const { accounts } = report
  // Summed in cents, so 0.1 + 0.2 stays 0.30 however many accounts there are.
  const cents = accounts.reduce(
    (sum, account) => sum + Math.round((Number(account.balance) || 0) * 100),
    0,
  )
  const { fields } = messages
  // A date in the locale's words, in the service's time (its wall clock, never the reader's zone),
  // the text as sent in `dateTime`; a text that is not a date stays as sent. The reference date
  // has no time: midnight makes it one.
  const date = (text: string, options: Intl.DateTimeFormatOptions, time = '') => {
    const words = formatServiceTime(text + time, options, locale)
    return words ? <time dateTime={text}>{words}</time> : text
  }
  return (
    <section className="ibv-report-view__summary" aria-label={messages.summary}>
      <ReportFacts
        facts={[
          [fields.accounts, accounts.length],
          [
            fields.institutions,
            [...new Set(accounts.map((account) => account.provider_name))].join(', ') || '—',
          ],
          [fields.totalBalance, money.format(cents / 100)],
          [fields.status, <StatusBadge look={statusLook(report.ibv_report_status)} />],
          [fields.referenceDate, date(report.reference_date, { dateStyle: 'medium' }, ' 00:00')],
          [fields.created, date(report.created_at, { dateStyle: 'medium', timeStyle: 'short' })],
          [fields.consumer, report.consumer_id],
          [fields.report, report.product_request_id],
        ]}
      />
    </section>
  )
}
