import { IbvError } from '../core/index.js'

/**
 * The signal the calls to the service made for one backend request run under: it aborts when
 * `timeoutMs` have passed since the request came in (every attempt and the waits between retries
 * count), or as soon as the request itself is aborted, which is how a server says the browser went
 * away: `@hono/node-server` (so `toNodeHandler` and the Vite plugin) aborts it when the connection
 * closes before the answer was sent, and so do Next.js route handlers, Deno and Bun.
 */
export function upstreamDeadline(request: Request, timeoutMs: number): AbortSignal {
  return anySignal([request.signal, deadlineSignal(timeoutMs)])
}

/**
 * `AbortSignal.timeout(timeoutMs)` held by its own timer. Node 20's `AbortSignal.timeout` keeps its
 * signal only weakly and `AbortSignal.any` keeps its sources weakly: a garbage collection in
 * between leaves the combined signal with nothing to fire it, and the deadline never passes.
 * The timer is unref'd, as Node's is: it does not keep a process alive.
 */
export function deadlineSignal(timeoutMs: number): AbortSignal {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException('The deadline passed.', 'TimeoutError')),
    timeoutMs,
  )
  // Deno and Workers give a number.
  if (typeof timer === 'object') timer.unref()
  return controller.signal
}

/**
 * `AbortSignal.any(signals)`, also when the signals come from two realms: under Jest's jsdom
 * environment the global `AbortSignal` is jsdom's while Node's `Request` makes Node's signals, and
 * jsdom's `AbortSignal.any` refuses those. Then one controller follows them all by listening.
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  if (signals.every((signal) => signal instanceof AbortSignal)) return AbortSignal.any(signals)
  const controller = new AbortController()
  const gone = signals.find((signal) => signal.aborted)
  if (gone) {
    controller.abort(gone.reason)
    return controller.signal
  }
  const stop = () => {
    for (const signal of signals) signal.removeEventListener('abort', follow)
  }
  function follow(this: AbortSignal) {
    stop()
    controller.abort(this.reason)
  }
  for (const signal of signals) signal.addEventListener('abort', follow)
  return controller.signal
}

/**
 * The error for a call stopped because its signal aborted: a `timeout` when its deadline passed,
 * else a `network` error saying whoever asked went away (an `IbvError` reason is given as it is).
 */
export function stoppedBy(signal: AbortSignal): IbvError {
  const reason: unknown = signal.reason
  if (reason instanceof IbvError) return reason
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new IbvError(
      'timeout',
      'The IBV service did not answer in time: the deadline for this call, retries included, has passed.',
    )
  }
  return new IbvError(
    'network',
    'The call to the IBV service was abandoned: the request it was made for was aborted (its client went away).',
  )
}

/** `promise`, or a rejection with the signal's reason once it aborts, whichever comes first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
