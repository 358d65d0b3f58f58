'use client'
import { useCallback, useEffect } from 'react'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { isRetryable, lifetimeFrom, parseTokenResponse, type TokenLifetime } from '../core/index.js'
import type { IbvContextValue } from './context.js'
import { useLatest } from './useLatest.js'
import type { IbvFetchers, TokenRequest } from './fetchers.js'

/** A token in memory with its lifetime. Never stored anywhere else. */
export interface HeldToken extends TokenLifetime {
  accessToken: string
}

export interface TokenQueryOptions {
  /** Seconds before expiry to renew (capped at half the lifetime). @default 120 */
  renewLeadSeconds?: number
  /** Retries after a network error or 5xx; a 4xx is never retried. @default 3 */
  retries?: number
  /** A token to start from when the cache has none (from `<IbvProvider prefetched>`). */
  initialData?: HeldToken
}

/** A token is used for a new load only with this much life left. */
export const MIN_LIFE_MS = 5_000

/** Whether `token` can still be used to load something now. */
export function isUsable(token: HeldToken | undefined): token is HeldToken {
  return token !== undefined && token.expiresAt - Date.now() > MIN_LIFE_MS
}

/** The React Query key of a token: React Query hashes the request by value. */
export function tokenKey(request: TokenRequest | undefined) {
  return ['ibv-kit', 'token', request] as const
}

/** How a token is fetched and kept, shared by the hook below and `useConnectWidget`. */
export function tokenQueryOptions(fetchers: IbvFetchers, request: TokenRequest | undefined, options: TokenQueryOptions) {
  const { renewLeadSeconds, retries = 3 } = options
  return {
    queryKey: tokenKey(request),
    // Never run without a request: the query is disabled then, and nothing renews a token it lacks.
    queryFn: async (): Promise<HeldToken> => {
      const { access_token, expires_in } = parseTokenResponse(await fetchers.token(request as TokenRequest))
      return { accessToken: access_token, ...lifetimeFrom(expires_in, Date.now(), renewLeadSeconds) }
    },
    // Never stale, so focus and reconnect refetch nothing: renewal is driven by renewAt below. A
    // token no component uses is forgotten after React Query's gcTime (5 minutes).
    staleTime: Number.POSITIVE_INFINITY,
    // React Query's own backoff between retries: 1 s, 2 s, 4 s, … up to 30 s.
    retry: (failures: number, error: unknown) => isRetryable(error) && failures < retries,
  } as const
}

/** A usable token for `request`: the cached one while it has life left, else a fresh one. */
export async function freshToken(queryClient: QueryClient, fetchers: IbvFetchers, request: TokenRequest, options: TokenQueryOptions = {}): Promise<HeldToken> {
  const cached = queryClient.getQueryData<HeldToken>(tokenKey(request))
  if (isUsable(cached)) return cached
  return queryClient.fetchQuery({ ...tokenQueryOptions(fetchers, request, options), staleTime: 0 })
}

/**
 * A token from the token-fetcher, shared by every component that asks for the same one: React
 * Query dedupes, so any number of instances (and StrictMode's double effects) cause one fetch per
 * lifetime. Renewal is driven here, not by staleness: a timer at `renewAt`, and a wall-clock check
 * whenever the tab becomes visible, gains focus or goes online, because timers sleep in
 * background tabs and laptops sleep. `context` is the caller's own `useIbvContext` (its one
 * caller, `<EmbeddedReport>`, has checked for the provider and named itself).
 */
export function useTokenQuery({ fetchers, queryClient }: IbvContextValue, request: TokenRequest | undefined, options: TokenQueryOptions) {
  const queryKey = useLatest(tokenKey(request))
  const query = useQuery({ ...tokenQueryOptions(fetchers, request, options), enabled: !!request, initialData: options.initialData }, queryClient)

  /**
   * Fetches a new token now (the portal said it expired, a retry, or it is due), or joins the
   * fetch under way: every instance on the same token ends up in one request.
   */
  const { refetch } = query
  const renew = useCallback(() => {
    void refetch({ cancelRefetch: false })
  }, [refetch])

  const renewAt = query.data?.renewAt
  useEffect(() => {
    // Read from the cache, not this render: another instance may have renewed it already.
    const renewIfDue = () => {
      const held = queryClient.getQueryData<HeldToken>(queryKey.current)
      if (held && Date.now() >= held.renewAt) renew()
    }
    // Capped: a longer delay would overflow and fire at once; the wake checks cover the rest.
    // Without a token yet, the check finds nothing to renew.
    const timer = setTimeout(renewIfDue, Math.min((renewAt ?? 0) - Date.now(), 2 ** 31 - 1))
    const wakes = new AbortController()
    const listening = { signal: wakes.signal }
    document.addEventListener('visibilitychange', renewIfDue, listening)
    addEventListener('focus', renewIfDue, listening)
    addEventListener('online', renewIfDue, listening)
    return () => {
      clearTimeout(timer)
      wakes.abort()
    }
  }, [renewAt, renew, queryClient, queryKey])

  return { query, renew }
}
