import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

// Vitest globals are off, so Testing Library cannot register its own cleanup (CONTRIBUTING.md,
// "Toolchain pitfalls").
afterEach(cleanup)
