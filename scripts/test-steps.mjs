// `npm test`: every check CI runs, as steps. A step runs even when an earlier one failed, unless it
// needs the output of a step that failed (then it is skipped, and says which). Steps that do not
// need each other run at once, two on a machine with 2 cores or more (IBV_TEST_JOBS=n: n; with 1 they
// run one after another, their output as it comes; at once, each step's output is printed whole
// when it ends). The cores are what limits the run (docs/performance.md): two steps beside each
// other use the time one leaves idle (waiting on a browser, a server, a timer).
// At the end, one line per step (name, time, result), also written to reports/steps.json; the
// exit code is 1 when any step failed or was skipped. `--table` prints the last run's table.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatTable } from './step-table.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const reportFile = join(root, 'reports', 'steps.json')

/**
 * @typedef {object} Step
 * @property {string} name what the table calls it: the npm script, or the script file
 * @property {string[]} command what runs, from the repository's root
 * @property {string[]} [needs] the steps it needs to have passed first
 */

/** @param {string} script @param {Partial<Step>} [extra] @returns {Step} */
const npmRun = (script, extra = {}) => ({
  name: script,
  command: ['npm', 'run', '--silent', script],
  ...extra,
})
/** @param {string} file @param {Partial<Step>} [extra] @returns {Step} */
const node = (file, extra = {}) => ({
  name: file.replace(/^scripts\/|\.mjs$/g, ''),
  command: [process.execPath, file],
  ...extra,
})
const setup = ['ensure-chromium', 'ensure-redis', 'ensure-engines', 'ensure-react18']

/** @type {Step[]} In the order they start when nothing holds them back. */
export const STEPS = [
  ...setup.map((name) => node(`scripts/${name}.mjs`)),
  npmRun('test:vitest', { needs: setup }),
  npmRun('typecheck'),
  npmRun('lint'),
  npmRun('test:example-e2e', { needs: ['ensure-chromium'] }),
  // `npm run build-storybook`'s output from a plain static server, in Chromium: its own build.
  node('scripts/storybook-static-e2e.mjs', { needs: ['ensure-chromium'] }),
  npmRun('build'),
  npmRun('test:bundlers', { needs: ['build', 'ensure-chromium'] }),
  npmRun('test:csp', { needs: ['build', 'ensure-chromium'] }),
  npmRun('test:engines', { needs: ['build', 'ensure-engines'] }),
  npmRun('test:next-e2e', { needs: ['build', 'ensure-chromium'] }),
  npmRun('check:docs', { needs: ['build'] }),
  npmRun('test:docs-examples', { needs: ['build', 'ensure-chromium'] }),
  npmRun('api:check', { needs: ['build'] }),
  // After the two that read docs/: it writes docs/reference/<entry>/ and docs/.vitepress/dist/.
  npmRun('docs:build', { needs: ['check:docs', 'test:docs-examples'] }),
  npmRun('check:package', { needs: ['build'] }),
  npmRun('test:jest', { needs: ['build'] }),
  npmRun('size', { needs: ['build'] }),
]

/** How long one step may run before it is stopped and counted as failed, in ms. */
const STEP_TIMEOUT = 30 * 60_000

/**
 * Runs `step` in its own process group, its output kept to be printed whole at its end.
 * @param {Step} step
 * @param {boolean} live its output printed as it comes, not kept
 * @returns {Promise<{ passed: boolean, seconds: number, output: string }>}
 */
function runStep(step, live) {
  const started = performance.now()
  return new Promise((done) => {
    const [file = '', ...args] = step.command
    const child = spawn(file, args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    })
    /** @type {Buffer[]} */
    const chunks = []
    const keep = live
      ? (/** @type {Buffer} */ chunk) => process.stdout.write(chunk)
      : (/** @type {Buffer} */ chunk) => chunks.push(chunk)
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stopGroup(child.pid)
    }, STEP_TIMEOUT)
    const finish = (/** @type {boolean} */ passed, /** @type {string} */ note = '') => {
      clearTimeout(timer)
      // Whatever the step left running (a server it started) goes with it.
      stopGroup(child.pid)
      done({
        passed,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString('utf8') + note,
      })
    }
    child.on('error', (error) =>
      finish(false, `\n${step.name}: could not start: ${error.message}\n`),
    )
    child.on('close', (code, signal) => {
      if (timedOut)
        finish(false, `\n${step.name}: stopped after ${STEP_TIMEOUT / 60_000} minutes.\n`)
      else finish(code === 0, code === 0 ? '' : `\n${step.name}: exit ${code ?? signal}.\n`)
    })
  })
}

/** @param {number | undefined} pid */
function stopGroup(pid) {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

/**
 * How many steps run at once: IBV_TEST_JOBS, or the machine's cores up to 2. Most steps use
 * several cores when they have them (Vitest's workers, next build, webpack), and the steps'
 * time limits were measured two at once on 2 cores, not a dozen at once.
 * @param {string | undefined} value
 */
export function jobsFrom(value) {
  if (value === undefined || value === '') return Math.min(availableParallelism(), 2)
  const jobs = Number(value)
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new RangeError(
      `IBV_TEST_JOBS must be a whole number of steps at once, 1 or more, not ${JSON.stringify(value)}.`,
    )
  return jobs
}

/**
 * Runs `steps`, at most `jobs` at once, each as soon as what it needs passed, in their order.
 * @param {Step[]} steps
 * @param {number} jobs
 */
export async function runAll(steps, jobs) {
  /** @type {Map<string, { result: 'passed' | 'failed' | 'skipped', seconds: number, note?: string }>} */
  const results = new Map()
  /** @type {Map<string, Promise<void>>} */
  const running = new Map()
  const pending = [...steps]
  while (pending.length > 0 || running.size > 0) {
    for (const step of [...pending]) {
      const unmet = (step.needs ?? []).filter((name) => results.get(name)?.result !== 'passed')
      const blocked = unmet.filter((name) => results.has(name))
      if (blocked.length > 0) {
        results.set(step.name, {
          result: 'skipped',
          seconds: 0,
          note: `needs ${blocked.join(', ')}`,
        })
        pending.splice(pending.indexOf(step), 1)
        console.log(`\n── ${step.name}: skipped, as ${blocked.join(', ')} did not pass`)
        continue
      }
      if (unmet.length > 0) continue
      if (running.size >= jobs) break
      pending.splice(pending.indexOf(step), 1)
      console.log(
        `\n── ${step.name}: started (${[...running.keys(), step.name].join(', ')} running)`,
      )
      const run = runStep(step, jobs === 1).then(({ passed, seconds, output }) => {
        running.delete(step.name)
        results.set(step.name, { result: passed ? 'passed' : 'failed', seconds })
        console.log(
          `\n── ${step.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ──\n${output.trimEnd()}\n── end of ${step.name} ──`,
        )
      })
      running.set(step.name, run)
    }
    if (running.size > 0) await Promise.race(running.values())
  }
  return steps.map((step) => ({ name: step.name, ...results.get(step.name) }))
}

if (process.argv[1] !== fileURLToPath(import.meta.url)) {
  // Imported (by its test): nothing runs.
} else if (process.argv.includes('--table')) {
  if (!existsSync(reportFile))
    console.log(`No table of steps: ${reportFile} is missing, so npm test did not run to its end.`)
  else {
    const { steps, seconds } = JSON.parse(readFileSync(reportFile, 'utf8'))
    console.log(formatTable(steps, seconds))
  }
} else {
  /** @type {number} */
  let jobs
  try {
    jobs = jobsFrom(process.env.IBV_TEST_JOBS)
  } catch (error) {
    console.error(/** @type {Error} */ (error).message)
    process.exit(2)
  }
  const started = performance.now()
  const steps = await runAll(STEPS, jobs)
  const seconds = (performance.now() - started) / 1000
  mkdirSync(dirname(reportFile), { recursive: true })
  writeFileSync(reportFile, `${JSON.stringify({ jobs, seconds, steps }, null, 2)}\n`)
  console.log(`\n${formatTable(steps, seconds)}`)
  process.exitCode = steps.every((step) => step.result === 'passed') ? 0 : 1
}
