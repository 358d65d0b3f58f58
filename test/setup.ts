import { afterEach } from 'vitest'

// Vitest globals are off, so Testing Library cannot register its own cleanup (CONTRIBUTING.md,
// "Toolchain pitfalls"). Loaded only where there is a DOM: a Node-only test file does not pay for
// Testing Library and React DOM at its start.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(cleanup)
}
