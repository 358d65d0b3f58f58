// `npm run test:jest`: the packed package in a lender's Jest suite. Packs the package (after
// `npm run build`), installs the tarball into a fresh CommonJS app as a lender would, links Jest,
// React and Testing Library from this repository's node_modules (no download), copies the test
// files of test/jest/ and runs them with Jest's default configuration (no config file, no
// transform of node_modules), on this Node and on Node 22 (the `node` package of the npm
// registry, through npx). Before Jest, test/package/dual-package.mjs loads both builds in one
// process and checks they share one React context. Prints what ran and how long it took; the temp
// dir is removed however the run ends (kept with JEST_E2E_KEEP=1).
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packTarball } from './pack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** How long `npm install` and `npx node@22` may take, in ms. */
const STEP_TIMEOUT = Number(process.env.JEST_E2E_STEP_TIMEOUT ?? 180_000)
/** How long one Jest run (or the dual-package check) may take, in ms. */
const RUN_TIMEOUT = Number(process.env.JEST_E2E_RUN_TIMEOUT ?? 120_000)
/** The Node major besides this one; its binary comes from the registry's `node` package. */
const OTHER_NODE = 'node@22'
/**
 * Linked from this repository: what a lender's app has beside ibv-kit (its React, TanStack Query,
 * Jest, Testing Library; `redis` for `ibv-kit/server/redis`). One copy of React for everything,
 * as in a real app: ibv-kit, Testing Library and the tests all resolve this one.
 */
const LINKED = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  'jest',
  'jest-environment-jsdom',
  '@testing-library/react',
  '@testing-library/dom',
  'redis',
]

const started = Date.now()
const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`
/** A failure of the run: reported once the temp dir is removed (process.exit would skip that). */
class Failure extends Error {}
/** @type {(message: string) => never} */
const fail = (message) => {
  throw new Failure(message)
}
/**
 * Runs `command` in `cwd`, its output shown, killed after `timeout` ms.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {number} timeout
 */
const run = (command, args, cwd, timeout) => {
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit', timeout, killSignal: 'SIGKILL' })
  } catch (error) {
    const killed = /** @type {{ signal?: string }} */ (error).signal === 'SIGKILL'
    fail(
      `\`${[command, ...args].join(' ')}\` ${killed ? `took more than ${timeout / 1000} s` : 'failed (see above)'}.`,
    )
  }
}

if (!existsSync(join(root, 'dist/cjs/index.js'))) {
  console.error('jest-e2e: FAILED: dist/cjs/ is missing: run `npm run build` first.')
  process.exit(1)
}
const temp = mkdtempSync(join(tmpdir(), 'ibv-kit-jest-'))
const app = join(temp, 'app')
try {
  let step = Date.now()
  const tarball = packTarball(temp)
  mkdirSync(join(app, 'test/jest'), { recursive: true })
  // A CommonJS app (no "type"), and no "jest" key: Jest's defaults.
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'lender-jest-app', private: true }, null, 2)}\n`,
  )
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '--legacy-peer-deps',
      tarball.path,
    ],
    {
      cwd: app,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: STEP_TIMEOUT,
      killSignal: 'SIGKILL',
    },
  )
  for (const name of LINKED) {
    const source = join(root, 'node_modules', name)
    if (!existsSync(source))
      fail(`${name} is not in this repository's node_modules (run npm install).`)
    mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true })
    symlinkSync(source, join(app, 'node_modules', name), 'dir')
  }
  const tests = readdirSync(join(root, 'test/jest')).filter((file) => file.endsWith('.cjs'))
  for (const file of tests)
    copyFileSync(join(root, 'test/jest', file), join(app, 'test/jest', file))
  copyFileSync(join(root, 'test/package/dual-package.mjs'), join(app, 'dual-package.mjs'))
  console.log(
    `jest-e2e: ${tarball.filename} installed in a fresh CommonJS app, ${LINKED.join(', ')} linked from this repository, test/jest/ copied (${tests.join(', ')}) (${seconds(step)}).`,
  )

  /** @type {[string, string][]} Node binaries: this one, and the other major's from the registry */
  const nodes = [[process.execPath, process.version]]
  step = Date.now()
  try {
    const other = execFileSync(
      'npx',
      ['--yes', OTHER_NODE, '-p', 'process.execPath + " " + process.version'],
      { cwd: temp, encoding: 'utf8', timeout: STEP_TIMEOUT, killSignal: 'SIGKILL' },
    )
    const [path = '', version = ''] = other.trim().split(' ')
    nodes.push([path, version])
    console.log(`jest-e2e: ${OTHER_NODE} from the npm registry: ${version} (${seconds(step)}).`)
  } catch (error) {
    fail(`\`npx --yes ${OTHER_NODE}\` gave no Node binary: ${/** @type {Error} */ (error).message}`)
  }

  const results = []
  for (const [node, version] of nodes) {
    step = Date.now()
    run(node, ['dual-package.mjs'], app, RUN_TIMEOUT)
    const report = join(temp, `jest-${version}.json`)
    // In band: the suite is small, and one process is one PID to stop on a timeout.
    run(
      node,
      [
        join('node_modules/jest/bin/jest.js'),
        '--ci',
        '--runInBand',
        '--watchman=false',
        `--cacheDirectory=${join(temp, 'jest-cache')}`,
        '--json',
        `--outputFile=${report}`,
      ],
      app,
      RUN_TIMEOUT,
    )
    /** @type {{ numPassedTests: number, numFailedTests: number, numTotalTestSuites: number }} */
    const counts = JSON.parse(readFileSync(report, 'utf8'))
    if (
      counts.numPassedTests === 0 ||
      counts.numFailedTests > 0 ||
      counts.numTotalTestSuites !== tests.filter((file) => file.endsWith('.test.cjs')).length
    ) {
      fail(
        `Node ${version}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed, in ${counts.numTotalTestSuites} test files.`,
      )
    }
    results.push(
      `Node ${version}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed in ${counts.numTotalTestSuites} files (${seconds(step)})`,
    )
  }
  console.log(
    `jest-e2e: the dual-package check and Jest on the packed package: ${results.join('; ')}. Total ${seconds()}.`,
  )
} catch (error) {
  console.error(
    `jest-e2e: FAILED: ${error instanceof Failure ? error.message : String(/** @type {Error} */ (error).stack ?? error)}`,
  )
  process.exitCode = 1
} finally {
  if (process.env.JEST_E2E_KEEP === '1') console.log(`jest-e2e: the app is kept in ${app}`)
  else rmSync(temp, { recursive: true, force: true })
}
