// The test libraries that are optional peers, each loaded once when `ibv-kit/testing` is imported,
// so the entry works without them and a helper says what to install. This is the ES module build;
// the CommonJS build (dist/cjs/) swaps in ./peers.require.ts, as CommonJS has no top-level await.
import { loadOptionalPeer } from './optional-peer.js'

/** Testing Library, for `renderWithIbv`. */
export const testingLibrary = await loadOptionalPeer(() => import('@testing-library/react'))
/** MSW, for `ibvHandlers`. */
export const msw = await loadOptionalPeer(() => import('msw'))
