// The example on a Vite dev server: the page, the sandbox under /ibv-sandbox and the backend
// (server/ibv.ts) under /api/ibv. In your app: `import { ibvSandbox } from 'ibv-kit/sandbox'`;
// here `ibv-kit` is not built, so the plugin comes from src/ and `ibv-kit*` imports resolve there.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { createManualClock, ibvSandbox } from '../../src/sandbox/index.ts'
import { packageAliases } from '../../vite.config.ts'
import type * as Backend from './server/ibv.ts'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    ibvSandbox({
      // The end-to-end tests (scripts/example-e2e.mjs) stop sandbox time: reports move only when a
      // test calls advanceSandboxClock. By hand (`npx vite -c examples/lender-app/vite.config.ts`)
      // a report completes about 6 s after the connect.
      sandbox: {
        clock:
          process.env.IBV_SANDBOX_CLOCK === 'manual' ? createManualClock(Date.now()) : undefined,
      },
      // Loaded through Vite, so that it imports `ibv-kit/server` as your server code would.
      backend: async (sandbox, server) => {
        const { createExampleBackend } = (await server.ssrLoadModule(
          '/server/ibv.ts',
        )) as typeof Backend
        return createExampleBackend(sandbox)
      },
    }),
  ],
  resolve: { alias: packageAliases },
  // Its own pre-bundle cache: the repo's demo and tests use node_modules/.vite.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite-lender-app', import.meta.url)),
  // EXAMPLE_PORT is set by scripts/example-e2e.mjs (a free port).
  server: { host: '127.0.0.1', port: Number(process.env.EXAMPLE_PORT ?? 5174), strictPort: true },
})
