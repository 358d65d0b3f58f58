import type { RelayOutbox } from './relay-outbox.js'

export interface ShutdownOptions {
  /** Ends every open `/events` stream (their browsers reconnect to another instance). */
  endStreams(): void
  outbox: RelayOutbox
  onError: (error: unknown) => void
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A backend's graceful stop: from `close()` on, new webhooks and streams are refused (a retryable
 * 503: the service and the browsers go to another instance), open streams end, the webhooks being
 * handled finish, and what waits in the outbox is completed and relayed, within `timeoutMs`.
 */
export function createShutdown(options: ShutdownOptions) {
  let closing: Promise<void> | undefined
  let inFlight = 0
  return {
    get closing() {
      return closing !== undefined
    },
    /** Runs `work` as one in-flight request that `close()` waits for. */
    async track<T>(work: () => Promise<T>): Promise<T> {
      inFlight++
      try {
        return await work()
      } finally {
        inFlight--
      }
    },
    close(timeoutMs = 10_000): Promise<void> {
      closing ??= (async () => {
        const deadline = Date.now() + timeoutMs
        options.endStreams()
        while (inFlight > 0 && Date.now() < deadline) await sleep(10)
        const left = await options.outbox.drain(Math.max(0, deadline - Date.now()))
        if (inFlight > 0 || left > 0) {
          options.onError(
            new Error(
              `The backend closed with ${inFlight} webhook(s) still being handled and ${left} handled event(s) not yet completed and relayed (timeoutMs ${timeoutMs}).`,
            ),
          )
        }
      })()
      return closing
    },
  }
}
