// The same report without prefetchReport, for comparison: the server sends the page without the
// iframe, and the browser asks /api/ibv for the token and the status after hydration.
import { ReportPanel } from '../report-panel'

export default async function ClientReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <main>
      <h1>Applicant report (client-only)</h1>
      <ReportPanel productRequestId={id} />
    </main>
  )
}
