// `npm run test:example-e2e`: the example app's Playwright tests (examples/lender-app). Playwright's
// webServer needs a known port, so this picks a free one on 127.0.0.1 and passes it in
// EXAMPLE_PORT; the exit code is Playwright's.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort } from './free-port.mjs'

const port = await freePort()
// The test runner's own CLI (@playwright/test), not whichever `playwright` bin npm linked.
const cli = join(
  dirname(
    createRequire(new URL('../examples/lender-app/', import.meta.url)).resolve(
      '@playwright/test/package.json',
    ),
  ),
  'cli.js',
)
const child = spawn(
  process.execPath,
  [cli, 'test', '-c', 'examples/lender-app/playwright.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, EXAMPLE_PORT: String(port) },
  },
)
child.on('exit', (code, signal) => {
  if (signal) console.error(`example-e2e: playwright ended by ${signal}`)
  process.exit(code ?? 1)
})
