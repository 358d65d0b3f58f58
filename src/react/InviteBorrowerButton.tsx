'use client'
import { forwardRef, useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react'
import { IbvError } from '../core/index.js'
import { intlOf, useIbvContext } from './context.js'
import type { InviteResponse } from '../core/fetchers.js'
import { fill } from './format.js'
import { withText, type IbvMessageOverrides } from '../core/messages.js'
import { INVITE_TEXT } from '../core/invite-text.js'
import { classes } from './class-name.js'
import { StaffLink } from './StaffLink.js'
import { useNewestInvite } from './useNewestInvite.js'
import * as ibvKeys from '../core/query-keys.js'

/** Props of `<InviteBorrowerButton>`; every other prop goes to its root `div`. */
export interface InviteBorrowerButtonProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children'
> {
  /** The applicant's id in the lender's system: the consumer the invite is for. */
  consumerId: string
  /** The applicant's name, to fill `{consumer}` ("Invite Ada to connect a bank"); else "the applicant". */
  consumerName?: string
  /**
   * Send the link through your own email or SMS. Given, a "Send to {consumer}" button calls it with
   * the link; what it then says is yours to show.
   */
  onSend?: (url: string) => void
  /** Told when an invite was created (to log it, or send it at once). */
  onCreated?: (invite: InviteResponse) => void
  /** Text overrides for this instance. */
  messages?: IbvMessageOverrides
}

/** `data-state` of `<InviteBorrowerButton>`: nothing asked yet, creating, the link shown, or failed. */
export type InviteBorrowerState = 'idle' | 'loading' | 'created' | 'error'

type State = { status: InviteBorrowerState; invite?: InviteResponse; error?: unknown }

/**
 * For the loan officer: creates an invite link (through the `invite` fetcher, `POST /invites` of
 * `createIbvBackend({ invites })`) that the applicant opens to connect their bank on their own,
 * then shows it to copy or send, with the day it expires. Its state is in `data-state`.
 *
 * With an `invites` fetcher (`createBackendFetchers` has one), a line under it says where the
 * newest invite sent to the applicant stands, read from the backend (`GET /invites`), so a reload
 * keeps it: sent, opened, connected or expired, also in `data-invite-state`. It is read again
 * after the button creates an invite, and when `<IbvEvents>` hears `invite_used` for the
 * applicant. No invite yet, or a read that failed: no line, no attribute; the button works the same.
 *
 * @example
 * <InviteBorrowerButton consumerId="LND-42" consumerName="Ada" onSend={(url) => emailApplicant(url)} />
 */
export const InviteBorrowerButton = forwardRef<HTMLDivElement, InviteBorrowerButtonProps>(
  function InviteBorrowerButton(
    { consumerId, consumerName, onSend, onCreated, messages, className, ...rest },
    ref,
  ) {
    const context = useIbvContext('InviteBorrowerButton')
    const text = withText(INVITE_TEXT, context.messages, messages)
    const [state, setState] = useState<State>({ status: 'idle' })
    const consumer = consumerName || text.inviteNoName
    const newest = useNewestInvite(context, consumerId)
    // A new applicant starts over; an answer for the previous one is dropped.
    const current = useRef(consumerId)
    useEffect(() => {
      current.current = consumerId
      setState({ status: 'idle' })
    }, [consumerId])

    const create = async () => {
      if (state.status === 'loading') return
      if (!context.fetchers.invite) {
        console.error(
          '<InviteBorrowerButton> needs an `invite` fetcher: createBackendFetchers() has one, for createIbvBackend({ invites }).',
        )
        setState({
          status: 'error',
          error: new IbvError('invalid_request', 'No invite fetcher.', { source: 'app' }),
        })
        return
      }
      const forId = consumerId
      setState({ status: 'loading' })
      try {
        const invite = await context.fetchers.invite(forId)
        // The new invite is now the applicant's newest: where it stands is the backend's to say.
        void context.queryClient.invalidateQueries({
          queryKey: ibvKeys.invites(forId),
          exact: true,
        })
        if (current.current !== forId) return
        setState({ status: 'created', invite })
        onCreated?.(invite)
      } catch (error) {
        if (current.current === forId) setState({ status: 'error', error })
      }
    }

    const day = (iso: string) => {
      const date = new Date(iso)
      return Number.isNaN(date.getTime())
        ? iso
        : new Intl.DateTimeFormat(intlOf(context), { dateStyle: 'medium' }).format(date)
    }
    // A state this version does not know (a newer backend's), or no date, gets no line rather than a wrong one.
    const known =
      newest && typeof newest.sent_at === 'string' && Object.hasOwn(text.inviteStates, newest.state)
        ? newest
        : undefined
    const line = known
      ? fill(text.inviteStates[known.state], { date: day(known.sent_at), consumer })
      : ''
    // The link shown was used, or has expired: no use sending it, so the button offers a new one.
    const spent =
      state.invite &&
      known &&
      known.state !== 'sent' &&
      known.state !== 'opened' &&
      Date.parse(known.expires_at) === Date.parse(state.invite.expires_at)
    const invite = spent ? undefined : state.invite
    return (
      <div
        ref={ref}
        lang={context.locale?.code}
        {...rest}
        className={classes('ibv-invite', className)}
        data-state={spent ? 'idle' : state.status}
        data-invite-state={line ? known?.state : undefined}
      >
        {invite ? (
          <>
            <StaffLink
              key={invite.url}
              link={invite.url}
              block="ibv-invite"
              text={{
                label: fill(text.inviteLinkLabel, { consumer }),
                copy: text.inviteCopy,
                copied: text.inviteCopied,
                copyFailed: text.inviteCopyFailed,
              }}
              onSend={onSend && (() => onSend(invite.url))}
              sendLabel={fill(text.inviteSend, { consumer })}
            />
            <p className="ibv-invite__hint">
              {fill(text.inviteHint, { consumer })}{' '}
              <time dateTime={invite.expires_at}>
                {fill(text.inviteExpires, { date: day(invite.expires_at) })}
              </time>
            </p>
          </>
        ) : (
          <button
            type="button"
            className="ibv-button"
            aria-busy={state.status === 'loading' || undefined}
            onClick={() => void create()}
          >
            {fill(text.inviteCreate, { consumer })}
          </button>
        )}
        {state.status === 'error' && (
          <p role="alert" className="ibv-invite__error">
            {state.error instanceof IbvError && state.error.code === 'forbidden'
              ? text.inviteForbidden
              : text.inviteError}
          </p>
        )}
        {/* Polite: a change while the page is open (the applicant connected) is announced. */}
        {line && (
          <p className="ibv-invite__state" aria-live="polite">
            {line}
          </p>
        )}
      </div>
    )
  },
)
