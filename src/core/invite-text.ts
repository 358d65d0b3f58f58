import type { InviteState } from './invite-status.js'

// The texts of <InviteBorrowerButton>, in English by default, overridable like every other text
// (messages.ts).

/** `<InviteBorrowerButton>`, in the staff voice: the loan officer invites an applicant. */
export const INVITE_TEXT = {
  /** The button; `{consumer}` is replaced by `consumerName` (else `inviteNoName`). */
  inviteCreate: 'Invite {consumer} to connect a bank',
  /** The label above the invite link, shown as text to select or copy. */
  inviteLinkLabel: 'Invite link for {consumer}',
  /** Under the link: what the applicant does with it. */
  inviteHint: 'The link lets {consumer} connect a bank. It works once.',
  inviteCopy: 'Copy link',
  inviteCopied: 'Link copied.',
  inviteCopyFailed: 'The link could not be copied: select it above and copy it by hand.',
  /** Shown when `onSend` is given; `{consumer}` is replaced. */
  inviteSend: 'Send to {consumer}',
  /** `{date}` is replaced by the day the link stops working ("Dec 3, 2026"). */
  inviteExpires: 'Expires {date}',
  inviteError: 'The invite link could not be created. Try again.',
  /** When the server refused (403): the officer may not invite this applicant. */
  inviteForbidden: 'You are not allowed to invite this applicant.',
  /** What `{consumer}` becomes when `consumerName` is not given. */
  inviteNoName: 'the applicant',
  /**
   * The line under the button (or the link): where the newest invite sent to the applicant stands,
   * by its state, as the backend answers it (`GET /invites`). `{date}` is the day it was sent
   * ("Nov 29, 2026"), `{consumer}` as in `inviteCreate`.
   */
  inviteStates: {
    sent: 'Invite link sent {date}: {consumer} has not opened it yet.',
    opened: 'Invite link sent {date}: {consumer} opened it but has not connected a bank yet.',
    connected: 'Invite link sent {date}: {consumer} connected a bank with it.',
    expired: 'Invite link sent {date}: it expired before {consumer} connected a bank.',
  } as Record<InviteState, string>,
}
