'use client'
import type { QueryClient } from '@tanstack/react-query'
import { isRetryable } from '../core/index.js'
import { heldToken, isUsable, type HeldToken } from '../core/held-token.js'
import * as ibvKeys from '../core/query-keys.js'
import type { IbvFetchers, TokenRequest } from '../core/fetchers.js'

// Tokens in React Query's cache, so every component that asks for the same one shares it: React
// Query dedupes, so any number of instances (and StrictMode's double effects) cause one fetch.

export interface TokenQueryOptions {
  /** Seconds before expiry to renew (capped at half the lifetime). @default 120 */
  renewLeadSeconds?: number
  /** Retries after a network error or 5xx; a 4xx is never retried. @default 3 */
  retries?: number
}

/** How a token is fetched and kept, shared by `freshToken` and `useConnectWidget`. */
export function tokenQueryOptions(fetchers: IbvFetchers, request: TokenRequest | undefined, options: TokenQueryOptions) {
  const { renewLeadSeconds, retries = 3 } = options
  return {
    queryKey: ibvKeys.token(request),
    // Never run without a request: nothing asks for a token it has no request for.
    queryFn: async (): Promise<HeldToken> => heldToken(await fetchers.token(request as TokenRequest), Date.now(), renewLeadSeconds),
    // Never stale, so focus and reconnect refetch nothing: renewal is driven by renewAt (the
    // embed session's timer). A token no component uses is forgotten after React Query's gcTime.
    staleTime: Number.POSITIVE_INFINITY,
    // React Query's own backoff between retries: 1 s, 2 s, 4 s, … up to 30 s.
    retry: (failures: number, error: unknown) => isRetryable(error) && failures < retries,
  } as const
}

/**
 * A usable token for `request` other than `stale`: the cached one while it has life left, else a
 * fresh one (joining a fetch under way: every instance on the same token ends up in one request).
 */
export async function freshToken(queryClient: QueryClient, fetchers: IbvFetchers, request: TokenRequest, options: TokenQueryOptions = {}, stale?: string): Promise<HeldToken> {
  const cached = queryClient.getQueryData<HeldToken>(ibvKeys.token(request))
  if (isUsable(cached) && cached.accessToken !== stale) return cached
  return queryClient.fetchQuery({
    ...tokenQueryOptions(fetchers, request, options),
    staleTime: 0,
  })
}

/**
 * Tokens for a session (the embedded report's) from React Query's cache, where every instance
 * shares them: the one held there to start from, and `freshToken` for the next ones.
 */
export function cachedTokens(queryClient: QueryClient, fetchers: IbvFetchers, request: TokenRequest, options: TokenQueryOptions) {
  return {
    token: queryClient.getQueryData<HeldToken>(ibvKeys.token(request)),
    getToken: (stale: string | undefined) => freshToken(queryClient, fetchers, request, options, stale),
  }
}
