'use client'
import { lifetimeFrom, type PrefetchedReport } from '../core/index.js'
import { MIN_LIFE_MS, type HeldToken } from './useTokenQuery.js'

// <IbvProvider prefetched> hands `prefetchReport`'s objects down; each component takes what it
// needs of them as its query's initial data, which React Query uses only when the cache has none:
// what the browser holds already is newer or as new. An app pays only for what it uses.

export type PrefetchedList = readonly (PrefetchedReport | null)[] | undefined

/** The prefetched entry of a product request (a null entry, authorize refused, is skipped). */
export const prefetchedFor = (list: PrefetchedList, productRequestId: string) => list?.find((item) => item?.productRequestId === productRequestId)

/**
 * The prefetched embedded report token, for `<EmbeddedReport>`. It counts as expiring at its
 * renewal time (plus the 5 s `isUsable` asks for): a page that aged in a cache or on a slow
 * network never starts a new load with it. One past that is given only while hydrating, where the
 * server's HTML already holds its iframe and the first client render must match it; it is then
 * renewed at once.
 */
export function prefetchedToken(list: PrefetchedList, productRequestId: string, renewLeadSeconds: number | undefined, hydrating: boolean): HeldToken | undefined {
  // prefetchReport hands over only a token the backend validated (its client, its token cache),
  // or null when it could not mint one.
  const token = prefetchedFor(list, productRequestId)?.token
  if (!token) return undefined
  const lifetime = lifetimeFrom(token.expires_in, token.issued_at, renewLeadSeconds)
  return hydrating || Date.now() < lifetime.renewAt ? { accessToken: token.access_token, ...lifetime, expiresAt: lifetime.renewAt + MIN_LIFE_MS } : undefined
}
