'use client'
import { describeStatus, type IbvReport } from '../core/index.js'
import { intlOf, useIbvContext } from './context.js'
import { badgeDescription } from '../core/badge.js'
import { fill } from './format.js'
import { REPORT_REFRESH_TEXT, withText } from '../core/messages.js'
import { formatServiceTime } from './service-date.js'
import { useIbvReport, type UseIbvReportOptions } from './useIbvReport.js'

/** Options of `useReportWhileRefreshing`: the previous request, the label's locale, and polling as `useIbvReport`'s. */
export interface UseReportWhileRefreshingOptions extends Omit<UseIbvReportOptions, 'enabled'> {
  /**
   * The applicant's report before `productRequestId`: the one a refresh replaces. Its report stays
   * on screen, labelled with its date, until the new one is complete, and stays if it fails.
   */
  previousProductRequestId?: string
  /** `Intl` locale of the label's date. @default the provider's locale's, else 'en-US' */
  locale?: string
}

/**
 * `current`: the latest report is shown, or there is no earlier one to keep. `preparing`: the
 * previous report is kept while the latest is prepared. `failed`: the latest ended without a
 * report, or waits for the applicant to reconnect; the previous report stays.
 */
export type ReportRefreshState = 'current' | 'preparing' | 'failed'

/** What to show while a refresh runs; pass it whole to `<EmbeddedReport refreshing>` or `<ReportView refreshing>`. */
export interface ReportWhileRefreshing {
  /** The product request whose report to show: the latest once complete, the previous one until then. */
  productRequestId: string
  /** That request's report, once read. */
  report: IbvReport | undefined
  /** The previous request, as given: `<EmbeddedReport>` keeps its frame while the next one loads. */
  previousProductRequestId: string | undefined
  /** Which report is shown, and why: see `ReportRefreshState`. */
  state: ReportRefreshState
  /** The latest request's `ibv_report_status`, once known. */
  status: string | undefined
  /**
   * The label above the shown report ("Report of Nov 28, 2026, 2:38 PM (verification service time)
   * — a new report is being prepared"),
   * from the `reportOf`, `reportKeptPreparing` and `reportKeptFailed` texts; undefined when no
   * earlier report was given (nothing to tell apart).
   */
  label: string | undefined
  /**
   * What the label's "(verification service time)" means (the `serviceClockHint` text), for its
   * tooltip; undefined with no label.
   */
  clockHint?: string
}

/**
 * The report to show for an applicant whose report is being refreshed: the previous complete one,
 * labelled with its date, while the new one is prepared; the new one the moment it is complete;
 * the previous one still, with the failure beside it, if the new one fails.
 *
 * @example
 * const shown = useReportWhileRefreshing(latestId, { previousProductRequestId })
 * return shown.report ? <ReportView report={shown.report} refreshing={shown} /> : null
 */
export function useReportWhileRefreshing(
  productRequestId: string,
  options: UseReportWhileRefreshingOptions = {},
): ReportWhileRefreshing {
  const { previousProductRequestId: previousId, locale, ...polling } = options
  const context = useIbvContext('useReportWhileRefreshing')
  const text = withText(REPORT_REFRESH_TEXT, context.messages)
  const latest = useIbvReport(productRequestId, polling)
  // Read at once, not after the latest answered, so the kept report shows without a wait.
  const previous = useIbvReport(previousId ?? '', {
    ...polling,
    enabled: !!previousId && previousId !== productRequestId && !latest.report,
  })
  const status = latest.status
  const look = status === undefined ? undefined : describeStatus(status)
  const keep = !latest.report && !!previous.report && !!previousId
  const state: ReportRefreshState = !keep
    ? 'current'
    : look && (look.terminal || look.needsReconnect)
      ? 'failed'
      : 'preparing'
  const report = keep ? previous.report : latest.report
  // Date and time: two reports of one day (a refresh the same morning) must not read the same.
  const date = formatServiceTime(
    report?.created_at,
    { dateStyle: 'medium', timeStyle: 'short' },
    locale ?? intlOf(context),
  )
  const values = {
    date: date ?? '',
    reason: look ? badgeDescription(look, 'staff', context.messages) : '',
    clock: text.serviceClock,
  }
  const label =
    !previousId || !report || date === undefined
      ? undefined
      : fill(
          state === 'current'
            ? text.reportOf
            : state === 'preparing'
              ? text.reportKeptPreparing
              : text.reportKeptFailed,
          values,
        )
  return {
    productRequestId: (keep && previousId) || productRequestId,
    report,
    previousProductRequestId: previousId,
    state,
    status,
    label,
    clockHint: label === undefined ? undefined : text.serviceClockHint,
  }
}
