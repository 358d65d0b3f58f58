// `npm run test:next-e2e`: the Next.js example (examples/next-app) built with `next build` (which
// also type-checks the app, against dist/: `npm run typecheck` runs before the build), then
// its Playwright tests against `next start` and (one test) `next dev`. Needs dist/ (`npm run
// build`): the example imports `ibv-kit` as a lender's app does. Picks two free ports on
// 127.0.0.1 and passes them in NEXT_E2E_PORT and NEXT_E2E_DEV_PORT; the exit code is
// Playwright's (or next build's when that fails).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePorts } from './free-port.mjs'

const app = fileURLToPath(new URL('../examples/next-app/', import.meta.url))
if (!existsSync(new URL('../dist/index.js', import.meta.url))) {
  console.error('next-e2e: dist/ is missing: run `npm run build` first.')
  process.exit(1)
}

/**
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @returns {Promise<number>} the exit code
 */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: 'inherit',
      cwd: app,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    })
    child.on('exit', (code, signal) => {
      if (signal) console.error(`next-e2e: ${args[0]} ended by ${signal}`)
      resolve(code ?? 1)
    })
  })
}

const require = createRequire(app)
const next = join(dirname(require.resolve('next/package.json')), 'dist', 'bin', 'next')
const started = Date.now()
const built = await run([next, 'build'], {})
if (built !== 0) process.exit(built)
console.log(`next-e2e: next build took ${((Date.now() - started) / 1000).toFixed(1)} s`)

const [port, devPort] = await freePorts(2)
const cli = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js')
const code = await run([cli, 'test', '-c', 'playwright.config.ts', ...process.argv.slice(2)], {
  NEXT_E2E_PORT: String(port),
  NEXT_E2E_DEV_PORT: String(devPort),
})
process.exit(code)
