// Bundle sizes of ibv-kit as a lender's bundler sees them: the built package (dist/), bundled
// with rolldown from one import line, react / react-dom / @tanstack/react-query external,
// minified, then gzipped. Deterministic, so `npm test` enforces budgets on them.
// `node scripts/bundle-size.mjs --modules` also shows what each module of the whole entry costs.
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const EXTERNAL = /^(react|react-dom|@tanstack\/react-query)(\/|$)/

/**
 * What each line measures. `budget` is the goal (gzipped bytes); where it is not met, `ceiling`
 * is what `npm test` enforces instead, so the size can only go down (docs/performance.md says
 * what costs the bytes). A line without a budget is there for comparison.
 */
const WHOLE_ENTRY = { name: 'ibv-kit (whole browser entry)', code: "export * from 'ibv-kit'" }

// The whole entry has no budget (it was retired): a lender's bundler keeps only what is
// imported, so the budgets are on what an app imports for one job.
export const CASES = [
  // Issue 40 made the engine plain (a token store in core, live options, one contract for both
  // sessions, the route table, plain error forms); the ceilings below moved by what it cost each
  // line (docs/performance.md, "The engine made plain").
  { ...WHOLE_ENTRY, budget: undefined, ceiling: undefined },
  // Its budget is the peer line (react-plaid-link's 3,181 B and Stripe's 3,162 B do the same job).
  // Not met: the embed's engine moved to core (a session the React component and the custom
  // elements share) and costs this line 535 B over the React-only component, and refusing a service
  // URL that is not http(s) (a javascript: URL in the frame) 141 B; docs/performance.md says what
  // the bytes buy. The ceiling is today's size, to be brought down, not a ratchet. Every React line
  // carries 43 to 55 B for one context shared by the ES module and CommonJS builds when an app
  // loads both (docs/performance.md, "One provider for both builds"). Allowed service origins
  // (a service URL elsewhere gets no token) cost it 365 B (docs/performance.md). The tooltip of the
  // "Report of …" label, which says what "verification service time" is: 10 B. Errors that say
  // which side failed (`IbvError.source`): 45 B.
  {
    name: 'IbvProvider + EmbeddedReport',
    code: "export { IbvProvider, EmbeddedReport } from 'ibv-kit'",
    budget: 3150,
    ceiling: 5616,
  },
  // Within its budget until the shared context (55 B); held at a ceiling since.
  {
    name: 'ReportStatusBadge alone',
    code: "export { ReportStatusBadge } from 'ibv-kit'",
    budget: 1200,
    ceiling: 1266,
  },
  // Held at a ceiling since the ready timeout (a widget that never speaks is an error the dialog
  // shows), since the widget's lifecycle is a session in core that the custom elements share, and
  // since a widget URL must be http(s) (101 B), and since the redirect path of banks that sign in
  // with OAuth (323 B), and since allowed service origins and OAuth returns only in the tab that
  // left for the bank (467 B together), and since `onError` with errors that say which side
  // failed and a frame hidden until the widget speaks (203 B): docs/performance.md says what the
  // bytes buy.
  {
    name: 'IbvProvider + ConnectButton',
    code: "export { IbvProvider, ConnectButton } from 'ibv-kit'",
    budget: 3100,
    ceiling: 5771,
  },
  // What the view does (CSV copy and download, the print expansion, aligned decimals, formats by
  // kind) costs this line more than its budget leaves; docs/performance.md measures each part.
  // The badge's label, shared with the custom elements (core/badge.ts), costs it 6 B; the
  // provider's allowedServiceOrigins 60 B (the check itself is only where a service URL is used).
  // The "Report of …" label's tooltip (what "verification service time" is) 12 B, and an item's
  // table caption as one text with its punctuation, so French writes "Indicateurs : …", 5 B.
  {
    name: 'IbvProvider + ReportView',
    code: "export { IbvProvider, ReportView } from 'ibv-kit'",
    budget: 4000,
    ceiling: 4979,
  },
  {
    name: 'ibv-kit/core',
    code: "export * from 'ibv-kit/core'",
    budget: undefined,
    ceiling: undefined,
  },
  // The custom elements, for pages with no React (nothing external is on such a page). Not met
  // since <ibv-embedded-report>: the embed engine (core's session, frames, page events and token
  // model) and the element cost this line 2,481 B, and the connect button's redirect path for
  // banks that sign in with OAuth 425 B, allowed service origins and OAuth returns only in the
  // tab that left 412 B; errors that say which side failed, the connect button's `ibv-error` from
  // its session and a frame hidden until the widget speaks, with the invites' fetcher, 288 B;
  // docs/performance.md says what the bytes buy.
  {
    name: 'ibv-kit/elements (whole entry)',
    code: "export * from 'ibv-kit/elements'",
    budget: 8000,
    ceiling: 12572,
  },
  // What a plain HTML page showing a report pays: <ibv-embedded-report> and
  // <ibv-report-status-badge> and nothing else, registered with their own define functions.
  // Not met: core's embed session (~980 B), the element (~1,180 B), the backend token fetcher and
  // IbvError (~880 B), the badge's status table (~470 B), allowed service origins (316 B) and
  // errors that say which side failed (114 B); docs/performance.md measures each.
  {
    name: 'ibv-kit/elements: embed + badge',
    code: "export { configureIbv, defineEmbeddedReport, defineReportStatusBadge } from 'ibv-kit/elements'",
    budget: 5000,
    ceiling: 7422,
  },
  // What a language costs where it is imported, and only there: its texts and formats (a pack is
  // data). No budget: a lender who serves the language needs every text of it.
  {
    name: 'locale pack: es',
    code: "export { es } from 'ibv-kit/locales/es'",
    budget: undefined,
    ceiling: undefined,
  },
  {
    name: 'locale pack: fr-CA',
    code: "export { frCA } from 'ibv-kit/locales/fr-CA'",
    budget: undefined,
    ceiling: undefined,
  },
]

/**
 * The minified chunks of a bundle made from `code`: one chunk, or one per module.
 * @param {string} code
 * @param {boolean} perModule
 */
async function bundle(code, perModule) {
  const build = await rolldown({
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
          if (id === 'ibv-kit/elements') return `${dist}elements/index.js`
          const locale = /^ibv-kit\/locales\/([\w-]+)$/.exec(id)
          if (locale) return `${dist}locales/${locale[1]}.js`
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
  const { output } = await build.generate({
    format: 'es',
    minify: true,
    comments: false,
    preserveModules: perModule,
  })
  await build.close()
  return output.flatMap((chunk) =>
    'code' in chunk ? [{ name: chunk.fileName, code: chunk.code }] : [],
  )
}

/**
 * Gzipped and minified bytes of a bundle made from `code`.
 * @param {string} code
 */
export async function measure(code) {
  const text = (await bundle(code, false)).map((chunk) => chunk.code).join('')
  return { minified: Buffer.byteLength(text), gzipped: gzipSync(text, { level: 9 }).length }
}

export async function measureAll() {
  const rows = []
  for (const entry of CASES) rows.push({ ...entry, ...(await measure(entry.code)) })
  return rows
}

/**
 * What each module costs in the bundle of `code`: its minified bytes, and its share of the
 * gzipped whole in proportion (gzip works across modules, so a module has no gzipped size of
 * its own).
 * @param {string} code
 */
export async function measureModules(code) {
  const { gzipped } = await measure(code)
  const chunks = (await bundle(code, true)).filter((chunk) => !chunk.name.startsWith('_virtual/'))
  const total = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0)
  return chunks
    .map((chunk) => {
      const minified = Buffer.byteLength(chunk.code)
      return {
        module: chunk.name.replace(/\.js$/, ''),
        minified,
        gzipShare: Math.round((gzipped * minified) / total),
      }
    })
    .sort((a, b) => b.minified - a.minified)
}

// Run directly (`node scripts/bundle-size.mjs`): print, and fail when a limit is exceeded.
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
          : `, budget ${row.budget} B NOT met; ceiling ${row.ceiling} B ${over ? 'EXCEEDED' : 'holds'}`
    console.log(
      `size: ${row.name}: ${row.gzipped} B gzipped (${row.minified} B minified)${verdict}`,
    )
  }
  if (process.argv.includes('--modules')) {
    console.log(
      `\nsize: per module of ${WHOLE_ENTRY.name} (minified bytes; share of the gzipped whole):`,
    )
    for (const row of await measureModules(WHOLE_ENTRY.code)) {
      console.log(
        `  ${row.module.padEnd(34)} ${String(row.minified).padStart(6)} B  ~${row.gzipShare} B gz`,
      )
    }
  }
  if (failed) process.exit(1)
}
