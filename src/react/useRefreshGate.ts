'use client'
import {
  describeStatus,
  reportInstitution,
  serviceTime,
  type IbvReport,
  type PendingReport,
  type RefreshOutcome,
} from '../core/index.js'
import { useIbvReport } from './useIbvReport.js'

/** Why the refresh button is disabled: the latest report is being prepared, or waits for a reconnect. */
export type RefreshBlock = 'preparing' | 'needs_reconnect'

export interface RefreshGate {
  block: RefreshBlock | undefined
  /** The latest request's pending body (for the reconnect prompt: its link and reason). */
  pending: PendingReport | undefined
  /** The latest request reached a final state (its report, or a failure). */
  final: boolean
  /**
   * The report the 24-hour window is known to start from: the newest report known (by its own
   * `created_at`) when it is the latest request's own. Undefined otherwise: the window runs from
   * the last submitted refresh, which may be a later request with no report (one that failed), or
   * one this page does not know.
   */
  datedReport: IbvReport | undefined
  /** The bank, as the reports name it. */
  institutionName: string | undefined
}

/**
 * What the reports say about refreshing: `latestId` (the applicant's latest request, or the one a
 * refresh just started) and the report a refused refresh names (`product_request_id` of its body,
 * the most recent report). Read through the report cache, so a page that shows them pays nothing.
 */
export function useRefreshGate(
  latestId: string | undefined,
  outcome: RefreshOutcome | undefined,
): RefreshGate {
  const latest = useIbvReport(latestId ?? '', { enabled: !!latestId })
  const namedId =
    outcome && outcome.kind !== 'submitted' && 'productRequestId' in outcome
      ? outcome.productRequestId
      : undefined
  const named = useIbvReport(namedId ?? '', { enabled: !!namedId && namedId !== latestId })
  const look =
    latest.status === undefined || latest.report ? undefined : describeStatus(latest.status)
  // An unknown status never locks the button: only a known one on its way.
  const block = !look
    ? undefined
    : look.needsReconnect
      ? 'needs_reconnect'
      : look.known && !look.terminal
        ? 'preparing'
        : undefined
  const reports = [latest.report, named.report].filter((report): report is IbvReport => !!report)
  const newest = reports.sort(
    (a, b) => (serviceTime(b.created_at) ?? 0) - (serviceTime(a.created_at) ?? 0),
  )[0]
  const datedReport = latestId && newest?.product_request_id === latestId ? newest : undefined
  return {
    block,
    pending: latest.pending,
    final: latest.final,
    datedReport,
    institutionName: reportInstitution(latest.report) ?? reportInstitution(named.report),
  }
}
