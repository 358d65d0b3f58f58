import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup)

// MSW 3 calls Promise.withResolvers, which Node 20 lacks (Node 22 has it): without this, every
// intercepted fetch fails with "fetch failed".
const promises = Promise as unknown as { withResolvers?: () => unknown }
promises.withResolvers ??= () => {
  let resolve: unknown
  let reject: unknown
  const promise = new Promise((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}
