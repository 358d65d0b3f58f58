// Letting a test's React updates and in-process requests run: React's `act()` where the test
// runs in an act environment, and waits on the timers as they were before any test faked them.
import * as React from 'react'

const reactActEnvironment = () =>
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT === true
// `act` from 'react' itself since React 18.3; read from the namespace, so 18.0–18.2 still load this.
const act = (React as { act?: (callback: () => Promise<void>) => Promise<void> }).act

/** Inside React's `act()` when the test runs in an act environment (Testing Library sets one up). */
export const inAct = async (work: () => Promise<unknown> | unknown) => {
  if (act && reactActEnvironment()) await act(async () => void (await work()))
  else await work()
}

// The timers as they were when this module loaded, before a test installs fake ones: `settle`
// waits on them, so `vi.useFakeTimers()` (which fakes setImmediate too) cannot stall it.
const realSetTimeout = globalThis.setTimeout
const realSetImmediate = typeof setImmediate === 'function' ? setImmediate : undefined

/** The next real macrotask. */
export const nextMacrotask = () => new Promise((resolve) => realSetTimeout(resolve, 0))
// Not queueMicrotask where there is no setImmediate (Jest's jsdom): Jest's fake timers fake it too.
/** The next real `setImmediate`, else the next real macrotask. */
export const nextImmediate = () =>
  realSetImmediate ? new Promise((resolve) => realSetImmediate(resolve)) : nextMacrotask()
