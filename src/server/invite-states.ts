import type { InviteState, InviteStatus } from '../core/index.js'
import type { SentInvite } from './invite-store.js'

/** How long an invite is still listed (as `expired`, or `connected`) after it expires. */
export const KEPT_AFTER_EXPIRY_MS = 30 * 86_400_000

/** The state of a kept invite at `now`: connected wins, then expired, then opened. */
export function inviteState(record: SentInvite, now: number): InviteState {
  if (record.productRequestId !== undefined) return 'connected'
  if (now >= record.expiresAt) return 'expired'
  return record.openedAt !== undefined ? 'opened' : 'sent'
}

/** The answer of `GET /invites`: newest first. */
export function inviteStatuses(records: readonly SentInvite[], now: number): InviteStatus[] {
  return [...records]
    .sort((a, b) => b.sentAt - a.sentAt)
    .map((record) => ({
      state: inviteState(record, now),
      sent_at: new Date(record.sentAt).toISOString(),
      expires_at: new Date(record.expiresAt).toISOString(),
      ...(record.productRequestId === undefined
        ? {}
        : { product_request_id: record.productRequestId }),
    }))
}
