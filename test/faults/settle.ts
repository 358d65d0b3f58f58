import { act } from '@testing-library/react'
import { vi } from 'vitest'

/** Lets fake time pass, then the in-process fetch chain and React updates run (see EmbeddedReport tests). */
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
