/** Where a webhook key stands: being handled now, handled, or unknown (then it is now yours). */
export type WebhookClaim = 'claimed' | 'in_progress' | 'done'

/**
 * Remembers which webhook deliveries are being handled and which were handled, so a delivery is
 * handled once however many copies arrive, and a copy that arrives while the first is still being
 * handled is told to come back rather than taken for done. A key is in one of three states:
 * absent, in progress (for at most a lease, so a crashed handler does not hold it for ever) and
 * done (for the retention time). The in-memory store suits one instance; several instances share
 * one store, for example in Redis (node-redis):
 *
 * ```ts
 * const store: WebhookStore = {
 *   async claim(key) {
 *     if (await redis.set(`ibv:webhook:${key}`, 'in_progress', { NX: true, PX: 60_000 })) return 'claimed'
 *     return (await redis.get(`ibv:webhook:${key}`)) === 'done' ? 'done' : 'in_progress'
 *   },
 *   complete: async (key) => void (await redis.set(`ibv:webhook:${key}`, 'done', { PX: 86_400_000 })),
 *   release: async (key) => void (await redis.del(`ibv:webhook:${key}`)),
 * }
 * ```
 */
export interface WebhookStore {
  /** Atomically: an absent key becomes in progress (`claimed`); otherwise says where it stands. */
  claim(key: string): WebhookClaim | Promise<WebhookClaim>
  /** The handler succeeded: the key is done, and later copies are acknowledged as duplicates. */
  complete(key: string): void | Promise<void>
  /** The handler failed: the key is absent again, so the service's retry is handled. */
  release(key: string): void | Promise<void>
}

export interface MemoryWebhookStoreOptions {
  /** How long a handled key is remembered, in milliseconds. @default 86400000 (24 hours) */
  ttlMs?: number
  /** How long a key may stay in progress before a copy may claim it again, in milliseconds. @default 60000 */
  leaseMs?: number
  /** How many keys at most; the oldest go first. @default 10000 */
  maxKeys?: number
}

/** The default store: a bounded map in memory, for one instance. */
export function createMemoryWebhookStore(options: MemoryWebhookStoreOptions = {}): WebhookStore {
  const { ttlMs = 86_400_000, leaseMs = 60_000, maxKeys = 10_000 } = options
  const keys = new Map<string, { state: 'in_progress' | 'done'; until: number }>()
  const put = (key: string, state: 'in_progress' | 'done', forMs: number) => {
    // Re-inserted, so the map's order stays oldest first.
    keys.delete(key)
    keys.set(key, { state, until: Date.now() + forMs })
    for (const [oldest] of keys) {
      if (keys.size <= maxKeys) break
      keys.delete(oldest)
    }
  }
  return {
    claim(key) {
      const entry = keys.get(key)
      if (entry && Date.now() < entry.until) return entry.state
      put(key, 'in_progress', leaseMs)
      return 'claimed'
    },
    complete(key) {
      put(key, 'done', ttlMs)
    },
    release(key) {
      keys.delete(key)
    },
  }
}
