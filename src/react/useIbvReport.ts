'use client'
import { useSyncExternalStore } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { describeStatus, isRetryable, type IbvReport, type PendingReport } from '../core/index.js'
import { useIbvContext } from './context.js'
import type { ReportAnswer } from '../core/fetchers.js'
import { liveStatusOf } from './live-status.js'
import { prefetchedFor } from '../core/prefetched.js'
import * as ibvKeys from '../core/query-keys.js'

export interface UseIbvReportOptions {
  /** First delay between polls after a change, in ms; it doubles each poll. @default 1000 */
  pollInitialMs?: number
  /** Longest delay between polls in the minute after a change, in ms. @default 5000 */
  pollActiveMs?: number
  /** Delay between polls once that minute is over, in ms. @default 30000 */
  pollMaxMs?: number
  /** False reads nothing and does not poll (an empty id does the same). @default true */
  enabled?: boolean
}

/** How long the answer read on the server for the page counts as fresh. */
const PREFETCHED_FRESH_MS = 30_000

/** How long after a change another one is expected (the sandbox's whole pipeline takes 6 s). */
const ACTIVE_MS = 60_000

/** Per query: the status last seen, and when and at which answer it was first seen. */
const changes = new WeakMap<object, { status: string; at: number; count: number }>()

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
 * A report through the `report` fetcher. While the answer is 202 it polls, fast when a change is
 * expected and slowly when not: 1 s doubling to 5 s for a minute after the first answer, a new
 * status or an invalidation (a refresh, a reconnect), then every 30 s; never after a final state.
 * With the live stream connected, `ibv_data_acquired` (whose next states have webhooks) is left
 * to the stream and polled every 30 s; the other states have no webhook and are polled as above.
 *
 * @example
 * const { status, report, pending, error } = useIbvReport(productRequestId)
 */
export function useIbvReport(
  productRequestId: string,
  options: UseIbvReportOptions = {},
): UseIbvReportResult {
  const { fetchers, queryClient, prefetched } = useIbvContext('useIbvReport')
  const seed = prefetchedFor(prefetched, productRequestId)
  const live = liveStatusOf(queryClient)
  const { pollInitialMs = 1000, pollActiveMs = 5000, pollMaxMs = 30_000, enabled = true } = options
  const connected = useSyncExternalStore(live.subscribe, live.connected, () => false)

  const queryKey = ibvKeys.report(productRequestId)
  const query = useQuery(
    {
      queryKey,
      enabled: enabled && productRequestId !== '',
      // What the server read for the page (<IbvProvider prefetched>), when the cache has nothing.
      initialData: seed?.answer,
      initialDataUpdatedAt: seed?.fetched_at,
      // Not read again as the page mounts: it was read for this page (polls and invalidations still run).
      staleTime: seed?.answer ? PREFETCHED_FRESH_MS : 0,
      queryFn: (): Promise<ReportAnswer> => {
        if (!fetchers.report)
          throw new Error(
            'useIbvReport needs a report fetcher: pass one to <IbvProvider fetchers>.',
          )
        // An invalidation says a change is expected (a refresh was submitted, a consumer reconnected).
        const query = queryClient.getQueryCache().find<ReportAnswer>({ queryKey, exact: true })
        if (query?.state.isInvalidated) changes.delete(query)
        return fetchers.report(productRequestId)
      },
      retry: (failures, error) => isRetryable(error) && failures < 3,
      refetchInterval: (current) => {
        const { data, dataUpdateCount: count } = current.state
        if (!data || data.kind === 'ready') return false
        const status = data.pending.ibv_report_status
        if (describeStatus(status).terminal) return false
        let change = changes.get(current)
        if (change?.status !== status)
          changes.set(current, (change = { status, at: Date.now(), count }))
        if ((connected && status === 'ibv_data_acquired') || Date.now() - change.at >= ACTIVE_MS)
          return pollMaxMs
        return Math.min(
          pollInitialMs * 2 ** (count - change.count),
          Math.max(pollActiveMs, pollInitialMs),
        )
      },
    },
    queryClient,
  )

  const report = query.data?.kind === 'ready' ? query.data.report : undefined
  const pending = query.data?.kind === 'pending' ? query.data.pending : undefined
  // Before any answer, the status the server read for the page (prefetched without the report).
  const status =
    report?.ibv_report_status ?? pending?.ibv_report_status ?? seed?.status ?? undefined
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
