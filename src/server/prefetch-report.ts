import type { PrefetchedReport } from '../core/index.js'
import type { IbvBackend } from './backend-options.js'
import type { PrefetchReportOptions } from './prefetch.js'

/**
 * What a browser needs to show a report in its first paint, fetched on the server: an embedded
 * report token (with the time it was received) and the report's status, through the backend's
 * own `authorize` (asked as for `POST /tokens` and `GET /reports/:id`), its token cache and its
 * client. Null when `authorize` refuses either. A failure upstream leaves that part null and is
 * told to `onError`: the browser then asks as it would without a prefetch. Hand the result to
 * `<IbvProvider prefetched={[…]}>`; serve the page with `Cache-Control: private, no-store`.
 * The same as `backend.prefetch(request, productRequestId, options)`.
 *
 * @example
 * const prefetched = await prefetchReport(backend, new Request(url, { headers: await headers() }), id)
 */
export async function prefetchReport(
  backend: IbvBackend,
  request: Request,
  productRequestId: string,
  options?: PrefetchReportOptions,
): Promise<PrefetchedReport | null> {
  if (typeof backend?.prefetch !== 'function')
    throw new TypeError('prefetchReport: pass the backend made by createIbvBackend.')
  return backend.prefetch(request, productRequestId, options)
}
