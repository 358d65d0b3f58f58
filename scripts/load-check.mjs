// `npm run test:load`: is `npm test` steady on a busy machine? Keeps one core busy with another
// process (a loop, as a second job on a shared CI machine would), runs `npm test` three times in a
// row (`--runs n` for another count) and prints each run's result and time, then its table of
// steps. Fails unless every run passed. Takes three full runs: start it and come back.
import { spawn, spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const at = process.argv.indexOf('--runs')
const runs = at > 0 ? Number(process.argv[at + 1]) : 3
if (!(Number.isInteger(runs) && runs > 0)) {
  console.error('load-check: --runs takes a whole number of runs, 1 or more.')
  process.exit(2)
}

// The other process: one core at 100 % for as long as the runs take.
const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
const stopBusy = () => busy.kill('SIGKILL')
process.on('exit', stopBusy)

/** @type {{ run: number, passed: boolean, seconds: number }[]} */
const results = []
for (let run = 1; run <= runs; run++) {
  console.log(`\nload-check: run ${run} of ${runs}, one core kept busy by process ${busy.pid}`)
  const started = performance.now()
  const { status } = spawnSync('npm', ['test'], { cwd: root, stdio: 'inherit' })
  results.push({ run, passed: status === 0, seconds: (performance.now() - started) / 1000 })
  spawnSync(process.execPath, ['scripts/test-steps.mjs', '--table'], {
    cwd: root,
    stdio: 'inherit',
  })
}
stopBusy()

console.log('\nload-check: npm test with one core busy')
for (const { run, passed, seconds } of results)
  console.log(`run ${run}: ${passed ? 'passed' : 'FAILED'} in ${(seconds / 60).toFixed(1)} min`)
const failed = results.filter((result) => !result.passed).length
console.log(
  failed === 0
    ? `load-check: ${runs} of ${runs} runs passed.`
    : `load-check: ${failed} of ${runs} runs failed.`,
)
process.exitCode = failed === 0 ? 0 : 1
