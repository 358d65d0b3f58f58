import { useState } from 'react'
import { demoApi, type Applicant } from './api.ts'

/** How the next refresh can end: in words, and the sandbox's code for it (what a developer sends). */
const OUTCOMES = {
  submitted: 'Works (a new report)',
  invalid_connection: 'Connection no longer valid',
  data_pull_failed: 'Bank data cannot be pulled',
  refresh_failed: 'Refresh cannot be started',
} as const

type Outcome = keyof typeof OUTCOMES

/**
 * Moves the sandbox: time, the next refresh's outcome, token expiry; and chooses how OAuth banks
 * sign in: a popup window, or the whole page by redirect (as a mobile webview needs).
 */
export function ControlPanel({
  applicant,
  redirect,
  onRedirectChange,
}: {
  applicant: Applicant | undefined
  redirect: boolean
  onRedirectChange: (on: boolean) => void
}) {
  const [clock, setClock] = useState<string>()
  const [outcome, setOutcome] = useState<Outcome>('submitted')
  const [note, setNote] = useState<string>()
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      setNote(done)
    } catch (error) {
      setNote(error instanceof Error ? error.message : 'That did not work.')
    }
  }
  const advance = (seconds: number, label: string) =>
    act(
      async () => setClock((await demoApi.advanceClock(seconds)).now),
      `Sandbox clock moved ${label}.`,
    )

  return (
    <section className="controls" aria-labelledby="controls-title">
      <h2 id="controls-title">Sandbox controls</h2>
      <div className="controls__row">
        <button
          type="button"
          onClick={() => advance(31 * 60, '31 minutes: the report token expires and renews')}
        >
          +31 minutes
        </button>
        <button
          type="button"
          onClick={() => advance(24 * 60 * 60, '24 hours: a refresh is allowed again')}
        >
          +24 hours
        </button>
      </div>
      {applicant && (
        <>
          <label className="controls__field">
            Next refresh of {applicant.name}
            <select value={outcome} onChange={(event) => setOutcome(event.target.value as Outcome)}>
              {Object.entries(OUTCOMES).map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
          </label>
          <div className="controls__row">
            <button
              type="button"
              onClick={() =>
                act(
                  () => demoApi.nextRefresh(applicant.consumerId, outcome),
                  `The next refresh of ${applicant.name}: “${OUTCOMES[outcome]}” (sandbox outcome ${outcome}).`,
                )
              }
            >
              Set outcome
            </button>
            <button
              type="button"
              disabled={!applicant.productRequestId}
              onClick={() =>
                applicant.productRequestId &&
                act(
                  () => demoApi.expireReportToken(applicant.productRequestId ?? ''),
                  'Report token expired: the report renews it within seconds.',
                )
              }
            >
              Expire report token now
            </button>
          </div>
        </>
      )}
      <p className="muted" role="status">
        {note ?? 'Sandbox time moves with the real clock; these buttons jump ahead.'}
        {clock &&
          ` Sandbox time: ${new Date(clock).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} (verification service time, as its reports state it).`}
      </p>
      <label className="controls__check">
        <input
          type="checkbox"
          checked={redirect}
          onChange={(event) => onRedirectChange(event.target.checked)}
          aria-describedby="redirect-help"
        />
        Use redirect (as in a mobile webview)
      </label>
      <p className="muted controls__help" id="redirect-help">
        For banks that sign in on their own site (Wombat Bank (OAuth)): the whole page goes to the
        bank and comes back, instead of a popup window.
      </p>
    </section>
  )
}
