// The Next.js example's end-to-end tests in Chromium, started by `npm run test:next-e2e`
// (scripts/next-e2e.mjs), which runs `next build` first and passes two free ports:
// NEXT_E2E_PORT for `next start` (the production server: the tests that matter) and
// NEXT_E2E_DEV_PORT for `next dev` (one test, for React's development-only hydration warnings).
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

const port = Number(process.env.NEXT_E2E_PORT)
const devPort = Number(process.env.NEXT_E2E_DEV_PORT)
if (!port || !devPort)
  throw new Error('NEXT_E2E_PORT and NEXT_E2E_DEV_PORT are not set: run `npm run test:next-e2e`.')
const cwd = fileURLToPath(new URL('.', import.meta.url))
const next = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url))
// Sandbox time stands still, so a new report stays `initiated` (badge "Started") during a test.
const env = { IBV_SANDBOX_CLOCK: 'manual', NEXT_TELEMETRY_DISABLED: '1' }

export default defineConfig({
  testDir: './e2e',
  outputDir: fileURLToPath(new URL('../../reports/next-e2e', import.meta.url)),
  workers: 1,
  timeout: 30_000,
  reporter: 'list',
  forbidOnly: true,
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'next start',
      testMatch: 'report.spec.ts',
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    {
      name: 'next dev',
      testMatch: 'dev.spec.ts',
      use: { baseURL: `http://127.0.0.1:${devPort}` },
      // `next dev` compiles each page on its first request: on a clean run with both cores
      // shared by other steps, the report page took over 90 s. A bound, not a timing check.
      timeout: 180_000,
    },
  ],
  webServer: [
    {
      command: `"${process.execPath}" "${next}" start -H 127.0.0.1 -p ${port}`,
      cwd,
      url: `http://127.0.0.1:${port}/`,
      env,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `"${process.execPath}" "${next}" dev -H 127.0.0.1 -p ${devPort}`,
      cwd,
      url: `http://127.0.0.1:${devPort}/`,
      env,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
})
