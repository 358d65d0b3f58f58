'use client'
import { useCallback, useRef } from 'react'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import type { RefreshOutcome } from '../core/index.js'
import { useIbvContext } from './context.js'
import { useLatest } from './useLatest.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When this browser saw each consumer's last refresh submitted, per query client, in memory only
 * (not in the query cache, which would drop it five minutes after the button unmounts).
 */
const seen = new WeakMap<QueryClient, Map<string, number>>()

function seenBy(queryClient: QueryClient): Map<string, number> {
  let times = seen.get(queryClient)
  if (!times) seen.set(queryClient, (times = new Map()))
  return times
}

export interface UseRefreshReportOptions {
  /** A refresh was submitted: the new product request's id. */
  onRefreshed?: (productRequestId: string) => void
}

/**
 * Refreshes a consumer's report through the `refresh` fetcher: one request in flight however
 * often it is called. A submitted refresh invalidates the report queries.
 *
 * @example
 * const { refresh, outcome, isPending } = useRefreshReport('LND-42', { onRefreshed: setProductRequestId })
 */
export function useRefreshReport(consumerId: string, options: UseRefreshReportOptions = {}) {
  const { fetchers, queryClient } = useIbvContext('RefreshReportButton')
  const onRefreshed = useLatest(options.onRefreshed)
  const inFlight = useRef(false)

  const mutation = useMutation(
    {
      mutationKey: ['ibv-kit', 'refresh', consumerId],
      mutationFn: async (): Promise<RefreshOutcome> => {
        if (!fetchers.refresh) throw new Error('useRefreshReport needs a refresh fetcher: pass one to <IbvProvider fetchers>.')
        return fetchers.refresh(consumerId)
      },
      onSuccess: async (outcome) => {
        const times = seenBy(queryClient)
        const at = times.get(consumerId)
        // Refused although the one we saw is over 24 hours old: someone refreshed since, we do not know when.
        if (outcome.kind === 'refresh_not_ready' && at !== undefined && at + DAY_MS <= Date.now()) times.delete(consumerId)
        if (outcome.kind !== 'submitted') return
        times.set(consumerId, Date.now())
        await queryClient.invalidateQueries({ queryKey: ['ibv-kit', 'report'] })
        onRefreshed.current?.(outcome.productRequestId)
      },
      onSettled: () => {
        inFlight.current = false
      },
    },
    queryClient,
  )

  const { mutate } = mutation
  const refresh = useCallback(() => {
    if (inFlight.current) return
    inFlight.current = true
    mutate()
  }, [mutate])

  const submittedAt = seen.get(queryClient)?.get(consumerId)
  return {
    refresh,
    outcome: mutation.data,
    error: mutation.error,
    isPending: mutation.isPending,
    reset: mutation.reset,
    /** When this browser saw the last refresh submitted (browser clock); undefined when it did not. */
    lastSubmittedAt: submittedAt === undefined ? undefined : new Date(submittedAt),
    /**
     * When a refresh becomes possible: 24 hours after `lastSubmittedAt`, rounded up to the minute
     * (the service counts from a moment before this browser saw the answer); else undefined.
     */
    nextRefreshAt: submittedAt === undefined ? undefined : new Date(Math.ceil((submittedAt + DAY_MS) / 60_000) * 60_000),
  }
}
