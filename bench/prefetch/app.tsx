// For bench/prefetch.ts: the page's app, rendered on the server and hydrated in the browser.
// `ibv-kit` is the built package (dist/): bench/prefetch/build.ts resolves it there.
import { createBackendFetchers, EmbeddedReport, IbvProvider } from 'ibv-kit'
import type { PrefetchedReport } from 'ibv-kit/core'

/** What the server hands the client (inline JSON), the same props on both sides. */
export interface BenchProps {
  productRequestId: string
  serviceUrl: string
  /** Present in the prefetched mode only. */
  prefetched?: PrefetchedReport[]
}

const fetchers = createBackendFetchers('/api/ibv')

export function BenchApp({ productRequestId, serviceUrl, prefetched }: BenchProps) {
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl} prefetched={prefetched}>
      <main>
        <h1>Loan application</h1>
        <EmbeddedReport productRequestId={productRequestId} />
      </main>
    </IbvProvider>
  )
}
