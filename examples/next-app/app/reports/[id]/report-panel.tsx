'use client'
// The report's UI. The same component serves the prefetched page (prefetched given: the
// server's HTML already holds the iframe and the badge) and the client-only one (the browser
// asks /api/ibv for a token and the status after hydration).
import {
  createBackendFetchers,
  EmbeddedReport,
  IbvProvider,
  ReportStatusBadge,
  useIbvReport,
  type PrefetchedReport,
} from 'ibv-kit'

// Made once per module: the provider's context would change on every render otherwise.
const fetchers = createBackendFetchers()

export function ReportPanel({
  productRequestId,
  prefetched,
}: {
  productRequestId: string
  prefetched?: PrefetchedReport | null
}) {
  return (
    // Sandbox only: in a real app serviceUrl={process.env.NEXT_PUBLIC_IBV_SERVICE_URL!}
    <IbvProvider
      prefetched={prefetched === undefined ? undefined : [prefetched]}
      fetchers={fetchers}
      serviceUrl="/ibv-sandbox"
    >
      <Status productRequestId={productRequestId} />
      <EmbeddedReport productRequestId={productRequestId} />
    </IbvProvider>
  )
}

function Status({ productRequestId }: { productRequestId: string }) {
  const { status } = useIbvReport(productRequestId)
  return (
    <p>
      Status: {status ? <ReportStatusBadge status={status} /> : <span aria-busy="true">…</span>}
    </p>
  )
}
