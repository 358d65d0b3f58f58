// Prints the plain closing line CI reads, `N passed, N failed`, summed over Vitest's JSON reports
// (the main suite's and the three-engine flows'), after one line per failed test (its file, its
// name and the first line of why), and of each test that passed only when retried, so a log's
// last lines name what failed. A report that is missing counts as one failure: its tests did not
// run to the end, and so does a file that failed outside its tests (an import, a hook).
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'

/** How many failed tests are named; the rest are counted. */
const NAMED = 20

const files = process.argv.length > 2 ? process.argv.slice(2) : ['reports/vitest.json']
let passed = 0
let failed = 0
/** @type {string[]} */
const failures = []
/** @type {string[]} */
const retried = []
for (const file of files) {
  let report
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    failed += 1
    console.error(`No Vitest report at ${file}: its tests did not run to the end.`)
    continue
  }
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const result of report.testResults ?? []) {
    const where = relative(process.cwd(), result.name)
    const tests = (result.assertionResults ?? []).filter(
      (/** @type {{ status: string }} */ test) => test.status === 'failed',
    )
    // A file that failed outside its tests (an import, a hook) has no failed test to name, and
    // Vitest's count leaves it out: it counts as one failure here.
    if (tests.length === 0 && result.status === 'failed') {
      failed += 1
      failures.push(
        `${where}: ${result.message ? firstLine(result.message) : 'failed outside its tests (an import or a hook): see the output of its step'}`,
      )
    }
    // A test retried and failed each time: the last attempt's error.
    for (const test of tests)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.at(-1))}`)
    // A test that passed when retried (the engine flows retry once) keeps its first attempt's error.
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'passed' && test.failureMessages?.length)
        retried.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`)
    }
  }
}
if (failures.length > 0) {
  console.log(
    `Failed:\n${failures
      .slice(0, NAMED)
      .map((line) => `- ${line}`)
      .join('\n')}`,
  )
  if (failures.length > NAMED) console.log(`- and ${failures.length - NAMED} more`)
}
if (retried.length > 0)
  console.log(`Passed only when retried:\n${retried.map((line) => `- ${line}`).join('\n')}`)
console.log(`${passed} passed, ${failed} failed`)

/** @param {string | undefined} message */
function firstLine(message) {
  const line = (message ?? '').split('\n').find((text) => text.trim() !== '') ?? 'no message'
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}
