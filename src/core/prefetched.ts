import type { IbvReport, PendingReport } from './schemas.js'
import type { NormalizedTokenResponse } from './token-lifetime.js'

/**
 * What `prefetchReport` (ibv-kit/server) hands a server-rendered page for `<IbvProvider
 * prefetched>`: plain JSON, so it crosses from a Server Component to a client one. It holds an
 * embedded report token, which is as sensitive as the report iframe's own URL, and never the API
 * key. Render the page with `Cache-Control: private, no-store`.
 */
export interface PrefetchedReport {
  productRequestId: string
  /** When the server read it, epoch milliseconds. Used only when the browser holds nothing for this report yet. */
  fetched_at: number
  /** An embedded report token, or null when the service could not mint one (the browser then asks as usual). */
  token: PrefetchedToken | null
  /** `ibv_report_status` when the report was read, else null. */
  status: string | null
  /** The service's answer when the report was read (and `includeReport` was not false): the report, or the 202 body. */
  answer?: { kind: 'ready'; report: IbvReport } | { kind: 'pending'; pending: PendingReport }
}

/** A token answer after its check (`expires_in`: seconds of life at `issued_at`), timed. */
export interface PrefetchedToken extends NormalizedTokenResponse {
  /** When the server received it, epoch milliseconds: its age in the browser is measured from here. */
  issued_at: number
}

/**
 * What `<IbvProvider prefetched>` hands its components: `prefetchReport`'s objects (a null
 * entry: `authorize` refused). Each takes what it needs of them, only when the browser holds
 * nothing newer.
 */
export type PrefetchedList = readonly (PrefetchedReport | null)[] | undefined

/** The prefetched entry of a product request, if any. */
export const prefetchedFor = (list: PrefetchedList, productRequestId: string) =>
  list?.find((item) => item?.productRequestId === productRequestId)
