// A lender's applicant page, as small as it gets, for test/testing/complete-connect-oauth.test.ts:
// a <ConnectButton>, what it reported, and the report's status once connected.
import 'ibv-kit/styles.css'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectButton, IbvProvider, ReportStatusBadge, createBackendFetchers, useIbvReport } from 'ibv-kit'

const fetchers = createBackendFetchers('/api/ibv')
const serviceUrl = `${window.location.origin}/ibv-sandbox`
const consumerId = new URLSearchParams(window.location.search).get('consumer') ?? 'LND-OAUTH'

function Status({ productRequestId }: { productRequestId: string }) {
  const { status } = useIbvReport(productRequestId)
  return status ? <ReportStatusBadge status={status} /> : null
}

function Applicant() {
  const [connected, setConnected] = useState<string>()
  const [events, setEvents] = useState<string[]>([])
  return (
    <main>
      <h1>Applicant {consumerId}</h1>
      <ConnectButton
        consumerId={consumerId}
        onSuccess={({ productRequestId }) => setConnected(productRequestId)}
        onEvent={(name, metadata) => setEvents((seen) => [...seen, `${name}${metadata.reason ? ` ${String(metadata.reason)}` : ''}`])}
      />
      <p role="status">{connected ? `Connected: ${connected}` : 'Not connected'}</p>
      {connected ? <Status productRequestId={connected} /> : null}
      <ul aria-label="Events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ul>
    </main>
  )
}

const root = document.getElementById('app')
if (root) {
  createRoot(root).render(
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
      <Applicant />
    </IbvProvider>,
  )
}
