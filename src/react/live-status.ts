'use client'

/** Whether the live event stream is connected, as a tiny external store (one per provider). */
export interface LiveStatus {
  connected(): boolean
  set(connected: boolean): void
  subscribe(listener: () => void): () => void
}

export function createLiveStatus(): LiveStatus {
  let connected = false
  const listeners = new Set<() => void>()
  return {
    connected: () => connected,
    set(next) {
      if (next === connected) return
      connected = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
