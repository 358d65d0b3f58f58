'use client'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import type { RefreshOutcome } from '../core/index.js'
import { useIbvContext } from './context.js'
import { REFRESH_TEXT, withText } from './messages.js'
import { ReconnectPrompt, type ReconnectPromptProps } from './ReconnectPrompt.js'
import { useRefreshReport } from './useRefreshReport.js'
import { classes } from './class-name.js'

export interface RefreshReportButtonProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  consumerId: string
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
 * A refresh button that answers every outcome of the spec with its own message, a reconnect
 * prompt where the consumer must act, and the 24-hour rule when the refresh came too soon.
 *
 * @example
 * <RefreshReportButton consumerId="LND-42" onRefreshed={(id) => setProductRequestId(id)} />
 */
export const RefreshReportButton = forwardRef<HTMLDivElement, RefreshReportButtonProps>(function RefreshReportButton(
  { consumerId, onRefreshed, consumerName, onSend, onReconnect, label, className, ...rest },
  ref,
) {
  const messages = withText(REFRESH_TEXT, useIbvContext('RefreshReportButton').messages)
  const { refresh, outcome, error, isPending, lastSubmittedAt, nextRefreshAt } = useRefreshReport(consumerId, { onRefreshed })
  const state = isPending ? 'pending' : error ? 'error' : (outcome?.kind ?? 'idle')
  return (
    <div ref={ref} {...rest} className={classes('ibv-refresh', className)} data-state={state}>
      <button type="button" className="ibv-button" onClick={refresh} disabled={isPending} aria-busy={isPending || undefined}>
        {label ?? messages.refreshReport}
      </button>
      {!isPending && error ? <Message role="alert">{messages.refreshError}</Message> : null}
      {!isPending && outcome ? <Outcome outcome={outcome} messages={messages} last={lastSubmittedAt} next={nextRefreshAt} prompt={{ consumerName, onSend, onReconnect }} /> : null}
    </div>
  )
})

function Outcome({
  outcome,
  messages,
  last,
  next,
  prompt,
}: {
  outcome: RefreshOutcome
  messages: typeof REFRESH_TEXT
  last: Date | undefined
  next: Date | undefined
  prompt: Pick<ReconnectPromptProps, 'consumerName' | 'onSend' | 'onReconnect'>
}) {
  switch (outcome.kind) {
    case 'submitted':
      return <Message role="status">{messages.refreshSubmitted}</Message>
    case 'refresh_not_ready':
      return (
        <>
          {last && next && <Message role="status">{messages.refreshNotReadyAt.replace('{submitted}', format(last)).replace('{time}', format(next))}</Message>}
          <ReconnectPrompt response={outcome} {...prompt} />
        </>
      )
    case 'invalid_connection':
    case 'data_pull_failed':
      return <ReconnectPrompt response={outcome} {...prompt} />
    case 'consumer_not_found':
      return <Message role="alert">{messages.refreshConsumerNotFound}</Message>
    case 'refresh_failed':
      return <Message role="alert">{messages.refreshFailed}</Message>
    case 'unknown':
      return <Message role="alert">{messages.refreshUnknown.replace('{message}', outcome.message)}</Message>
    default:
      return outcome satisfies never
  }
}

/** A time in the reader's locale and zone, to the minute. */
const format = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** One line of outcome text: `status` for news, `alert` for a failure. */
function Message({ role, children }: { role: 'status' | 'alert'; children: string }) {
  return (
    <p role={role} className="ibv-refresh__message">
      {children}
    </p>
  )
}
