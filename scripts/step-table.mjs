// The table `npm test` ends with (scripts/test-steps.mjs) and `.ci/run` prints again: one line per
// step, its time and its result, then the whole run's time.

/** @param {number} seconds */
const clock = (seconds) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`

/**
 * @param {{ name: string, result?: string, seconds?: number, note?: string }[]} steps
 * @param {number} seconds the whole run, from its start to its end
 */
export function formatTable(steps, seconds) {
  const width = Math.max(...steps.map((step) => step.name.length), 'step'.length)
  const lines = steps.map((step) => {
    const result =
      step.result === 'passed'
        ? 'passed'
        : `${(step.result ?? 'not run').toUpperCase()}${step.note ? ` (${step.note})` : ''}`
    return `${step.name.padEnd(width)}  ${`${(step.seconds ?? 0).toFixed(1)} s`.padStart(8)}  ${result}`
  })
  const failed = steps.filter((step) => step.result !== 'passed').length
  return [
    `${'step'.padEnd(width)}  ${'time'.padStart(8)}  result`,
    ...lines,
    `${'npm test'.padEnd(width)}  ${clock(seconds).padStart(8)}  ${failed === 0 ? `all ${steps.length} steps passed` : `${failed} of ${steps.length} steps did not pass`}`,
  ].join('\n')
}
