// `npm run check:docs`: every ```ts and ```tsx block of README.md and docs/**/*.md (not
// docs/.vitepress/ nor the generated docs/reference/<entry>/) must type-check against the BUILT
// package (dist/, through package.json `exports`), as a lender would paste it. Run after
// `npm run build`. The conventions are in the header of scripts/docs-blocks.mjs and in
// CONTRIBUTING.md, "How the docs examples are checked"; `npm run test:docs-examples`
// (scripts/run-docs-examples.mjs) then RUNS the quick start and the render="…"/serve="…" blocks.
// - a block is a complete module; ```ts fragment / ```tsx fragment blocks are only counted;
// - a first-line comment naming a file (`// lib/ibv.ts`) makes the block that file, which later
//   blocks of the same Markdown file import (`@/lib/ibv`, `./lib/ibv.js`); a block naming a file
//   named before replaces it from there on (the checker starts a new virtual project there);
// - Vite's client types declare `import 'x.css'` and `import.meta.env`; nothing else is declared,
//   and `declare function/const/…` in a block is refused (a placeholder is a small real function,
//   not a declaration);
// - a ```ts copy="path" block must equal that repository file byte for byte, and the file must be
//   a .ts (.tsx for ```tsx) file inside the repository that tsconfig.json type-checks and npm test
//   runs (a Vitest test, a Playwright spec of the example app, or its playwright.config.ts);
// - a same="doc.md" block must equal that file's block naming the same file (compared, and
//   type-checked with its own page, whose other blocks may import it).
// Refused before anything is type-checked (scripts/docs-blocks.mjs, which finds fences as
// CommonMark does, and scripts/docs-block-copies.mjs): a block tagged with another
// TypeScript/JavaScript name (```typescript, ```TS, ```js, ```mts, …: write ```ts or ```tsx), an
// unknown or malformed info string, `declare` placeholders, `@ts-nocheck` / `@ts-ignore` /
// `@ts-expect-error` in a block, an unclosed fence, a copy="…" target breaking the rules above and
// a same="…" block that drifted. Each error names file:line.
// The virtual projects are written under the OS temp dir and kept when a check fails (or with
// CHECK_DOCS_KEEP=1), so `tsc -p <dir>` can be run there again.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { copyDrift } from './docs-block-copies.mjs'
import { scanDocs } from './docs-blocks.mjs'

/** @typedef {import('./docs-blocks.mjs').DocBlock} DocBlock */
/** @typedef {{ files: Map<string, DocBlock>, fresh: Set<DocBlock> }} Project */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

if (!existsSync(join(root, 'dist', 'index.d.ts'))) {
  console.error(
    'check-docs: dist/ is missing; run `npm run build` first (the examples are checked against the built package).',
  )
  process.exit(1)
}

/** @type {(block: DocBlock) => string} where an unnamed block lives in its project */
const unnamedPath = (block) => `_${block.doc.replace(/[^\w.-]/g, '_')}_L${block.line}.${block.lang}`

/**
 * Groups the blocks of each Markdown file into projects: in order, one project, until a block
 * names a file the project already has; that block starts a new project holding the other named
 * files so far and itself. Each block is reported in the project where it is `fresh`.
 * @param {DocBlock[]} blocks
 * @returns {Project[]}
 */
function projectsOf(blocks) {
  /** @type {Project[]} */
  const projects = []
  /** @type {Project | undefined} */
  let current
  let doc = ''
  for (const block of blocks) {
    const path = block.name ?? unnamedPath(block)
    if (!current || block.doc !== doc || (block.name && current.files.has(block.name))) {
      /** @type {Map<string, DocBlock>} */
      const carried = new Map()
      if (current && block.doc === doc)
        for (const [name, kept] of current.files) if (kept.name) carried.set(name, kept)
      current = { files: carried, fresh: new Set() }
      projects.push(current)
      doc = block.doc
    }
    current.files.set(path, block)
    current.fresh.add(block)
  }
  return projects
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    moduleDetection: 'force',
    jsx: 'react-jsx',
    // Node's, and a Vite app's client types: `import.meta.env` and stylesheet imports.
    types: ['node', 'vite/client'],
    strict: true,
    noUnusedLocals: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
    paths: { '@/*': ['./*'] },
  },
  include: ['**/*.ts', '**/*.tsx'],
}

/**
 * node_modules for the virtual projects: `ibv-kit` is this repository (so `exports` sends every
 * entry point to dist/), everything else is the repository's own node_modules.
 * @param {string} dir
 */
function linkModules(dir) {
  const modules = join(dir, 'node_modules')
  mkdirSync(modules)
  symlinkSync(root, join(modules, 'ibv-kit'), 'dir')
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === 'ibv-kit' || entry.startsWith('.')) continue
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry))
  }
}

const { blocks, problems } = scanDocs(root)
if (problems.length > 0) {
  console.error(
    `check-docs: ${problems.length} block${problems.length === 1 ? '' : 's'} refused:\n${problems.join('\n')}`,
  )
  process.exit(1)
}
const copies = blocks.filter((block) => block.copy !== undefined)
// A same="…" block is checked too: the page's other blocks may import the file it names.
const checked = blocks.filter((block) => !block.fragment && block.copy === undefined)
const repeats = blocks.filter((block) => block.same !== undefined)
const fragments = blocks.filter((block) => block.fragment)
// A copy="path" block must be that file, byte for byte: npm test type-checks and runs the file.
const stale = copies.flatMap((block) => copyDrift(root, block) ?? [])
if (stale.length > 0) {
  console.error(
    `check-docs: ${stale.length} copied example${stale.length === 1 ? '' : 's'} out of date:\n${stale.join('\n')}`,
  )
  process.exit(1)
}
const projects = projectsOf(checked)

const work = mkdtempSync(join(tmpdir(), 'ibv-docs-'))
linkModules(work)
/** @type {{ dir: string, project: Project, byPath: Map<string, DocBlock> }[]} */
const runs = projects.map((project, index) => {
  const dir = join(work, `project-${index + 1}`)
  /** @type {Map<string, DocBlock>} */
  const byPath = new Map()
  for (const [path, block] of project.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), block.code)
    byPath.set(path, block)
  }
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`)
  return { dir, project, byPath }
})

/**
 * Every file read, parsed once for all the projects: the ones every project reads alike
 * (TypeScript's libs, the packages' types, dist/ through the one node_modules of the virtual
 * projects) were parsed again by each project's own tsc, 21 times (88 CPU-s; docs/performance.md).
 * A project's own files have paths of their own. All the projects share one TSCONFIG, so a file
 * parses the same way in each.
 * @type {Map<string, import('typescript').SourceFile | undefined>}
 */
const parsed = new Map()
/** @type {import('typescript').FormatDiagnosticsHost} */
const format = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => '',
  getNewLine: () => '\n',
}

/** @type {(dir: string) => string} what `tsc --noEmit --pretty false -p dir` prints (empty when it passed) */
function typeCheck(dir) {
  /** @type {import('typescript').Diagnostic[]} */
  const unreadable = []
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => unreadable.push(diagnostic) },
  )
  if (!config) return ts.formatDiagnostics(unreadable, format)
  const host = ts.createCompilerHost(config.options)
  const read = host.getSourceFile
  host.getSourceFile = (file, version, onError, create) => {
    if (!parsed.has(file)) parsed.set(file, read(file, version, onError, create))
    return parsed.get(file)
  }
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    configFileParsingDiagnostics: config.errors,
  })
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), {
    ...format,
    getCurrentDirectory: () => dir,
  })
}

/** @type {string[]} */
let outputs
try {
  outputs = runs.map(({ dir }) => typeCheck(dir))
} catch (error) {
  console.error(
    `check-docs: TypeScript failed: ${/** @type {Error} */ (error).stack}\n(virtual projects kept in ${work})`,
  )
  process.exit(1)
}

// tsc prints `path(line,col): error TSnnnn: message`, continued on indented lines.
const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): (error .*)$/
/** @type {string[][]} each diagnostic's lines */
const report = []
runs.forEach(({ dir, project, byPath }, index) => {
  /** @type {string[] | undefined} the lines of the diagnostic being read, undefined when it is not reported */
  let current
  for (const line of (outputs[index] ?? '').split('\n')) {
    if (!line.trim()) continue
    const match = DIAGNOSTIC.exec(line)
    if (!match) {
      if (line.startsWith(' ') && current) current.push(line)
      else if (!line.startsWith(' ')) report.push([`[virtual project ${dir}] ${line}`])
      continue
    }
    const [, file = '', row = '0', column = '0', message = ''] = match
    const block = byPath.get(file.replace(/\\/g, '/'))
    current = !block
      ? [`${file}(${row},${column}) [virtual project ${dir}]: ${message}`]
      : project.fresh.has(block)
        ? [`${block.doc}:${block.line + Number(row) - 1}:${column} ${message}`]
        : undefined // a block carried over from an earlier project: reported there
    if (current) report.push(current)
  }
})
const perDoc = [...new Set(checked.map((block) => block.doc))]
  .map((doc) => `${doc} ${checked.filter((block) => block.doc === doc).length}`)
  .join(', ')
console.log(
  `check-docs: ${checked.length} blocks type-checked against dist/ (${perDoc}) in ${projects.length} virtual projects; ` +
    `${fragments.length} fragment${fragments.length === 1 ? '' : 's'} not checked${fragments.length ? ` (${fragments.map((block) => block.id).join(', ')})` : ''}; ` +
    `${repeats.length} identical to the ${repeats.length === 1 ? 'block' : 'blocks'} they repeat${repeats.length ? ` (${repeats.map((block) => `${block.id} = ${block.same}`).join(', ')})` : ''}; ` +
    `${blocks.filter((block) => block.renders.length > 0).length} rendered and ${blocks.filter((block) => block.serves.length > 0).length} served by scripts/run-docs-examples.mjs; ` +
    `${copies.length} identical to the file they copy (${copies.map((block) => block.copy).join(', ') || 'none'}), which npm test runs.`,
)
if (report.length > 0) {
  console.error(
    `\ncheck-docs: ${report.length} error${report.length === 1 ? '' : 's'}:\n${report.map((lines) => lines.join('\n')).join('\n')}`,
  )
  console.error(`\n(virtual projects kept in ${work})`)
  process.exit(1)
}
if (!process.env.CHECK_DOCS_KEEP) rmSync(work, { recursive: true, force: true })
console.log('check-docs: every example type-checks.')
