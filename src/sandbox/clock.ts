/** The sandbox's sense of time. Tests use a manual clock; the demo and the CLI the real one. */
export interface SandboxClock {
  /** `real`: wall time plus an offset that `advance` grows; `manual`: moves only when told. */
  readonly kind: 'real' | 'manual'
  /** Milliseconds since the epoch, in sandbox time. */
  now(): number
  /** Moves sandbox time forward by `ms` (never back). */
  advance(ms: number): void
}

/**
 * A clock that moves only when advanced: token expiry, the 24-hour refresh window and report
 * generation happen without waiting.
 *
 * @example
 * const sandbox = createSandbox({ clock: createManualClock(Date.UTC(2026, 0, 1)) })
 */
export function createManualClock(start = Date.UTC(2026, 0, 1, 9, 0, 0)): SandboxClock {
  let now = start
  return {
    kind: 'manual',
    now: () => now,
    advance(ms) {
      now += Math.max(0, ms)
    },
  }
}

/** Wall time; `advance` adds an offset, so the demo can jump 24 hours ahead. */
export function createRealClock(): SandboxClock {
  let offset = 0
  return {
    kind: 'real',
    now: () => Date.now() + offset,
    advance(ms) {
      offset += Math.max(0, ms)
    },
  }
}
