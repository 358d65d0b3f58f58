/**
 * Remembers which webhook deliveries were handled, so a duplicate is handled once. The in-memory
 * store suits one instance; several instances share one store, for example in Redis:
 *
 * ```ts
 * const store: WebhookStore = {
 *   claim: async (key) => (await redis.set(`ibv:webhook:${key}`, '1', { NX: true, EX: 86_400 })) === 'OK',
 *   release: async (key) => void (await redis.del(`ibv:webhook:${key}`)),
 * }
 * ```
 */
export interface WebhookStore {
  /** Atomically marks `key` as being handled; false when it already was (a duplicate). */
  claim(key: string): boolean | Promise<boolean>
  /** Forgets `key` after handling failed, so the service's retry is handled. */
  release(key: string): void | Promise<void>
}

export interface MemoryWebhookStoreOptions {
  /** How long a key is remembered, in milliseconds. @default 86400000 (24 hours) */
  ttlMs?: number
  /** How many keys at most; the oldest go first. @default 10000 */
  maxKeys?: number
}

/** The default store: a bounded map in memory. */
export function createMemoryWebhookStore(options: MemoryWebhookStoreOptions = {}): WebhookStore {
  const { ttlMs = 86_400_000, maxKeys = 10_000 } = options
  const keys = new Map<string, number>()
  return {
    claim(key) {
      const now = Date.now()
      const seen = keys.get(key)
      if (seen !== undefined && now - seen < ttlMs) return false
      keys.delete(key)
      keys.set(key, now)
      for (const [oldest] of keys) {
        if (keys.size <= maxKeys) break
        keys.delete(oldest)
      }
      return true
    },
    release(key) {
      keys.delete(key)
    },
  }
}
