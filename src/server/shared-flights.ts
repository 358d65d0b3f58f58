import { stoppedBy } from './upstream-signal.js'

interface Flight<T> {
  promise: Promise<T>
  controller: AbortController
  waiting: number
}

/**
 * Upstream work shared by everyone asking for the same key meanwhile (a report read, a token
 * mint): started once, with a signal of its own, and joined by the others. Each waiter may leave
 * (its signal aborts: its client went away, or its deadline passed): it stops waiting at once, but
 * the work goes on for the others, and is aborted only when every waiter has left. A waiter with
 * no signal never leaves.
 */
export function sharedFlights<T>() {
  const flights = new Map<string, Flight<T>>()

  const wait = (flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> => {
    flight.waiting++
    if (!signal) return flight.promise
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(stoppedBy(signal))
        if (--flight.waiting === 0) flight.controller.abort(signal.reason)
      }
      signal.addEventListener('abort', leave, { once: true })
      flight.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave))
    })
  }

  return {
    /** The work under way for `key`, else `start`ed now; `signal` is this waiter's. */
    join(
      key: string,
      start: (signal: AbortSignal) => Promise<T>,
      signal?: AbortSignal,
    ): Promise<T> {
      // Gone already: no work starts, and none under way is joined.
      if (signal?.aborted) return Promise.reject(stoppedBy(signal))
      let flight = flights.get(key)
      if (!flight) {
        const controller = new AbortController()
        const started: Flight<T> = {
          controller,
          waiting: 0,
          promise: Promise.resolve().then(() => start(controller.signal)),
        }
        started.promise = started.promise.finally(() => {
          if (flights.get(key) === started) flights.delete(key)
        })
        flights.set(key, started)
        flight = started
      }
      return wait(flight, signal)
    },
    /** Whether work for `key` is under way (a new waiter would join it). */
    has: (key: string) => flights.has(key),
    /** Later asks start afresh; the work under way still ends for those waiting on it. */
    forget(key: string): void {
      flights.delete(key)
    },
  }
}
