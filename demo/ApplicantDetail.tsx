import { useEffect, useRef, useState } from 'react'
import {
  ConnectButton,
  EmbeddedReport,
  InviteBorrowerButton,
  RefreshReportButton,
  ReportStatusBadge,
  ReportView,
  useIbvReport,
  useReportWhileRefreshing,
} from 'ibv-kit'
import type { Applicant } from './api.ts'
import { CredentialsHint } from './CredentialsHint.tsx'
import { cleanOAuthReturn, redirectPage } from './oauth-return.ts'

/** The one primary action of a detail: the next step for the applicant's state. */
type NextStep = 'connect' | 'reconnect' | 'refresh' | 'wait'

export function ApplicantDetail({
  applicant,
  onProductRequest,
  focusRequest = 0,
  oauthRedirect = false,
  receivedRedirectUri,
}: {
  applicant: Applicant
  /** A new request: `shownId` is the report on screen, kept until the new one is ready. */
  onProductRequest: (consumerId: string, id: string, shownId?: string) => void
  /** Changes each time the officer chooses this applicant: the heading comes into view and takes focus. 0: never. */
  focusRequest?: number
  /** OAuth banks send the whole page to the bank and back to this page, instead of a popup window. */
  oauthRedirect?: boolean
  /** This page's address when the bank sent it back with `oauth_state_id`: the widget reopens by itself. */
  receivedRedirectUri?: string
}) {
  const id = applicant.productRequestId
  const { status, report, pending, final } = useIbvReport(id ?? '', { enabled: id !== null })
  // After "Refresh report" the officer keeps reading the last complete report, labelled with its
  // date, until the new one is ready; it then takes its place.
  const shown = useReportWhileRefreshing(id ?? '', {
    previousProductRequestId: applicant.previousProductRequestId ?? undefined,
  })
  const keep = (newId: string) =>
    onProductRequest(applicant.consumerId, newId, shown.report?.product_request_id)
  // The bank the applicant chose in the widget, when they left it waiting for a reconnect.
  const [bank, setBank] = useState<string>()
  const [view, setView] = useState<'hosted' | 'native'>('hosted')
  // The loan officer's page: the reconnect prompt speaks to the officer (its default voice), names
  // the applicant, and "sends" the link through the lender's own channel, here a notice.
  const firstName = applicant.name.split(' ')[0]
  const [sentLink, setSentLink] = useState<string | null>(null)
  // What the officer should know about the last connection attempt, when it went wrong.
  const [warning, setWarning] = useState<string>()
  const needsReconnect =
    pending &&
    (pending.ibv_report_status === 'reconnect_required' ||
      pending.ibv_report_status === 'ibv_data_acquire_failed')
  // No bank, or a request that ends with no report: connect one. Waiting for the applicant:
  // send them the reconnect link (the prompt's "Send" button). A report: keep it current. A report
  // being prepared: nothing to do but wait, every action secondary.
  const next: NextStep =
    !id || (pending && final && !needsReconnect)
      ? 'connect'
      : needsReconnect
        ? 'reconnect'
        : report
          ? 'refresh'
          : 'wait'
  const send = (link: string) => {
    setWarning(undefined)
    setSentLink(link)
  }
  const secondary = (step: NextStep) => (next === step ? undefined : 'demo-secondary')
  // The applicant can connect a bank themselves, from a link the officer sends. Its line says
  // where the newest invite stands (read from the backend, so a reload keeps it; the live stream
  // updates it when the applicant connects). Beside "Connect bank" while no bank is connected;
  // under the actions once one is (for another bank), its line saying how the last one came.
  const invite = (
    <InviteBorrowerButton
      className="demo-secondary"
      consumerId={applicant.consumerId}
      consumerName={firstName}
      onSend={send}
    />
  )

  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const element = heading.current
    if (!focusRequest || !element) return
    element.focus({ preventScroll: true })
    // In one column (a phone) the detail is below the list: brought up unless its heading is in the
    // top third, so what follows the heading shows too, not a bare heading at the bottom edge. At
    // a desktop width it is beside the list, and the page stays where it is unless it is out of view.
    const box = element.getBoundingClientRect()
    const list = element.closest('section')?.previousElementSibling
    const below = !!list && box.top >= list.getBoundingClientRect().bottom
    if (
      box.top < 0 ||
      box.bottom > window.innerHeight ||
      (below && box.top > window.innerHeight / 3)
    ) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      element.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' })
    }
  }, [focusRequest])

  return (
    <section className="panel detail" aria-labelledby="detail-title">
      <div className="detail__header">
        <div>
          <h2 id="detail-title" ref={heading} tabIndex={-1}>
            {applicant.name}
          </h2>
          <p className="muted">
            Applicant ID <code>{applicant.consumerId}</code>
            {id && (
              <>
                {' '}
                · Report <code>{id}</code>
              </>
            )}
          </p>
        </div>
        {status && <ReportStatusBadge status={status} showDescription />}
      </div>

      <div className="actions">
        <ConnectButton
          className={secondary('connect')}
          consumerId={applicant.consumerId}
          // OAuth banks: with "Use redirect" the bank sends the whole page back here, and the
          // widget reopens by itself from the state in the address, which is then taken out.
          redirectUri={oauthRedirect ? redirectPage : undefined}
          receivedRedirectUri={receivedRedirectUri}
          onSuccess={({ productRequestId }) => {
            cleanOAuthReturn()
            setWarning(undefined)
            keep(productRequestId)
          }}
          // A wrong password or an unfinished MFA step leaves a request waiting in
          // reconnect_required: keep it too, so the reconnect prompt can offer its link.
          onExit={(error, { productRequestId, institutionName }) => {
            cleanOAuthReturn()
            setBank(institutionName)
            setWarning(
              error?.code === 'OAUTH_STATE_INVALID'
                ? 'The bank sign-in could not be resumed: the return from the bank is not valid for this session (already used, expired or changed). Connect the bank again.'
                : undefined,
            )
            if (productRequestId) keep(productRequestId)
          }}
        >
          {id ? 'Connect another bank' : 'Connect bank'}
        </ConnectButton>
        {!id && invite}
        {/* Disabled, saying why, while the new report is prepared; with the reconnect prompt when
            the request waits for the applicant. */}
        {id && (
          <RefreshReportButton
            className={secondary('refresh')}
            consumerId={applicant.consumerId}
            productRequestId={id}
            institutionName={bank}
            consumerName={firstName}
            onSend={send}
            onRefreshed={keep}
          />
        )}
      </div>
      {id && invite}
      <CredentialsHint />

      {/* Always there, so that screen readers announce what appears in it. */}
      <p className="notice" role="status" data-tone={warning ? 'warning' : undefined}>
        {warning ??
          (sentLink && (
            <>
              Link sent to {firstName} (demo: nothing is sent).{' '}
              <a href={sentLink} target="_blank" rel="noopener noreferrer">
                Open it as {firstName} would
              </a>
            </>
          ))}
      </p>
      {!id && (
        <p className="empty">
          No bank connected yet. Use “Connect bank” with the sandbox credentials above.
        </p>
      )}
      {pending && !final && !needsReconnect && !shown.report && (
        <p className="empty" role="status">
          The report is being prepared. It appears here by itself, the moment it is ready.
        </p>
      )}
      {pending && final && !needsReconnect && !shown.report && (
        <p className="empty">No report will be produced for this request.</p>
      )}

      {shown.report && (
        <>
          <div className="tabs" role="group" aria-label="Report view">
            <button
              type="button"
              aria-pressed={view === 'hosted'}
              onClick={() => setView('hosted')}
            >
              Hosted report
            </button>
            <button
              type="button"
              aria-pressed={view === 'native'}
              onClick={() => setView('native')}
            >
              Native view
            </button>
          </div>
          {view === 'hosted' ? (
            <EmbeddedReport productRequestId={shown.productRequestId} refreshing={shown} />
          ) : (
            <ReportView report={shown.report} refreshing={shown} />
          )}
        </>
      )}
    </section>
  )
}
