import { useCallback, useEffect, useState } from 'react'
import {
  IbvEvents,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
  type LiveEvent,
} from 'ibv-kit'
import { demoApi, type Applicant } from './api.ts'
import { ApplicantDetail } from './ApplicantDetail.tsx'
import { ControlPanel } from './ControlPanel.tsx'
import { Topbar } from './Topbar.tsx'
import { locale } from './language.ts'
import {
  receivedRedirectUri,
  rememberApplicant,
  rememberRedirect,
  rememberedApplicant,
  rememberedRedirect,
} from './oauth-return.ts'

const fetchers = createBackendFetchers('/api/ibv')
// The sandbox is mounted on this dev server; in production this is the service's address.
const serviceUrl = `${window.location.origin}/ibv-sandbox`
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

export function App() {
  const [applicants, setApplicants] = useState<Applicant[]>([])
  // Kept across a reload, and across the bank's round trip in redirect mode.
  const [selected, setSelected] = useState<string>(() => rememberedApplicant('DEMO-ADA'))
  // Banks that sign in with OAuth: a popup window (the default), or the whole page by redirect.
  const [redirect, setRedirect] = useState(rememberedRedirect)
  // Counts the officer's choices: each one brings the detail into view and focuses its heading
  // (on a phone the detail sits below the list and the sandbox controls). 0 on first load: the
  // page does not move focus by itself, unless the bank has just sent the page back (the redirect
  // path): the applicant's detail, where the widget reopens, then comes into view, as on a choice.
  const [choices, setChoices] = useState(receivedRedirectUri ? 1 : 0)
  const [error, setError] = useState<string>()

  useEffect(() => {
    demoApi
      .applicants()
      .then(setApplicants, () =>
        setError('The demo backend is not answering. Is `npm run dev` still running?'),
      )
  }, [])

  // `shownId`: the report on screen when the new request started, kept until the new one is ready.
  const setProductRequest = useCallback(
    (consumerId: string, productRequestId: string, shownId?: string) => {
      setApplicants((current) =>
        current.map((applicant) =>
          applicant.consumerId === consumerId
            ? {
                ...applicant,
                productRequestId,
                previousProductRequestId:
                  shownId && shownId !== productRequestId
                    ? shownId
                    : applicant.previousProductRequestId,
              }
            : applicant,
        ),
      )
      void demoApi.recordProductRequest(consumerId, productRequestId)
    },
    [],
  )

  // A borrower connected a bank through an invite (on their own device): the backend recorded the
  // product request for the applicant (its onUsed), and every open officer page takes it at once
  // (the invite's line under <InviteBorrowerButton> is read again by itself).
  const onLiveEvent = useCallback((event: LiveEvent) => {
    const { consumerId, productRequestId } = event
    if (
      event.event !== 'invite_used' ||
      typeof consumerId !== 'string' ||
      typeof productRequestId !== 'string'
    )
      return
    setApplicants((current) =>
      current.map((applicant) =>
        applicant.consumerId === consumerId ? { ...applicant, productRequestId } : applicant,
      ),
    )
  }, [])

  const current = applicants.find((applicant) => applicant.consumerId === selected)
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl} locale={locale}>
      <IbvEvents url="/api/ibv/events" onEvent={onLiveEvent} />
      <Topbar />
      <main className="layout">
        <section className="panel applicants" aria-labelledby="applicants-title">
          <h1 id="applicants-title">Loan applications</h1>
          {error && <p role="alert">{error}</p>}
          <ul>
            {applicants.map((applicant) => (
              <li key={applicant.consumerId}>
                <button
                  type="button"
                  className="applicant"
                  aria-current={applicant.consumerId === selected || undefined}
                  onClick={() => {
                    setSelected(applicant.consumerId)
                    rememberApplicant(applicant.consumerId)
                    setChoices((count) => count + 1)
                  }}
                >
                  <span className="applicant__name">{applicant.name}</span>
                  <span className="applicant__meta">
                    {money.format(applicant.amount)} · {applicant.purpose}
                  </span>
                  <ApplicantStatus productRequestId={applicant.productRequestId} />
                </button>
              </li>
            ))}
          </ul>
          <ControlPanel
            applicant={current}
            redirect={redirect}
            onRedirectChange={(on) => {
              setRedirect(on)
              rememberRedirect(on)
            }}
          />
        </section>
        {current && (
          <ApplicantDetail
            key={current.consumerId}
            applicant={current}
            onProductRequest={setProductRequest}
            focusRequest={choices}
            oauthRedirect={redirect}
            receivedRedirectUri={receivedRedirectUri}
          />
        )}
      </main>
    </IbvProvider>
  )
}

function ApplicantStatus({ productRequestId }: { productRequestId: string | null }) {
  const { status } = useIbvReport(productRequestId ?? '', { enabled: productRequestId !== null })
  if (!productRequestId) return <span className="applicant__none">Bank not connected</span>
  return status ? (
    <ReportStatusBadge status={status} />
  ) : (
    <span className="applicant__none">Loading…</span>
  )
}
