// Prints the plain closing line CI reads, `N passed, N failed`, summed over Vitest's JSON reports
// (the main suite's and the three-engine flows'). A report that is missing counts as one failure:
// its tests did not run to the end.
import { readFileSync } from 'node:fs'

const files = process.argv.length > 2 ? process.argv.slice(2) : ['reports/vitest.json']
let passed = 0
let failed = 0
for (const file of files) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
  } catch {
    failed += 1
    console.error(`No Vitest report at ${file}: its tests did not run to the end.`)
  }
}
console.log(`${passed} passed, ${failed} failed`)
