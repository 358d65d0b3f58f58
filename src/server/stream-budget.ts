/** What the budget reads of one stream, and how it drops it. */
export interface BudgetedStream {
  /** Bytes written to the stream that its reader has not taken yet. */
  unread(): number
  /** Ends the stream as too far behind (its browser reconnects and catches up). */
  drop(): void
}

/** One stream's place in the budget. */
export interface BudgetAccount {
  /** Called after bytes were written or taken: re-reads what the stream holds. */
  update(): void
  /** The stream ended: it holds nothing any more. */
  leave(): void
}

export interface StreamBudget {
  join(stream: BudgetedStream): BudgetAccount
  /** Bytes all streams hold, as last measured. */
  readonly bytes: number
}

/**
 * One memory budget for every `/events` stream of an instance: the bytes written that readers have
 * not taken yet, summed. Each stream reports after it writes or its reader takes; a reader's
 * partial progress in between is not seen, so the sum errs high. Once it passes `maxBytes`, every
 * stream is measured again; if they really hold more, the ones holding the most (the slowest
 * readers) are dropped until the sum is back under three quarters of the budget, so an instance
 * under a flood of stalled readers drops in batches rather than on every write.
 */
export function streamBudget(maxBytes: number): StreamBudget {
  const held = new Map<BudgetedStream, number>()
  let total = 0

  const enforce = () => {
    total = 0
    for (const stream of held.keys()) {
      const bytes = stream.unread()
      held.set(stream, bytes)
      total += bytes
    }
    if (total <= maxBytes) return
    const target = Math.floor((maxBytes * 3) / 4)
    for (const [stream, bytes] of [...held].sort((a, b) => b[1] - a[1])) {
      if (total <= target) break
      // Out first: the drop ends the stream, and its `leave` then finds nothing to take back.
      held.delete(stream)
      total -= bytes
      stream.drop()
    }
  }

  return {
    get bytes() {
      return total
    },
    join(stream) {
      held.set(stream, 0)
      return {
        update() {
          const before = held.get(stream)
          if (before === undefined) return
          const now = stream.unread()
          held.set(stream, now)
          total += now - before
          if (total > maxBytes) enforce()
        },
        leave() {
          const before = held.get(stream)
          if (before === undefined) return
          held.delete(stream)
          total -= before
        },
      }
    },
  }
}
