'use client'
import { forwardRef, useContext, useEffect, useId, type ComponentPropsWithoutRef } from 'react'
import { institutionIn, reportInstitution, type RefreshOutcome } from '../core/index.js'
import { IbvContext, type IbvAudience } from './context.js'
import { RECONNECT_TEXT, withText, type IbvMessageOverrides, type ReconnectReason } from './messages.js'
import { classes } from './class-name.js'
import { fill } from './format.js'
import { StaffLink } from './StaffLink.js'

/**
 * A pending (202) body, a refresh answer, a classified `RefreshOutcome`, a webhook payload, the
 * widget's exit metadata or a report, as they arrive: each is read for the reason, the link and the
 * bank (`institutionName`, `institution_name`, the accounts' `provider_name`, or the message's).
 */
export type ReconnectSource = Readonly<Record<string, unknown>> | RefreshOutcome

export interface ReconnectPromptProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** `ibv_connection_link`. Only `http:` and `https:` links are rendered. */
  connectionLink?: string
  /** The institution, to fill the spec's `<FI Name>`. */
  institutionName?: string
  /** Why the consumer must reconnect. @default 'reconnect_required' */
  reason?: ReconnectReason
  /** A pending body, refresh answer, refresh outcome, webhook payload or exit metadata to read the three props above from. */
  response?: ReconnectSource
  /**
   * Who reads it. `staff`: "Ask Ada to reconnect Platypus Bank", the link to select or copy, and
   * `onSend`. `borrower`: "Reconnect your bank" and a button that opens the link.
   * @default the provider's `audience`, else 'staff'
   */
  audience?: IbvAudience
  /** Staff voice: the borrower's name, to fill `{consumer}` ("Ask Ada to reconnect…"); else `theApplicant`. */
  consumerName?: string
  /**
   * Staff voice: send the link through your own email or SMS. Given, a "Send to {consumer}" button
   * calls it with the link; what it then says is yours to show.
   */
  onSend?: (link: string) => void
  /** Borrower voice: open the link your own way (a modal); without it the link opens in a new tab. */
  onReconnect?: (link: string) => void
  /** Text overrides for this instance. */
  messages?: IbvMessageOverrides
}

/**
 * Says, in plain words, that the bank must be reconnected, and offers the connection link: to the
 * loan officer (staff, the default) to copy or send, or to the borrower to open. Works without
 * `<IbvProvider>`.
 *
 * @example
 * <ReconnectPrompt response={pendingBody} consumerName="Ada" onSend={(link) => emailApplicant(link)} />
 * <ReconnectPrompt audience="borrower" response={pendingBody} onReconnect={(link) => openWidget(link)} />
 */
export const ReconnectPrompt = forwardRef<HTMLDivElement, ReconnectPromptProps>(function ReconnectPrompt(
  { connectionLink, institutionName, reason, response, audience, consumerName, onSend, onReconnect, messages, className, ...rest },
  ref,
) {
  const context = useContext(IbvContext)
  const text = withText(RECONNECT_TEXT, context?.messages, messages)
  const staff = (audience ?? context?.audience ?? 'staff') === 'staff'
  const read = readSource(response)
  const finalReason = reason ?? read.reason ?? 'reconnect_required'
  const rawLink = connectionLink ?? read.connectionLink
  // The 24-hour rule is a wait, not a broken connection: no reconnect is offered for it.
  const link = finalReason === 'refresh_not_ready' ? undefined : safeLink(rawLink)
  const titleId = useId()
  const values = {
    // An empty name is no name: "the applicant", not "Ask  to reconnect".
    institution: institutionName || read.institutionName || (staff ? text.theirBank : text.yourBank),
    consumer: consumerName || text.theApplicant,
  }

  useEffect(() => {
    if (rawLink !== undefined && !safeLink(rawLink)) {
      console.error(`<ReconnectPrompt> renders no link: the connection link must be an http(s) URL (got a ${scheme(rawLink)} link).`)
    }
  }, [rawLink])

  useEffect(() => {
    if (staff && onReconnect) {
      console.warn('<ReconnectPrompt> ignores onReconnect in the staff voice (the default voice): pass audience="borrower" for a prompt the borrower acts on, or onSend(link) to send the link.')
    }
  }, [staff, onReconnect])

  return (
    <div
      ref={ref}
      role="region"
      aria-labelledby={titleId}
      {...rest}
      className={classes('ibv-reconnect', className)}
      data-reason={finalReason}
      data-audience={staff ? 'staff' : 'borrower'}
    >
      <p id={titleId} className="ibv-reconnect__title">
        {fill((staff ? text.reconnectTitleStaff : text.reconnectTitle)[finalReason], values)}
      </p>
      <p className="ibv-reconnect__body">{fill((staff ? text.reconnectBodyStaff : text.reconnectBody)[finalReason], values)}</p>
      {link &&
        (staff ? (
          <StaffLink
            key={link}
            link={link}
            block="ibv-reconnect"
            text={{ label: text.reconnectLinkLabel, copy: text.reconnectCopy, copied: text.reconnectCopied, copyFailed: text.reconnectCopyFailed }}
            onSend={onSend && (() => onSend(link))}
            sendLabel={fill(text.reconnectSend, values)}
          />
        ) : onReconnect ? (
          <button type="button" className="ibv-button" onClick={() => onReconnect(link)}>
            {fill(text.reconnectAction, values)}
          </button>
        ) : (
          <a className="ibv-button" href={link} target="_blank" rel="noopener noreferrer">
            {fill(text.reconnectAction, values)}
          </a>
        ))}
    </div>
  )
})

/** What a source's `kind` (an outcome), `status` (a refresh body) or `ibv_report_status` (a pending body) says. */
const REASONS = new Map<unknown, ReconnectReason>([
  ['reconnect_required', 'reconnect_required'],
  ['invalid_connection', 'invalid_connection'],
  ['data_pull_failed', 'data_pull_failed'],
  ['ibv_data_acquire_failed', 'data_pull_failed'],
  ['refresh_not_ready', 'refresh_not_ready'],
])

function readSource(source: ReconnectSource | undefined): { reason?: ReconnectReason; institutionName?: string; connectionLink?: string } {
  // Object() lets a missing source read as an empty one.
  const values = Object(source) as Readonly<Record<string, unknown>>
  const string = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined)
  const message = string('message')
  return {
    reason: REASONS.get(values.kind) ?? REASONS.get(values.status) ?? REASONS.get(values.ibv_report_status),
    institutionName: string('institutionName') ?? string('institution_name') ?? reportInstitution(values) ?? (message ? institutionIn(message) : undefined),
    connectionLink: string('connectionLink') ?? string('ibv_connection_link'),
  }
}

/** The link when it is an absolute http(s) URL, else undefined. */
function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined
  try {
    const url = new URL(link)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A refused link's scheme, for the log: never the rest of the link. */
function scheme(link: string): string {
  return /^[a-z][a-z\d+.-]*:/i.exec(link.trim())?.[0].toLowerCase() ?? 'malformed'
}
