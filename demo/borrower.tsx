// The borrower's page, opened from an invite link (`/borrower?ibv_invite=…`) in a browser that
// has never seen the lender's app: no session, no cookie. The invite is the credential:
// <ConnectButton invite> asks the backend for a token with it, and tells the backend on success,
// after which the link is refused.
import 'ibv-kit/styles.css'
import './demo.css'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectButton, IbvProvider, createBackendFetchers } from 'ibv-kit'
import { CredentialsHint } from './CredentialsHint.tsx'
import { Topbar } from './Topbar.tsx'
import { locale } from './language.ts'

const fetchers = createBackendFetchers('/api/ibv')
// The sandbox is mounted on this dev server; in production this is the service's address.
const serviceUrl = `${window.location.origin}/ibv-sandbox`
const invite = new URLSearchParams(window.location.search).get('ibv_invite') ?? ''

function BorrowerPage() {
  const [connected, setConnected] = useState<string>()
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl} audience="borrower" locale={locale}>
      <Topbar />
      <main className="borrower">
        <section className="panel">
          <h1>Welcome to Northwind Lending</h1>
          {!invite ? (
            <p role="alert">
              This page opens from the link your lender sent you. Open that link again, or ask your
              lender for a new one.
            </p>
          ) : connected ? (
            <p className="notice" role="status">
              Your bank is connected. Thank you! Your loan officer can now see the data from{' '}
              {connected}. You can close this page.
            </p>
          ) : (
            <>
              <p>
                To finish your loan application, connect the bank account your income is paid into.
                It takes about a minute, and we never see your bank password.
              </p>
              <div className="actions">
                <ConnectButton
                  invite={invite}
                  onSuccess={({ institution }) => setConnected(institution.name)}
                >
                  Connect your bank
                </ConnectButton>
              </div>
              <CredentialsHint />
            </>
          )}
        </section>
      </main>
    </IbvProvider>
  )
}

const root = document.getElementById('app')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BorrowerPage />
    </StrictMode>,
  )
}
