import type { RelayedEvent } from './relay.js'

const encoder = new TextEncoder()

/** An event as the bytes of one SSE message. */
export type EncodeEvent = (relayed: RelayedEvent) => Uint8Array

/**
 * Encodes events as SSE messages, each once for all the streams of a backend: 1,000 streams catching
 * up on one history share its bytes instead of each holding (and each discarding) a copy. Kept by
 * id, and reused only for the same name and data (a relay whose ids started again, a Redis history
 * emptied, gets fresh bytes); the oldest go first past `maxBytes`. The bytes are shared: a sink must
 * never change them.
 */
export function eventEncoder(maxBytes = 8 * 1024 * 1024): EncodeEvent {
  const kept = new Map<number, { name: string; data: string; bytes: Uint8Array }>()
  let total = 0
  return (relayed) => {
    const hit = kept.get(relayed.id)
    if (hit && hit.name === relayed.name && hit.data === relayed.data) return hit.bytes
    const bytes = encoder.encode(
      `id: ${relayed.id}\nevent: ${relayed.name}\ndata: ${relayed.data}\n\n`,
    )
    if (hit) {
      kept.delete(relayed.id)
      total -= hit.bytes.length
    }
    kept.set(relayed.id, { name: relayed.name, data: relayed.data, bytes })
    total += bytes.length
    // A Map iterates in insertion order: the first is the oldest.
    for (const [id, entry] of kept) {
      if (total <= maxBytes) break
      kept.delete(id)
      total -= entry.bytes.length
    }
    return bytes
  }
}
