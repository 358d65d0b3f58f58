'use client'
import { useCallback, useRef } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { RefreshOutcome } from '../core/index.js'
import { useIbvContext } from './context.js'
import { useLatest } from './useLatest.js'
import * as ibvKeys from '../core/query-keys.js'

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
      mutationKey: ibvKeys.refresh(consumerId),
      mutationFn: async (): Promise<RefreshOutcome> => {
        if (!fetchers.refresh)
          throw new Error(
            'useRefreshReport needs a refresh fetcher: pass one to <IbvProvider fetchers>.',
          )
        return fetchers.refresh(consumerId)
      },
      onSuccess: async (outcome) => {
        if (outcome.kind !== 'submitted') return
        await queryClient.invalidateQueries({ queryKey: ibvKeys.reports() })
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

  return {
    refresh,
    outcome: mutation.data,
    error: mutation.error,
    isPending: mutation.isPending,
    reset: mutation.reset,
  }
}
