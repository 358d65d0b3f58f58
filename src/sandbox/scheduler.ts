import type { SandboxClock } from './clock.js'

interface Task {
  at: number
  run: () => void
}

/**
 * Runs the sandbox's timed work (pipeline transitions, webhook retries) at sandbox times. With a
 * manual clock nothing runs until time is advanced; with the real clock a timer wakes it.
 * `advanceBy` steps through due tasks in time order and waits for the async work they start, so
 * timestamps are exact and a test sees every consequence of moving the clock.
 */
export class Scheduler {
  private tasks: Task[] = []
  private inFlight = new Set<Promise<unknown>>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly clock: SandboxClock

  constructor(clock: SandboxClock) {
    this.clock = clock
  }

  /** Runs `run` at sandbox time `at` (or at the next chance, when `at` has passed). */
  at(at: number, run: () => void): void {
    // Binary insertion after every task due at or before `at`: time order, then arrival order.
    let low = 0
    let high = this.tasks.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.tasks[middle]?.at ?? 0) <= at) low = middle + 1
      else high = middle
    }
    this.tasks.splice(low, 0, { at, run })
    this.arm()
  }

  /** Tracks async work started by a task, so `settle` and `advanceBy` can wait for it. */
  track(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      () => undefined,
    )
    this.inFlight.add(done)
    void done.then(() => this.inFlight.delete(done))
  }

  /** Runs every task that is due now. */
  runDue(): void {
    const now = this.clock.now()
    while (this.tasks[0] && this.tasks[0].at <= now) this.tasks.shift()?.run()
    this.arm()
  }

  /** Resolves when no tracked work is in flight. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  /** Moves the clock forward by `ms`, running due tasks in time order and waiting for their work. */
  async advanceBy(ms: number): Promise<void> {
    const target = this.clock.now() + Math.max(0, ms)
    this.runDue()
    await this.settle()
    for (let next = this.tasks[0]; next && next.at <= target; next = this.tasks[0]) {
      this.clock.advance(next.at - this.clock.now())
      this.runDue()
      await this.settle()
    }
    this.clock.advance(target - this.clock.now())
    this.runDue()
    await this.settle()
  }

  /** Drops every task and stops the timer. */
  clear(): void {
    this.tasks = []
    this.disarm()
  }

  private arm(): void {
    this.disarm()
    const next = this.tasks[0]
    if (this.clock.kind !== 'real' || !next) return
    // Timers cap at ~24.8 days; a longer wait re-arms when it fires.
    const delay = Math.min(Math.max(0, next.at - this.clock.now()), 2 ** 31 - 1)
    this.timer = setTimeout(() => this.runDue(), delay)
    ;(this.timer as { unref?: () => void }).unref?.()
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}
