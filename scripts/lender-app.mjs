// A lender's app for the scripts that test ibv-kit as it ships (bundlers-e2e.mjs, csp-e2e.mjs): a
// temp dir with the app's files and ibv-kit installed from the packed tarball (`npm pack` after
// `npm run build`), its peers and the app's tools linked from this repository's node_modules.
// `runLenderCheck` runs one such script: its steps printed with their times, and however it ends,
// Chromium closed, every child stopped by PID and the app removed (kept when the check failed).
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.mjs'
import { write } from './docs-examples/paste-blocks.mjs'
import { baseEnv, stopAll } from './docs-examples/processes.mjs'
import { installPackage } from './docs-examples/vite-app.mjs'
import { packTarball } from './pack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const execute = promisify(execFile)
/** How long one build or other program run may take, in ms. */
const RUN_TIMEOUT = 240_000

/** @type {(since: number) => string} */
export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/**
 * @typedef {object} LenderCheck
 * @property {<T>(label: string, action: () => Promise<T> | T) => Promise<T>} step runs `action`, printing the label, what it returned (a string) and its time
 * @property {(prefix: string, files: Record<string, string>, packages: string[]) => Promise<string>} createApp writes `files` (path → text) into a new temp dir named `prefix…`, installs the packed ibv-kit there with `packages` linked beside its peers and Vite; returns the dir
 * @property {(cwd: string, args: string[]) => Promise<string>} node runs Node with `args` in `cwd` to its end; resolves to what it printed, fails with it
 * @property {() => Promise<import('playwright-core').Browser>} launchChromium
 */

/**
 * Runs one check of ibv-kit as it ships, then exits: 0 when `body` resolves true, 1 when it resolves
 * false (it printed why) or throws (printed here).
 * @param {string} name prefixes every line
 * @param {(check: LenderCheck) => Promise<boolean>} body
 */
export async function runLenderCheck(name, body) {
  const began = Date.now()
  /** @type {string | undefined} */
  let app
  /** @type {import('playwright-core').Browser | undefined} */
  let browser
  let passed = false
  /** @type {LenderCheck} */
  const check = {
    async step(label, action) {
      const since = Date.now()
      const result = await action()
      console.log(
        `${name}: ${label}${typeof result === 'string' && result ? `: ${result}` : ''} (${seconds(since)})`,
      )
      return result
    },
    async createApp(prefix, files, packages) {
      if (!existsSync(join(root, 'dist', 'index.js')))
        throw new Error('dist/ is missing: run `npm run build` first.')
      const dir = mkdtempSync(join(tmpdir(), prefix))
      app = dir
      const tarball = await check.step('npm pack', () => packTarball(dir).path)
      await check.step(`the app in ${dir}`, () =>
        Object.entries(files).forEach(([path, text]) => write(join(dir, path), text)),
      )
      await check.step('npm install ibv-kit (the packed tarball)', () =>
        installPackage(dir, tarball, root, packages),
      )
      return dir
    },
    async node(cwd, args) {
      const { stdout } = await execute(process.execPath, args, {
        cwd,
        env: baseEnv({ NEXT_TELEMETRY_DISABLED: '1' }),
        timeout: RUN_TIMEOUT,
        killSignal: 'SIGKILL',
      }).catch((error) => {
        throw new Error(
          `${args.join(' ')} failed${error.killed ? ` (killed after ${RUN_TIMEOUT / 1000} s)` : ''}:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
        )
      })
      return stdout
    },
    async launchChromium() {
      browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
      return browser
    },
  }
  // A failure outside `body` (a route handler's, a signal) stops the children too, not only Node.
  const abort = (/** @type {unknown} */ why) => {
    console.error(`${name}: FAILED: ${why instanceof Error ? why.message : String(why)}`)
    void Promise.resolve(browser?.close())
      .catch(() => undefined)
      .finally(() => stopAll().finally(() => process.exit(1)))
  }
  process
    .once('uncaughtException', abort)
    .once('unhandledRejection', abort)
    .once('SIGINT', abort)
    .once('SIGTERM', abort)
  try {
    passed = await body(check)
    console.log(`${name}: ${passed ? 'passed' : 'FAILED'} (${seconds(began)}).`)
  } catch (error) {
    console.error(`${name}: FAILED: ${error instanceof Error ? error.message : error}`)
  } finally {
    await browser?.close().catch(() => undefined)
    await stopAll()
    if (app && passed) rmSync(app, { recursive: true, force: true })
    else if (app) console.error(`${name}: the app is kept in ${app}`)
  }
  process.exit(passed ? 0 : 1)
}
