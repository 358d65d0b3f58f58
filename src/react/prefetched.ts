'use client'
import type { QueryClient } from '@tanstack/react-query'
import { lifetimeFrom, type PrefetchedReport } from '../core/index.js'
import { MIN_LIFE_MS, tokenKey, type HeldToken } from './useTokenQuery.js'

// <IbvProvider prefetched> hands `prefetchReport`'s objects down; each component takes what it
// needs of them as it first renders (on the server, while hydrating, or later), so an app pays
// only for what it uses. A query is seeded only while nobody watches it (React Query's
// HydrationBoundary does the same): what the browser holds already is newer or as new.

export type PrefetchedList = readonly (PrefetchedReport | null)[] | undefined

function seed(client: QueryClient, queryKey: readonly unknown[], data: unknown, updatedAt: number) {
  if (updatedAt > 0 && !client.getQueryCache().find({ queryKey, exact: true })) client.setQueryData(queryKey, data, { updatedAt })
}

/** The prefetched entry of a product request (a null entry, authorize refused, is skipped). */
const entry = (list: PrefetchedList, productRequestId: string) => list?.find((item) => item?.productRequestId === productRequestId)

/** The report answer, for `useIbvReport`. */
export function seedAnswer(client: QueryClient, list: PrefetchedList, productRequestId: string) {
  const item = entry(list, productRequestId)
  if (item?.answer) seed(client, ['ibv-kit', 'report', productRequestId], item.answer, item.fetched_at)
}

/**
 * The embedded report token, for `<EmbeddedReport>`. It counts as expiring at its renewal time
 * (plus the 5 s `isUsable` asks for): a page that aged in a cache or on a slow network never
 * starts a new load with it. One past that is seeded only while hydrating, where the server's HTML
 * already holds its iframe and the first client render must match it; it is renewed at once.
 */
export function seedToken(client: QueryClient, list: PrefetchedList, productRequestId: string, hydrating: boolean) {
  const token = entry(list, productRequestId)?.token
  if (typeof token?.access_token !== 'string' || !(token.expires_in > 0)) return
  const { expiresIn, renewAt } = lifetimeFrom(token.expires_in, token.issued_at)
  const held: HeldToken = { accessToken: token.access_token, expiresIn, expiresAt: renewAt + MIN_LIFE_MS, renewAt }
  if (hydrating || Date.now() < renewAt) seed(client, tokenKey({ type: 'embedded_report_token', productRequestId }), held, token.issued_at)
}
