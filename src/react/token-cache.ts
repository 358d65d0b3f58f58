'use client'
import type { QueryClient } from '@tanstack/react-query'
import type { HeldToken } from '../core/held-token.js'
import * as ibvKeys from '../core/query-keys.js'
import { createTokenStore, type TokenStore } from '../core/token-store.js'
import type { IbvFetchers, TokenRequest } from '../core/fetchers.js'

// Core's token store, one per QueryClient, keeping its tokens in React Query's cache: every
// component that asks for the same token shares it, and the store dedupes, so any number of
// instances (and StrictMode's double effects) cause one fetch. No query observes a token (the
// sessions renew it at its renewAt), so focus and reconnect refetch nothing, and a token nobody
// asks for again is forgotten after React Query's gcTime.

const stores = new WeakMap<QueryClient, TokenStore>()

/** The token store of `queryClient`: its tokens under `ibvKeys.token(request, serviceUrl)`. */
export function tokenStoreOf(queryClient: QueryClient): TokenStore {
  let store = stores.get(queryClient)
  if (!store) {
    store = createTokenStore({
      holding: {
        get: (request, scope) => queryClient.getQueryData<HeldToken>(ibvKeys.token(request, scope)),
        set: (request, scope, token) =>
          queryClient.setQueryData(ibvKeys.token(request, scope), token),
        delete: (request, scope) =>
          queryClient.removeQueries({ queryKey: ibvKeys.token(request, scope), exact: true }),
      },
    })
    stores.set(queryClient, store)
  }
  return store
}

export interface TokenQueryOptions {
  /** Seconds before expiry to renew (capped at half the lifetime). @default 120 */
  renewLeadSeconds?: number
  /** Retries after a network error or 5xx; a 4xx is never retried. @default 3 */
  retries?: number
}

/**
 * A usable token for `request` other than `stale`, for the service at `serviceUrl` (a token held
 * for another service is never answered): the held one while it has life left, else a fresh one
 * (joining a fetch under way). The store of `queryClient` (`tokenStoreOf`) answers.
 */
export function freshToken(
  queryClient: QueryClient,
  fetchers: IbvFetchers,
  request: TokenRequest,
  serviceUrl: string,
  options: TokenQueryOptions = {},
  stale?: string,
): Promise<HeldToken> {
  return tokenStoreOf(queryClient).token(
    request,
    { fetch: () => fetchers.token(request), stale, ...options },
    serviceUrl,
  )
}
