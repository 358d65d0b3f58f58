'use client'
import type { ReportWhileRefreshing } from './useReportWhileRefreshing.js'

/**
 * The line above a report view that says which report it is while a newer one is prepared
 * (`useReportWhileRefreshing`'s label); announced as it changes, so a screen reader hears the swap.
 */
export function ReportRefreshLabel({ refreshing }: { refreshing: ReportWhileRefreshing | undefined }) {
  return refreshing?.label ? (
    <p role="status" className="ibv-report-refresh" data-state={refreshing.state}>
      {refreshing.label}
    </p>
  ) : null
}
