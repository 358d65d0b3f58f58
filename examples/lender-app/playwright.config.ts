// The example's end-to-end tests: Chromium drives the app on its Vite dev server, where the
// sandbox (stopped clock) and the backend run. Started by `npm run test:example-e2e`
// (scripts/example-e2e.mjs), which picks a free port and passes it in EXAMPLE_PORT.
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

const port = Number(process.env.EXAMPLE_PORT)
if (!port) throw new Error('EXAMPLE_PORT is not set: run `npm run test:example-e2e`.')
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './e2e',
  outputDir: fileURLToPath(new URL('../../reports/example-e2e', import.meta.url)),
  // One sandbox for all tests, and each moves its clock: one at a time.
  workers: 1,
  // Generous, for shared CI machines under load: a limit is for a test that hangs, not a slow one.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  forbidOnly: true,
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx vite --config vite.config.ts',
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    url: baseURL,
    env: { EXAMPLE_PORT: String(port), IBV_SANDBOX_CLOCK: 'manual' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
