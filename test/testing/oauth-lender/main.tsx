// A lender's applicant page, as small as it gets, for test/testing/complete-connect-oauth.test.ts:
// a <ConnectButton>, what it reported, and the report's status once connected.
import 'ibv-kit/styles.css'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  ConnectButton,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
} from 'ibv-kit'

const fetchers = createBackendFetchers('/api/ibv')
const params = new URLSearchParams(window.location.search)
// `?service=host:port`: the widget from another origin, as a lender's page has it from the
// service (this page on localhost, the sandbox on 127.0.0.1 of the same server).
const serviceUrl = `${window.location.protocol}//${params.get('service') ?? window.location.host}/ibv-sandbox`
const consumerId = params.get('consumer') ?? 'LND-OAUTH'
/** This page's address, without what the bank added to it. */
function withoutState(href: string) {
  const url = new URL(href)
  url.searchParams.delete('oauth_state_id')
  return url.href
}
// `?mode=redirect`: OAuth banks send the whole page to the bank, which returns to this page.
const redirect =
  params.get('mode') === 'redirect'
    ? {
        redirectUri: withoutState(window.location.href),
        // `&forget`: a redirect page that forgets to hand the widget what the bank sent back.
        receivedRedirectUri: params.has('forget') ? undefined : window.location.href,
      }
    : {}

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
        {...redirect}
        onSuccess={({ productRequestId }) => setConnected(productRequestId)}
        onEvent={(name, metadata) =>
          setEvents((seen) => [
            ...seen,
            `${name}${metadata.reason ? ` ${String(metadata.reason)}` : ''}`,
          ])
        }
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
