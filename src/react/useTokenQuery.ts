'use client'
import { useCallback, useEffect, useMemo } from 'react'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { isRetryable, parseTokenResponse, tokenLifetime, type TokenLifetime } from '../core/index.js'
import { useIbvContext } from './context.js'
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
  /** Whether to fetch at all (a widget fetches only when opened). @default true */
  enabled?: boolean
}

/** A token is used for a new load only with this much life left. */
const MIN_LIFE_MS = 5_000

/** Whether `token` can still be used to load something now. */
export function isUsable(token: HeldToken | undefined, now = Date.now()): token is HeldToken {
  return token !== undefined && token.expiresAt - now > MIN_LIFE_MS
}

/** The React Query key of a token. */
export function tokenKey(request: TokenRequest | undefined) {
  const subject = request ? (request.type === 'consumer' ? request.consumerId : request.productRequestId) : ''
  return ['ibv-kit', 'token', request?.type ?? 'none', subject] as const
}

/** How a token is fetched and kept, shared by the hook below and `useConnectWidget`. */
export function tokenQueryOptions(fetchers: IbvFetchers, request: TokenRequest | undefined, options: TokenQueryOptions) {
  const { renewLeadSeconds, retries = 3 } = options
  return {
    queryKey: tokenKey(request),
    queryFn: async (): Promise<HeldToken> => {
      if (!request) throw new Error('unreachable: no token is fetched without a request')
      const response = parseTokenResponse(await fetchers.token(request))
      return { accessToken: response.access_token, ...tokenLifetime(response, Date.now(), { renewLeadSeconds }) }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures: number, error: unknown) => isRetryable(error) && failures < retries,
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000),
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
 * background tabs and laptops sleep.
 */
export function useTokenQuery(component: string, request: TokenRequest | undefined, options: TokenQueryOptions = {}) {
  const { fetchers, queryClient } = useIbvContext(component)
  const { enabled = true } = options
  const [, , kind, subject] = tokenKey(request)
  const queryKey = useMemo(() => ['ibv-kit', 'token', kind, subject] as const, [kind, subject])
  const query = useQuery({ ...tokenQueryOptions(fetchers, request, options), enabled: enabled && request !== undefined }, queryClient)

  const renewIfDue = useCallback(() => {
    const cached = queryClient.getQueryData<HeldToken>(queryKey)
    const state = queryClient.getQueryState(queryKey)
    if (!cached || state?.fetchStatus === 'fetching' || Date.now() < cached.renewAt) return
    void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false })
  }, [queryClient, queryKey])

  const renewAt = query.data?.renewAt
  useEffect(() => {
    if (renewAt === undefined) return
    renewIfDue()
    // Capped: a longer delay would overflow and fire at once; the wake checks cover the rest.
    const timer = setTimeout(renewIfDue, Math.min(Math.max(0, renewAt - Date.now()), 2 ** 31 - 1))
    const onWake = () => {
      if (document.visibilityState !== 'hidden') renewIfDue()
    }
    document.addEventListener('visibilitychange', onWake)
    window.addEventListener('focus', onWake)
    window.addEventListener('online', onWake)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onWake)
      window.removeEventListener('focus', onWake)
      window.removeEventListener('online', onWake)
    }
  }, [renewAt, renewIfDue])

  /** Fetches a new token now (the portal said the token expired, or the user asked to retry). */
  const renew = useCallback(() => {
    void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false })
  }, [queryClient, queryKey])

  return { query, renew }
}
