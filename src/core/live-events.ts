import type { WebhookEvent, WebhookEventName } from './webhook.js'

/**
 * Sent on the backend's live stream when a borrower's connection through an invite is confirmed as
 * the applicant's (the moment `onUsed` is told): the applicant and the new product request.
 */
export interface InviteUsedEvent {
  event: 'invite_used'
  consumerId: string
  productRequestId: string
}

/** What the backend's live stream (`/events`) carries: the webhooks, and the backend's own events. */
export type LiveStreamEvent = WebhookEvent | InviteUsedEvent

/** The names of the events on the live stream. */
export type LiveStreamEventName = WebhookEventName | InviteUsedEvent['event']

/** Every event name the live stream sends, for an `EventSource` to listen to. */
export const LIVE_STREAM_EVENTS: readonly LiveStreamEventName[] = [
  'report_generated',
  'report_generation_failed',
  'data_pull_via_connection_failed',
  'invite_used',
]
