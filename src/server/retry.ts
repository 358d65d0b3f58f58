import { IbvError } from '../core/index.js'
import { stoppedBy } from './upstream-signal.js'

export interface RetryOptions {
  /** Attempts in all, the first included. @default 4 */
  attempts?: number
  /** Delay before the first retry, in milliseconds; it doubles each time, with full jitter. @default 250 */
  baseDelayMs?: number
  /** Longest delay between two attempts, in milliseconds. @default 4000 */
  maxDelayMs?: number
  /** No new attempt starts after this many milliseconds from the first. @default 30000 */
  deadlineMs?: number
}

/** Whether a failed attempt may be retried: timeouts, network errors and 502/503/504. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof IbvError)) return false
  return (
    error.code === 'timeout' ||
    error.code === 'network' ||
    [502, 503, 504].includes(error.status ?? 0)
  )
}

/**
 * Runs `attempt` (given its number, 1 for the first) until it succeeds, fails with a non-transient
 * error, or the bound (attempts or deadline) is reached; then the last error is thrown. Delays are
 * exponential with full jitter. `onRetry` is told of each error that is retried. Once `signal`
 * aborts, no attempt starts: a wait between two ends at once, with the error `stoppedBy` gives.
 */
export async function withRetry<T>(
  attempt: (count: number) => Promise<T>,
  options: RetryOptions = {},
  signal?: AbortSignal,
  onRetry?: (error: unknown) => void,
): Promise<T> {
  const { attempts = 4, baseDelayMs = 250, maxDelayMs = 4000, deadlineMs = 30_000 } = options
  const started = Date.now()
  for (let count = 1; ; count++) {
    if (signal?.aborted) throw stoppedBy(signal)
    try {
      return await attempt(count)
    } catch (error) {
      const delay = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (count - 1))
      const outOfTime = Date.now() - started + delay >= deadlineMs
      if (!isTransient(error) || count >= attempts || outOfTime || signal?.aborted) throw error
      onRetry?.(error)
      await sleep(delay, signal)
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}
