'use client'
import type { QueryClient } from '@tanstack/react-query'

/** Whether the live event stream is connected, as a tiny external store (one per provider). */
export interface LiveStatus {
  connected(): boolean
  set(connected: boolean): void
  subscribe(listener: () => void): () => void
}

function createLiveStatus(): LiveStatus {
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

const byClient = new WeakMap<QueryClient, LiveStatus>()

/** The live status shared by everything using this query client (made on first use). */
export function liveStatusOf(queryClient: QueryClient): LiveStatus {
  let status = byClient.get(queryClient)
  if (!status) byClient.set(queryClient, (status = createLiveStatus()))
  return status
}
