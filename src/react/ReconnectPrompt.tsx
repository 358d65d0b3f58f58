'use client'
import { forwardRef, useContext, useEffect, useId, type ComponentPropsWithoutRef } from 'react'
import type { RefreshOutcome } from '../core/index.js'
import {
  readReconnectSource,
  reconnectCopy,
  refusedLinkMessage,
  safeLink,
} from '../core/reconnect.js'
import { IbvContext, type IbvAudience } from './context.js'
import {
  RECONNECT_TEXT,
  withText,
  type IbvMessageOverrides,
  type ReconnectReason,
} from '../core/messages.js'
import { classes } from './class-name.js'
import { StaffLink } from './StaffLink.js'

/**
 * A pending (202) body, a refresh answer, a classified `RefreshOutcome`, a webhook payload, the
 * widget's exit metadata or a report, as they arrive: each is read for the reason, the link and the
 * bank (`institutionName`, `institution_name`, the accounts' `provider_name`, or the message's).
 */
export type ReconnectSource = Readonly<Record<string, unknown>> | RefreshOutcome

export interface ReconnectPromptProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** `ibv_connection_link`. Only `https:` links are rendered, and `http:` ones on 127.0.0.1, localhost or [::1] (the sandbox). */
  connectionLink?: string
  /** The institution, to fill the service API's `<FI Name>`. */
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
export const ReconnectPrompt = forwardRef<HTMLDivElement, ReconnectPromptProps>(
  function ReconnectPrompt(
    {
      connectionLink,
      institutionName,
      reason,
      response,
      audience,
      consumerName,
      onSend,
      onReconnect,
      messages,
      className,
      ...rest
    },
    ref,
  ) {
    const context = useContext(IbvContext)
    const text = withText(RECONNECT_TEXT, context?.messages, messages)
    const staff = (audience ?? context?.audience ?? 'staff') === 'staff'
    const read = readReconnectSource(response)
    const finalReason = reason ?? read.reason ?? 'reconnect_required'
    const rawLink = connectionLink ?? read.connectionLink
    const copy = reconnectCopy(
      {
        reason: finalReason,
        audience: staff ? 'staff' : 'borrower',
        connectionLink: rawLink,
        institutionName: institutionName || read.institutionName,
        consumerName,
      },
      text,
    )
    const link = copy.link
    const titleId = useId()

    useEffect(() => {
      if (rawLink !== undefined && !safeLink(rawLink)) {
        console.error(refusedLinkMessage('<ReconnectPrompt>', rawLink))
      }
    }, [rawLink])

    useEffect(() => {
      if (staff && onReconnect) {
        console.warn(
          '<ReconnectPrompt> ignores onReconnect in the staff voice (the default voice): pass audience="borrower" for a prompt the borrower acts on, or onSend(link) to send the link.',
        )
      }
    }, [staff, onReconnect])

    return (
      <div
        ref={ref}
        role="region"
        aria-labelledby={titleId}
        lang={context?.locale?.code}
        {...rest}
        className={classes('ibv-reconnect', className)}
        data-reason={finalReason}
        data-audience={staff ? 'staff' : 'borrower'}
      >
        <p id={titleId} className="ibv-reconnect__title">
          {copy.title}
        </p>
        <p className="ibv-reconnect__body">{copy.body}</p>
        {link &&
          (staff ? (
            <StaffLink
              key={link}
              link={link}
              block="ibv-reconnect"
              text={{
                label: text.reconnectLinkLabel,
                copy: text.reconnectCopy,
                copied: text.reconnectCopied,
                copyFailed: text.reconnectCopyFailed,
              }}
              onSend={onSend && (() => onSend(link))}
              sendLabel={copy.send}
            />
          ) : onReconnect ? (
            <button type="button" className="ibv-button" onClick={() => onReconnect(link)}>
              {copy.action}
            </button>
          ) : (
            <a className="ibv-button" href={link} target="_blank" rel="noopener noreferrer">
              {copy.action}
            </a>
          ))}
      </div>
    )
  },
)
