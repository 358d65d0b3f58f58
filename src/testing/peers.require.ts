// The CommonJS build's ./peers.js (vite.config.ts swaps it in): the same optional peers, required
// at once, because CommonJS has no top-level await. A `require`, not an `import()`, so that Jest
// (whose module registry the test files and this build share) hands over the very copy of Testing
// Library the lender's test cleans up with, without its ES module mode.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS code, by design (see above) */
import type * as TestingLibrary from '@testing-library/react'
import type * as Msw from 'msw'
import { requireOptionalPeer } from './optional-peer.js'

/** Testing Library, for `renderWithIbv`. */
export const testingLibrary = requireOptionalPeer(
  () => require('@testing-library/react') as typeof TestingLibrary,
)
/** MSW, for `ibvHandlers`. */
export const msw = requireOptionalPeer(() => require('msw') as typeof Msw)
