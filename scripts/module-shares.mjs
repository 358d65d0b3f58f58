// What each module costs one size line, after `npm run build`:
// `node scripts/module-shares.mjs EmbeddedReport` (any part of a line's name).
import { CASES, measure, measureModules } from './bundle-size.mjs'

const wanted = process.argv[2] ?? 'EmbeddedReport'
const line = CASES.find((entry) => entry.name.includes(wanted))
if (!line) throw new Error(`No size line named like ${wanted}.`)
const { gzipped, minified } = await measure(line.code)
console.log(`${line.name}: ${gzipped} B gzipped (${minified} B minified)`)
for (const row of await measureModules(line.code)) {
  console.log(
    `  ${row.module.padEnd(34)} ${String(row.minified).padStart(6)} B  ~${row.gzipShare} B gz`,
  )
}
