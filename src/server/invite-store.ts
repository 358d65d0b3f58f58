/**
 * Remembers which invites were used, each until it expires (after that its expiry refuses it
 * anyway). The in-memory store suits one instance; several instances share one store on Redis,
 * `createRedisInviteStore` from `ibv-kit/server/redis`, so a link used through one instance is
 * refused by every other. A store that fails makes the backend refuse the invite for now (a 503),
 * never take it for unused.
 */
export interface InviteStore {
  /** Records invite `id` as used for `ttlMs` milliseconds; recording it again changes nothing. */
  markUsed(id: string, ttlMs: number): Promise<void>
  /** Whether invite `id` was recorded as used (and has not expired since). */
  isUsed(id: string): Promise<boolean>
}

/**
 * The default invite store: a map in memory, for one instance. Expired records are dropped as new
 * ones come; none is dropped early, since a forgotten record would make a used link work again
 * (a record is only made by a borrower completing a connection, so the map grows with real use).
 *
 * @example
 * const backend = createIbvBackend({ client, authorize, invites: { secret, pageUrl, store: createMemoryInviteStore() } })
 */
export function createMemoryInviteStore(): InviteStore {
  const used = new Map<string, number>()
  return {
    async markUsed(id, ttlMs) {
      const now = Date.now()
      for (const [key, until] of used) if (until <= now) used.delete(key)
      used.set(id, Math.max(used.get(id) ?? 0, now + ttlMs))
    },
    async isUsed(id) {
      const until = used.get(id)
      return until !== undefined && until > Date.now()
    },
  }
}
