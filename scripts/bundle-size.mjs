// Bundle sizes of ibv-kit as a lender's bundler sees them: the built package (dist/), bundled
// with rolldown from one import line, react / react-dom / @tanstack/react-query external,
// minified, then gzipped. Deterministic, so `npm test` enforces budgets on them.
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const EXTERNAL = /^(react|react-dom|@tanstack\/react-query)(\/|$)/

/**
 * What each line measures. `budget` is the goal (gzipped bytes); where it is not met yet,
 * `ceiling` is what `npm test` enforces meanwhile so the size can only go down (README,
 * "Performance", says what costs the bytes).
 */
export const CASES = [
  { name: 'ibv-kit (whole browser entry)', code: "export * from 'ibv-kit'", budget: 8000, ceiling: 10_200 },
  { name: 'IbvProvider + EmbeddedReport', code: "export { IbvProvider, EmbeddedReport } from 'ibv-kit'", budget: 3000, ceiling: 3550 },
  { name: 'ReportStatusBadge alone', code: "export { ReportStatusBadge } from 'ibv-kit'", budget: 1200, ceiling: undefined },
  { name: 'ibv-kit/core', code: "export * from 'ibv-kit/core'", budget: undefined, ceiling: undefined },
]

/**
 * Gzipped and minified bytes of a bundle made from `code`.
 * @param {string} code
 */
export async function measure(code) {
  const bundle = await rolldown({
    input: 'entry',
    external: (id) => EXTERNAL.test(id),
    // 'use client' is kept in dist/ for React Server Components; bundling it away is expected.
    onLog: (level, log, handler) => {
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
    },
    plugins: [
      {
        name: 'entry-and-package',
        resolveId(id) {
          if (id === 'entry') return id
          if (id === 'ibv-kit') return `${dist}index.js`
          if (id === 'ibv-kit/core') return `${dist}core/index.js`
          return null
        },
        load(id) {
          return id === 'entry' ? code : null
        },
      },
    ],
  })
  // Minified and without comments, as Vite 8 emits a production app build (its default for an app
  // drops annotation, JSDoc and legal comments once minifying).
  const { output } = await bundle.generate({ format: 'es', minify: true, comments: false })
  await bundle.close()
  const text = output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('')
  return { minified: Buffer.byteLength(text), gzipped: gzipSync(text, { level: 9 }).length }
}

export async function measureAll() {
  const rows = []
  for (const entry of CASES) rows.push({ ...entry, ...(await measure(entry.code)) })
  return rows
}

// Run directly (`node scripts/bundle-size.mjs`): print, and fail when a budget is exceeded.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measureAll()
  let failed = false
  for (const row of rows) {
    const limit = row.ceiling ?? row.budget
    const over = limit !== undefined && row.gzipped > limit
    failed ||= over
    const verdict =
      row.budget === undefined
        ? ''
        : row.gzipped <= row.budget
          ? `, within the ${row.budget} B budget`
          : `, budget ${row.budget} B NOT met yet; ceiling ${row.ceiling} B ${over ? 'EXCEEDED' : 'holds'}`
    console.log(`size: ${row.name}: ${row.gzipped} B gzipped (${row.minified} B minified)${verdict}`)
  }
  if (failed) process.exit(1)
}
