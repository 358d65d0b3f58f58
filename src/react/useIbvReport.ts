'use client'
import { useSyncExternalStore } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { describeStatus, isRetryable, type IbvReport, type PendingReport } from '../core/index.js'
import { useIbvContext } from './context.js'
import type { ReportAnswer } from './fetchers.js'
import { liveStatusOf } from './live-status.js'

export interface UseIbvReportOptions {
  /** First delay between polls of a pending report, in ms; it doubles each poll. @default 1000 */
  pollInitialMs?: number
  /** Longest delay between polls, in ms; also the delay while the live stream is connected. @default 30000 */
  pollMaxMs?: number
  enabled?: boolean
}

export interface UseIbvReportResult {
  /** `ibv_report_status`, once known. */
  status: string | undefined
  report: IbvReport | undefined
  pending: PendingReport | undefined
  error: Error | null
  /** No report will come (`generation_failed`, `ibv_data_acquire_failed`), or it came. */
  final: boolean
  isLoading: boolean
  // Named through react-query, a peer, so the emitted types never reach into its own dependencies.
  refetch: UseQueryResult<ReportAnswer>['refetch']
}

/**
 * A report through the `report` fetcher. While the answer is 202 it polls with backoff (1 s
 * doubling to 30 s), and stops at a final state. With the live stream connected, polling is only
 * the fallback and runs at the slowest rate.
 *
 * @example
 * const { status, report, pending, error } = useIbvReport(productRequestId)
 */
export function useIbvReport(productRequestId: string, options: UseIbvReportOptions = {}): UseIbvReportResult {
  const { fetchers, queryClient } = useIbvContext('useIbvReport')
  const live = liveStatusOf(queryClient)
  const { pollInitialMs = 1000, pollMaxMs = 30_000, enabled = true } = options
  const connected = useSyncExternalStore(live.subscribe, live.connected, () => false)

  const query = useQuery(
    {
      queryKey: ['ibv-kit', 'report', productRequestId],
      enabled: enabled && productRequestId !== '',
      queryFn: (): Promise<ReportAnswer> => {
        if (!fetchers.report) throw new Error('useIbvReport needs a report fetcher: pass one to <IbvProvider fetchers>.')
        return fetchers.report(productRequestId)
      },
      retry: (failures, error) => isRetryable(error) && failures < 3,
      refetchInterval: (current) => {
        const data = current.state.data
        if (!data || data.kind === 'ready' || describeStatus(data.pending.ibv_report_status).terminal) return false
        if (connected) return pollMaxMs
        return Math.min(pollInitialMs * 2 ** Math.max(0, current.state.dataUpdateCount - 1), pollMaxMs)
      },
    },
    queryClient,
  )

  const report = query.data?.kind === 'ready' ? query.data.report : undefined
  const pending = query.data?.kind === 'pending' ? query.data.pending : undefined
  const status = report?.ibv_report_status ?? pending?.ibv_report_status
  return {
    status,
    report,
    pending,
    error: query.error,
    final: report !== undefined || (status !== undefined && describeStatus(status).terminal),
    isLoading: query.isLoading,
    refetch: query.refetch,
  }
}
