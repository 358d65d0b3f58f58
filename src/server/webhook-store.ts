/** Where a webhook key stands: being handled now, handled, or unknown (then it is now yours). */
export type WebhookClaim = 'claimed' | 'in_progress' | 'done'

/**
 * Remembers which webhook deliveries are being handled and which were handled, so a delivery is
 * handled once however many copies arrive, and a copy that arrives while the first is still being
 * handled is told to come back rather than taken for done. A key is in one of three states:
 * absent, in progress (for at most a lease, so a crashed handler does not hold it for ever) and
 * done (for the retention time). A claim carries its handler's `token`: `complete` and `release`
 * act only for the claim that still holds the key, so a handler that outlived its lease cannot
 * undo the claim of the copy that took over. The in-memory store suits one instance; several
 * instances share one store on Redis: `createRedisWebhookStore` from `ibv-kit/server/redis`.
 */
export interface WebhookStore {
  /**
   * Atomically: an absent key (or one whose lease ran out) becomes in progress under `token` and
   * the answer is `claimed`; otherwise says where the key stands.
   */
  claim(key: string, token: string): WebhookClaim | Promise<WebhookClaim>
  /** The handler holding `token` succeeded: the key is done, and later copies are duplicates. */
  complete(key: string, token: string): void | Promise<void>
  /** The handler holding `token` failed: the key is absent again, so the service's retry is handled. */
  release(key: string, token: string): void | Promise<void>
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
  const keys = new Map<string, { state: 'in_progress' | 'done'; token?: string; until: number }>()
  const current = (key: string) => {
    const entry = keys.get(key)
    return entry && Date.now() < entry.until ? entry : undefined
  }
  // A claim may act while it holds the key, or once its lease ran out and no one took over.
  const holds = (key: string, token: string) => {
    const entry = current(key)
    return entry === undefined || (entry.state === 'in_progress' && entry.token === token)
  }
  const put = (key: string, state: 'in_progress' | 'done', forMs: number, token?: string) => {
    // Re-inserted, so the map's order stays oldest first.
    keys.delete(key)
    keys.set(key, { state, token, until: Date.now() + forMs })
    for (const [oldest] of keys) {
      if (keys.size <= maxKeys) break
      keys.delete(oldest)
    }
  }
  return {
    claim(key, token) {
      const entry = current(key)
      if (entry) return entry.state
      put(key, 'in_progress', leaseMs, token)
      return 'claimed'
    },
    complete(key, token) {
      if (holds(key, token)) put(key, 'done', ttlMs)
    },
    release(key, token) {
      if (holds(key, token)) keys.delete(key)
    },
  }
}
