'use client'
import { useQuery } from '@tanstack/react-query'
import { isRetryable, type InviteStatus } from '../core/index.js'
import * as ibvKeys from '../core/query-keys.js'
import type { IbvContextValue } from './context.js'

/**
 * The newest invite sent to `consumerId` (`GET /invites`, through the `invites` fetcher), cached
 * by React Query under `ibvKeys.invites`: read on mount and when the window regains focus, and
 * again when the button creates an invite or the live stream says one was used. Undefined while
 * unknown (no `invites` fetcher, no invite yet, the first read not answered or failed); a later
 * read that fails keeps the last answer. A failure is never shown: the line is a hint, and the
 * button works without it.
 */
export function useNewestInvite(
  { fetchers, queryClient }: IbvContextValue,
  consumerId: string,
): InviteStatus | undefined {
  const list = fetchers.invites
  const { data } = useQuery(
    {
      queryKey: ibvKeys.invites(consumerId),
      queryFn: () => (list ? list(consumerId) : Promise.resolve([])),
      enabled: list !== undefined && consumerId !== '',
      retry: (failures, error) => isRetryable(error) && failures < 3,
    },
    queryClient,
  )
  return data?.[0]
}
