// A loan officer's page for one applicant: connect the applicant's bank, follow the report's
// status, then read the report. Everything comes from the public `ibv-kit` entry.
import { useState } from 'react'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
} from 'ibv-kit'

// Your backend's routes (createIbvBackend from `ibv-kit/server`, mounted under /api/ibv).
const fetchers = createBackendFetchers('/api/ibv')

export interface Applicant {
  consumerId: string
  name: string
}

export const APPLICANT: Applicant = { consumerId: 'LND-1001', name: 'Ada Okafor' }

export function App() {
  // In development the sandbox is mounted on the Vite dev server (vite.config.ts); in production
  // this is the service's address.
  const serviceUrl = `${window.location.origin}/ibv-sandbox`
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
      <ApplicantPage applicant={APPLICANT} />
    </IbvProvider>
  )
}

export function ApplicantPage({ applicant }: { applicant: Applicant }) {
  // A real app would save this with the loan application; here it lives in the page's state.
  const [productRequestId, setProductRequestId] = useState<string>()
  return (
    <main>
      <h1>{applicant.name}</h1>
      <p>
        Consumer <code>{applicant.consumerId}</code>
      </p>
      <ConnectButton
        consumerId={applicant.consumerId}
        onSuccess={({ productRequestId: id }) => setProductRequestId(id)}
      />
      {productRequestId ? (
        <BankReport productRequestId={productRequestId} />
      ) : (
        <p>No bank connected yet.</p>
      )}
    </main>
  )
}

function BankReport({ productRequestId }: { productRequestId: string }) {
  // Polls the backend until the report is final.
  const { status, report } = useIbvReport(productRequestId)
  return (
    <section aria-label="Bank report">
      <p>
        Report <code>{productRequestId}</code>
      </p>
      {status ? <ReportStatusBadge status={status} /> : <p>Loading the report status…</p>}
      {report && <EmbeddedReport productRequestId={productRequestId} />}
    </section>
  )
}
