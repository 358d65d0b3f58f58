// `npm run api:check` (in `npm test`, after `npm run build`): the public API of every entry point
// of package.json "exports", as @microsoft/api-extractor reads it from the built .d.ts in dist/,
// must equal its committed report in api-reports/ (ibv-kit.api.md, ibv-kit-core.api.md, …).
// A change to the API (a new export, a changed signature, a removed option) fails the check
// until the report is updated: `npm run api:update` (this script with --update) rewrites the
// reports, and the diff of api-reports/ is what a reviewer reads.
// One configuration for all entry points, built here; nothing is written outside api-reports/
// but a temporary folder, removed at the end.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnSync } from 'node:child_process'
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const update = process.argv.includes('--update')
const reportFolder = join(root, 'api-reports')

/** @type {{ exports: Record<string, string | { import?: { types?: string } }> }} */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
/**
 * Each "exports" entry with types: `.` -> ibv-kit, `./server/redis` -> ibv-kit-server-redis. The
 * ES module build's types: the CommonJS build's (under `require`) are copies of them.
 */
const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) => {
  const types = typeof target === 'object' ? target.import?.types : undefined
  if (!types) return []
  const name = subpath === '.' ? 'ibv-kit' : `ibv-kit-${subpath.slice(2).replaceAll('/', '-')}`
  return [
    {
      importPath: subpath === '.' ? 'ibv-kit' : `ibv-kit/${subpath.slice(2)}`,
      name,
      types: join(root, types),
    },
  ]
})

const missing = entries.filter((entry) => !existsSync(entry.types))
if (missing.length) {
  console.error(
    `api-report: ${missing.map((entry) => entry.types.slice(root.length + 1)).join(', ')} missing: run \`npm run build\` first (the reports are read from the built .d.ts).`,
  )
  process.exit(1)
}

const temp = mkdtempSync(join(tmpdir(), 'ibv-api-report-'))
if (update) mkdirSync(reportFolder, { recursive: true })

/** @type {Set<string>} */
const QUIET = new Set([
  'console-preamble',
  'console-compiler-version-notice',
  'console-api-report-not-copied',
  'console-api-report-diff',
  'console-api-report-copied',
  'console-api-report-created',
])

/** @type {string[]} */
const failures = []
const started = Date.now()
try {
  for (const entry of entries) {
    const config = ExtractorConfig.prepare({
      configObjectFullPath: join(root, 'api-extractor.json'), // not read: where relative paths start
      packageJsonFullPath: join(root, 'package.json'),
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: entry.types,
        compiler: {
          // The .d.ts files only, with the dependencies' types as a lender's compiler sees them.
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              module: 'ESNext',
              moduleResolution: 'Bundler',
              jsx: 'react-jsx',
              types: ['node'],
              strict: true,
              skipLibCheck: true,
            },
            files: [entry.types],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: entry.name,
          reportFolder,
          reportTempFolder: temp,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Warning },
            // Noise for a package that does not tag @public/@beta: every export is public.
            'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
            // Not every property has a doc comment; TypeDoc's reference shows what there is.
            'ae-undocumented': { logLevel: ExtractorLogLevel.None },
            // A type a signature uses but the entry point does not export: kept as a comment in
            // the report (so a reviewer sees it), not printed on every run.
            'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
          },
          // The doc comments are written for TypeDoc and editors, not for TSDoc's strict syntax.
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
    })
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      messageCallback: (message) => {
        // The report's own status (missing, changed, copied, its diff) and the TypeScript version
        // notice: this script says it once, below, in its own words.
        if (QUIET.has(message.messageId)) {
          message.logLevel = ExtractorLogLevel.None
          message.handled = true
        }
      },
    })
    const file = `api-reports/${entry.name}.api.md`
    if (result.errorCount > 0 || result.warningCount > 0) {
      failures.push(
        `${entry.importPath}: API Extractor reported ${result.errorCount} error(s) and ${result.warningCount} warning(s) (above).`,
      )
    } else if (result.apiReportChanged && !update && !existsSync(join(root, file))) {
      failures.push(
        `${entry.importPath}: ${file} is missing; run \`npm run api:update\` and review the diff.`,
      )
    } else if (result.apiReportChanged && !update) {
      const actual = join(temp, `${entry.name}.api.md`)
      const diff =
        spawnSync('diff', ['-u', file, actual], { cwd: root, encoding: 'utf8' }).stdout ?? ''
      failures.push(
        `${entry.importPath}: the public API differs from ${file}; run \`npm run api:update\` and review the diff.\n` +
          diff
            .split('\n')
            .slice(2, 42) // the hunks, without the ---/+++ lines naming the temporary file
            .map((line) => `    ${line}`)
            .join('\n'),
      )
    } else if (result.apiReportChanged) {
      console.log(`api-report: ${file} updated (${entry.importPath}); review its diff.`)
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true })
}

const seconds = ((Date.now() - started) / 1000).toFixed(1)
if (failures.length) {
  console.error(
    `api-report: ${failures.length} of ${entries.length} entry points fail:\n${failures.map((failure) => `  ${failure}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(
  `api-report: the API reports of ${entries.length} entry points ${update ? 'are up to date' : 'match'} (${seconds} s).`,
)
