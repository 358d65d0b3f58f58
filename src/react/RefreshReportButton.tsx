'use client'
import { forwardRef, useId, useState, type ComponentPropsWithoutRef } from 'react'
import { REFRESH_INTERVAL_MS, serviceTime, type RefreshOutcome } from '../core/index.js'
import { intlOf, useIbvContext } from './context.js'
import { fill } from './format.js'
import { RECONNECT_TEXT, REFRESH_TEXT, REPORT_REFRESH_TEXT, withText } from '../core/messages.js'
import { ReconnectPrompt, type ReconnectPromptProps } from './ReconnectPrompt.js'
import { formatServiceTime } from './service-date.js'
import { useRefreshGate, type RefreshGate } from './useRefreshGate.js'
import { useRefreshReport } from './useRefreshReport.js'
import { classes } from './class-name.js'
import { REFRESH_CLASS } from '../core/component-names.js'

export interface RefreshReportButtonProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children'
> {
  consumerId: string
  /**
   * The applicant's latest report request: the one on screen, or the one a refresh started. While
   * it is being prepared, or waits for the applicant to reconnect, the button is disabled and says
   * why (with the reconnect prompt in the second case); its report's date states the 24-hour rule
   * and its accounts name the bank. Without it, the request a refresh started here is watched.
   */
  productRequestId?: string
  /** The bank, when the page knows it and the service's answers do not name it (the widget's exit metadata). */
  institutionName?: string
  /** A refresh was submitted: the new product request's id. */
  onRefreshed?: (productRequestId: string) => void
  /**
   * For the reconnect prompt an outcome may show, in the provider's voice (staff by default):
   * the borrower's name ("Ask Ada to reconnect…"), your own way to send the link (staff voice),
   * and to open it (borrower voice). See `<ReconnectPrompt>`.
   */
  consumerName?: string
  /** See `consumerName`. */
  onSend?: (link: string) => void
  /** See `consumerName`. */
  onReconnect?: (link: string) => void
  /** Button text. @default 'Refresh report' */
  label?: string
}

/**
 * A refresh button that answers every outcome of the service API with its own message, a reconnect
 * prompt where the applicant must act, and the 24-hour rule in the service's time when the
 * refresh came too soon. Disabled, saying why, while the latest report is being prepared or waits
 * for a reconnect.
 *
 * @example
 * <RefreshReportButton consumerId="LND-42" productRequestId={latestId} onRefreshed={(id) => setLatestId(id)} />
 */
export const RefreshReportButton = forwardRef<HTMLDivElement, RefreshReportButtonProps>(
  function RefreshReportButton(
    {
      consumerId,
      productRequestId,
      institutionName,
      onRefreshed,
      consumerName,
      onSend,
      onReconnect,
      label,
      className,
      ...rest
    },
    ref,
  ) {
    const context = useIbvContext('RefreshReportButton')
    const messages = withText(REFRESH_TEXT, context.messages)
    const names = withText(RECONNECT_TEXT, context.messages)
    const clockText = withText(REPORT_REFRESH_TEXT, context.messages)
    // The request a refresh here started, for this applicant: the latest one, when the page gives none.
    const [started, setStarted] = useState<{ consumerId: string; id: string }>()
    const { refresh, outcome, error, isPending } = useRefreshReport(consumerId, {
      onRefreshed: (id) => {
        setStarted({ consumerId, id })
        onRefreshed?.(id)
      },
    })
    const gate = useRefreshGate(
      productRequestId ?? (started?.consumerId === consumerId ? started.id : undefined),
      outcome,
    )
    const reasonId = useId()
    const bank =
      (outcome && 'institutionName' in outcome && outcome.institutionName) ||
      gate.institutionName ||
      institutionName
    const prompt = { consumerName, onSend, onReconnect, institutionName: bank }
    const state = isPending
      ? 'pending'
      : (gate.block ?? (error ? 'error' : (outcome?.kind ?? 'idle')))
    const reason =
      gate.block === 'preparing'
        ? messages.refreshPreparing
        : gate.block &&
          fill(messages.refreshNeedsReconnect, {
            consumer: consumerName || names.theApplicant,
            institution: bank || names.theirBank,
          })
    return (
      <div
        ref={ref}
        lang={context.locale?.code}
        {...rest}
        className={classes(REFRESH_CLASS, className)}
        data-state={state}
      >
        <button
          type="button"
          className="ibv-button"
          onClick={refresh}
          disabled={isPending || !!gate.block}
          aria-busy={isPending || undefined}
          aria-describedby={reason ? reasonId : undefined}
        >
          {label ?? messages.refreshReport}
        </button>
        {reason && (
          <p id={reasonId} role="status" className="ibv-refresh__reason">
            {reason}
          </p>
        )}
        {gate.block === 'needs_reconnect' && (
          <ReconnectPrompt response={gate.pending} {...prompt} />
        )}
        {!isPending && !gate.block && error ? (
          <Message role="alert">{messages.refreshError}</Message>
        ) : null}
        {!isPending && !gate.block && outcome ? (
          <Outcome
            outcome={outcome}
            messages={messages}
            clock={clockText}
            intl={intlOf(context)}
            gate={gate}
            prompt={prompt}
          />
        ) : null}
      </div>
    )
  },
)

function Outcome({
  outcome,
  messages,
  clock,
  intl,
  gate,
  prompt,
}: {
  outcome: RefreshOutcome
  messages: typeof REFRESH_TEXT
  /** `serviceClock`, and `serviceClockHint` that explains it. */
  clock: Pick<typeof REPORT_REFRESH_TEXT, 'serviceClock' | 'serviceClockHint'>
  /** The `Intl` locale of the dates. */
  intl: string
  gate: RefreshGate
  prompt: Pick<ReconnectPromptProps, 'consumerName' | 'onSend' | 'onReconnect' | 'institutionName'>
}) {
  switch (outcome.kind) {
    case 'submitted':
      // Once the new report is there (or failed), the page shows it: nothing left to say.
      return gate.final ? null : <Message role="status">{messages.refreshSubmitted}</Message>
    case 'refresh_not_ready': {
      // The service's time, from its own report: the browser's clock may be hours or days off. A
      // date only when the window is known to start at that report (see `datedReport`); else the
      // rule alone, never a time that may already be past. Up to the next minute: not a minute early.
      // With the day of the week: two times a minute apart on two days must not read as one day.
      const created = gate.datedReport?.created_at
      const time = serviceTime(created)
      const last = formatServiceTime(created, DAY_TIME, intl)
      const next =
        time === undefined
          ? undefined
          : formatServiceTime(
              created,
              DAY_TIME,
              intl,
              REFRESH_INTERVAL_MS + ((MINUTE_MS - (time % MINUTE_MS)) % MINUTE_MS),
            )
      if (!last || !next) return <Message role="status">{messages.refreshNotReady}</Message>
      return (
        <>
          <Message role="status">
            {fill(messages.refreshNotReadyAt, { last, time: next, clock: clock.serviceClock })}
          </Message>
          <p className="ibv-refresh__hint">{clock.serviceClockHint}</p>
        </>
      )
    }
    case 'invalid_connection':
    case 'data_pull_failed':
      return <ReconnectPrompt response={outcome} {...prompt} />
    case 'consumer_not_found':
      return <Message role="alert">{messages.refreshConsumerNotFound}</Message>
    case 'refresh_failed':
      return <Message role="alert">{messages.refreshFailed}</Message>
    case 'unknown':
      return (
        <Message role="alert">
          {messages.refreshUnknown.replace('{message}', outcome.message)}
        </Message>
      )
    default:
      return outcome satisfies never
  }
}

const DAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}
const MINUTE_MS = 60_000

/** One line of outcome text: `status` for news, `alert` for a failure. */
function Message({ role, children }: { role: 'status' | 'alert'; children: string }) {
  return (
    <p role={role} className="ibv-refresh__message">
      {children}
    </p>
  )
}
