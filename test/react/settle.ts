import { act } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Lets fake time pass, then lets the in-process fetch chain and React updates run: Node's
 * Response bodies resolve on real macrotasks (setImmediate is not faked) and React Query notifies
 * on a 0 ms timer, so each round yields to both and moves fake time 1 ms (10 ms in all).
 */
export async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  for (let round = 0; round < 10; round++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(1)
    })
  }
}

/**
 * Fake time for every test of the calling file (timeouts, intervals and Date; not setImmediate,
 * which `settle` uses to let the in-process fetch chain run), from `startAt` when given; real
 * time again after each test.
 */
export function withFakeTime(startAt?: number) {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    if (startAt !== undefined) vi.setSystemTime(startAt)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
