// Prints the plain closing line CI reads, `N passed, N failed`, from Vitest's JSON report.
import { readFileSync } from 'node:fs'

const file = process.argv[2] ?? 'reports/vitest.json'
try {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed`)
} catch {
  console.log(`0 passed, 1 failed`)
  console.error(`No Vitest report at ${file}: the tests did not run to the end.`)
}
