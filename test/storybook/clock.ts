// The sandbox clock of the Storybook test project: it moves only when told (the fixtures advance
// it past a pipeline), and each story rewinds it to one instant, so the dates and times a story
// shows (reference date, created_at) are the same on every run, on every day and however long
// a loader took.
import type { SandboxClock } from '../../src/sandbox/index.ts'

/** 2026-01-15 09:00:00 UTC: the instant every story starts at. */
export const STORY_EPOCH = Date.UTC(2026, 0, 15, 9, 0, 0)

export interface RewindableClock extends SandboxClock {
  /** Back to `STORY_EPOCH` (only after the sandbox was reset: nothing may be scheduled). */
  rewind(): void
}

export function createStoryClock(): RewindableClock {
  let now = STORY_EPOCH
  return {
    kind: 'manual',
    now: () => now,
    advance(ms) {
      now += Math.max(0, ms)
    },
    rewind() {
      now = STORY_EPOCH
    },
  }
}
