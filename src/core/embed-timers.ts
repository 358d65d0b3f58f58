// The embed session's timers (renewal, re-mint, ready), each named and armed for a key.

/** Named timers, each armed for a key: the same key does not arm it again, a new one re-arms it. */
export function createTimers() {
  // A fired timer stays here with its key, so the same key does not arm it again.
  const timers = new Map<string, { key: unknown; id: ReturnType<typeof setTimeout> }>()
  return {
    /** Keeps timer `name` armed for `key` (a new key re-arms it); no delay: none. */
    arm(name: string, key: unknown, delay: number | undefined, run: () => void) {
      const timer = timers.get(name)
      if (timer?.key === key) return
      clearTimeout(timer?.id)
      timers.delete(name)
      // Capped: a longer delay would overflow and fire at once; the wake checks cover the rest.
      if (delay !== undefined)
        timers.set(name, { key, id: setTimeout(run, Math.min(delay, 2 ** 31 - 1)) })
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer.id)
      timers.clear()
    },
  }
}
