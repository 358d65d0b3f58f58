'use client'
import type { ReportWhileRefreshing } from './useReportWhileRefreshing.js'

/**
 * The line above a report view that says which report it is while a newer one is prepared
 * (`useReportWhileRefreshing`'s label); announced as it changes, so a screen reader hears the swap.
 * Its tooltip says what the service's time is.
 */
export function ReportRefreshLabel({
  refreshing,
}: {
  refreshing: ReportWhileRefreshing | undefined
}) {
  return refreshing?.label ? (
    <p
      role="status"
      className="ibv-report-refresh"
      data-state={refreshing.state}
      title={refreshing.clockHint}
    >
      {refreshing.label}
    </p>
  ) : null
}
