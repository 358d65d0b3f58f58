'use client'
import type { QueryClient } from '@tanstack/react-query'
import { isRetryable } from '../core/errors.js'
import { heldToken, isUsable, type HeldToken } from '../core/held-token.js'
import * as ibvKeys from '../core/query-keys.js'
import type { IbvFetchers, TokenRequest } from '../core/fetchers.js'

// Tokens in React Query's cache, so every component that asks for the same one shares it: React
// Query dedupes, so any number of instances (and StrictMode's double effects) cause one fetch.
// No query observes a token (the sessions renew it at its renewAt), so focus and reconnect
// refetch nothing, and a token nobody asks for again is forgotten after React Query's gcTime.

export interface TokenQueryOptions {
  /** Seconds before expiry to renew (capped at half the lifetime). @default 120 */
  renewLeadSeconds?: number
  /** Retries after a network error or 5xx; a 4xx is never retried. @default 3 */
  retries?: number
}

/**
 * A usable token for `request` other than `stale`: the cached one while it has life left, else a
 * fresh one (joining a fetch under way: every instance on the same token ends up in one request).
 */
export async function freshToken(
  queryClient: QueryClient,
  fetchers: IbvFetchers,
  request: TokenRequest,
  options: TokenQueryOptions = {},
  stale?: string,
): Promise<HeldToken> {
  const { renewLeadSeconds, retries = 3 } = options
  const queryKey = ibvKeys.token(request)
  const cached = queryClient.getQueryData<HeldToken>(queryKey)
  if (isUsable(cached) && cached.accessToken !== stale) return cached
  return queryClient.fetchQuery({
    queryKey,
    queryFn: async () => heldToken(await fetchers.token(request), Date.now(), renewLeadSeconds),
    // React Query's own backoff between retries: 1 s, 2 s, 4 s, … up to 30 s.
    retry: (failures, error) => isRetryable(error) && failures < retries,
  })
}
