/** Where an invite stands, as staff see it: sent, its link opened, a bank connected through it, or expired unused. */
export type InviteState = 'sent' | 'opened' | 'connected' | 'expired'

/** One invite of `GET {basePath}/invites?consumer_id=`: never the invite or its link, which are credentials. */
export interface InviteStatus {
  state: InviteState
  /** When it was sent, ISO 8601. */
  sent_at: string
  /** When its link stops working, ISO 8601. */
  expires_at: string
  /** The product request its completion recorded, once `connected`. */
  product_request_id?: string
}
