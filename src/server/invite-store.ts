/**
 * What the invite routes remember, each record until its invite expires (after that its expiry
 * refuses the invite anyway): which product request each used invite was used for (the first one
 * reported wins), and the product requests reported while their report was pending, whose owner
 * the service has not named yet. The in-memory store suits one instance; several instances share
 * one store on Redis, `createRedisInviteStore` from `ibv-kit/server/redis`, so a link used through
 * one instance is refused by every other, and a webhook landing on any instance confirms a claim
 * made through another. A store that fails makes the backend refuse the invite for now (a 503),
 * never take it for unused.
 */
export interface InviteStore {
  /**
   * Records invite `id` as used for `productRequestId`, for `ttlMs` milliseconds, unless it was
   * recorded already (atomically: of two at once, one is first). Answers the product request
   * recorded first: this one, or the one an earlier use recorded.
   */
  markUsed(id: string, productRequestId: string, ttlMs: number): Promise<string>
  /** The product request invite `id` was used for, or undefined when it was not (or that record expired). */
  usedFor(id: string): Promise<string | undefined>
  /**
   * Records that the holder of an invite for `consumerId` reported `productRequestId`, for `ttlMs`
   * milliseconds, until the owner is known. A claim already there, open or confirmed, is kept.
   */
  claim(productRequestId: string, consumerId: string, ttlMs: number): Promise<void>
  /**
   * The service named `consumerId` as the owner of `productRequestId`: settles that consumer's
   * claim and drops every other consumer's. `confirmed` is true for the one call that settled an
   * open claim of `consumerId` (never again, on any instance); `foreign` counts the dropped claims.
   */
  confirm(
    productRequestId: string,
    consumerId: string,
  ): Promise<{ confirmed: boolean; foreign: number }>
  /**
   * Optional: keeps what staff see of an invite just sent, for `ttlMs` milliseconds (until 30 days
   * after it expires). Without it (with `invitesOf`) nothing is listed; a throw answers the
   * `POST /invites` with a 503.
   */
  recordInvite?(record: SentInvite, ttlMs: number): Promise<void>
  /**
   * Optional: notes on invite `id` of `consumerId` that its link was opened (a token was minted
   * with it), or that the service named `consumerId` the owner of the product request its
   * completion reported (it then shows as connected). An invite not recorded is left alone.
   */
  updateInvite?(consumerId: string, id: string, change: InviteChange): Promise<void>
  /** Optional: the invites kept for `consumerId`, in any order. Without it, `GET /invites` answers 501. */
  invitesOf?(consumerId: string): Promise<SentInvite[]>
}

/** What is kept of an invite sent: never the invite itself, which is a credential. */
export interface SentInvite {
  /** The invite's own id (as in `InviteClaims`). */
  id: string
  consumerId: string
  /** Epoch milliseconds, on the invites' clock. */
  sentAt: number
  /** Epoch milliseconds, on the invites' clock. */
  expiresAt: number
  /** When a token was first minted with it (its link opened), in epoch milliseconds. */
  openedAt?: number
  /** The product request its completion reported, once the service named `consumerId` its owner. */
  productRequestId?: string
}

/** A change to a kept invite: its link opened, or its completion confirmed as the applicant's. */
export type InviteChange = { openedAt: number } | { productRequestId: string }

/**
 * The default invite store: maps in memory, for one instance. Expired records are dropped as new
 * ones come; none is dropped early, since a forgotten record would make a used link work again
 * (a record is only made by a borrower completing a connection, so the maps grow with real use).
 *
 * @example
 * const backend = createIbvBackend({ client, authorize, invites: { secret, pageUrl, store: createMemoryInviteStore() } })
 */
export function createMemoryInviteStore(): InviteStore {
  const used = new Map<string, { productRequestId: string; until: number }>()
  // Product request → its expiry and each claiming consumer (true once settled).
  const claims = new Map<string, { until: number; consumers: Map<string, boolean> }>()
  const prune = (now: number) => {
    for (const [key, record] of used) if (record.until <= now) used.delete(key)
    for (const [key, record] of claims) if (record.until <= now) claims.delete(key)
    for (const [key, records] of sent) {
      for (const [id, record] of records) if (record.until <= now) records.delete(id)
      if (records.size === 0) sent.delete(key)
    }
  }
  const sent = new Map<string, Map<string, SentInvite & { until: number }>>()
  const live = <T extends { until: number }>(record: T | undefined) =>
    record !== undefined && record.until > Date.now() ? record : undefined
  return {
    async markUsed(id, productRequestId, ttlMs) {
      const now = Date.now()
      prune(now)
      const first = used.get(id)
      if (first) return first.productRequestId
      used.set(id, { productRequestId, until: now + ttlMs })
      return productRequestId
    },
    async usedFor(id) {
      return live(used.get(id))?.productRequestId
    },
    async claim(productRequestId, consumerId, ttlMs) {
      const now = Date.now()
      prune(now)
      const record = claims.get(productRequestId) ?? {
        until: 0,
        consumers: new Map<string, boolean>(),
      }
      record.until = Math.max(record.until, now + ttlMs)
      if (!record.consumers.has(consumerId)) record.consumers.set(consumerId, false)
      claims.set(productRequestId, record)
    },
    async confirm(productRequestId, consumerId) {
      const record = live(claims.get(productRequestId))
      if (!record) return { confirmed: false, foreign: 0 }
      let foreign = 0
      for (const [consumer, settled] of record.consumers) {
        if (consumer !== consumerId && !settled) {
          record.consumers.delete(consumer)
          foreign++
        }
      }
      const confirmed = record.consumers.get(consumerId) === false
      if (confirmed) record.consumers.set(consumerId, true)
      if (record.consumers.size === 0) claims.delete(productRequestId)
      return { confirmed, foreign }
    },
    async recordInvite(record, ttlMs) {
      const now = Date.now()
      prune(now)
      const records =
        sent.get(record.consumerId) ?? new Map<string, SentInvite & { until: number }>()
      records.set(record.id, { ...record, until: now + ttlMs })
      sent.set(record.consumerId, records)
    },
    async updateInvite(consumerId, id, change) {
      const record = live(sent.get(consumerId)?.get(id))
      if (!record) return
      if ('openedAt' in change) record.openedAt ??= change.openedAt
      else record.productRequestId ??= change.productRequestId
    },
    async invitesOf(consumerId) {
      const now = Date.now()
      const kept = [...(sent.get(consumerId)?.values() ?? [])].filter(
        (record) => record.until > now,
      )
      return kept.map(
        ({ id, consumerId: consumer, sentAt, expiresAt, openedAt, productRequestId }) => ({
          id,
          consumerId: consumer,
          sentAt,
          expiresAt,
          openedAt,
          productRequestId,
        }),
      )
    },
  }
}
