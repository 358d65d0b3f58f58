// The report page, rendered on the server with the report's token and status: the HTML holds the
// iframe, so the report loads while the JavaScript is still arriving. It is private: next.config.ts
// sends it with Cache-Control: private, no-store.
import { headers } from 'next/headers'
import { prefetchReport } from 'ibv-kit/server'
import { backend } from '@/lib/ibv'
import { ReportPanel } from './report-panel'

export default async function ReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  // The caller's request (its cookies) for the backend's authorize: null if it refuses.
  const request = new Request(`http://internal/reports/${encodeURIComponent(id)}`, {
    headers: await headers(),
  })
  const prefetched = await prefetchReport(backend, request, id)
  return (
    <main>
      <h1>Applicant report</h1>
      <ReportPanel productRequestId={id} prefetched={prefetched} />
    </main>
  )
}
