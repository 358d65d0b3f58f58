// `npm run test:docs-examples`: RUNS the docs examples, as a lender would paste them (run after
// `npm run build`; `npm run check:docs` type-checks every block, this runs the runnable ones).
// 1. The README quick start (docs-examples/vite-app.mjs, quick-start.mjs): a fresh Vite + React
//    app in a temp dir (what `npm create vite -- --template react-ts` gives), the README's
//    `// vite.config.ts` and `// src/App.tsx` blocks written into it verbatim, ibv-kit installed
//    from the packed tarball (`npm pack`; `npm install --prefer-offline` of the tarball fetches
//    its own dependencies, zod, from the npm cache, or the registry when the cache lacks it; its
//    peers react, react-dom, @tanstack/react-query, vite, @vitejs/plugin-react and TypeScript are
//    linked from this repository's node_modules), `tsc -b` as the template's build runs it, then `vite` on a free
//    127.0.0.1 port and Chromium: press Connect bank, complete the sandbox widget with user_good /
//    pass_good (`completeConnect` of `ibv-kit/testing`), see the status badge, see the embedded
//    report reach its `ready` state. Then the same app built for production (`vite build`, served
//    by `vite preview`, which mounts the sandbox too) driven again: the connect button, the badge
//    and the report's frame must have the dev server's colours.
// 2. Every ```tsx render="TEXT" block of README.md and docs/** (docs-examples/render-blocks.mjs):
//    rendered by the same Vite server in the same Chromium, one page each; each TEXT must be an
//    element's whole text (and, with `connect`, absent until the widget is completed).
// 3. Every ```ts serve="METHOD /path [NAME:VALUE]... STATUS [TEXT]" block
//    (docs-examples/serve-blocks.mjs): run with Node and tsx next to one standalone sandbox, and
//    sent its requests.
// The conventions are in the header of scripts/docs-blocks.mjs and in CONTRIBUTING.md. Prints each
// step and its time; a broken example fails with the Markdown file:line to fix. The app is kept in
// the temp dir when something fails (or with DOCS_EXAMPLES_KEEP=1).
// It cannot hang or leak: npm pack, npm install and tsc -b have timeouts; a watchdog ends the whole
// run after DOCS_EXAMPLES_DEADLINE ms (10 minutes); Ctrl-C (SIGINT) or SIGTERM stops it; and
// whatever way it ends, every child is stopped by PID (SIGTERM, SIGKILL after 5 s), even when
// closing Chromium fails. Docs code gets a minimal environment (processes.mjs, baseEnv).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { scanDocs } from './docs-blocks.mjs'
import { openBrowser } from './docs-examples/browser-pages.mjs'
import { importsOf, packageOf } from './docs-examples/paste-blocks.mjs'
import { KILL_AFTER, stopAll } from './docs-examples/processes.mjs'
import { driveQuickStart } from './docs-examples/quick-start.mjs'
import { renderBlocks, writeRenderPages } from './docs-examples/render-blocks.mjs'
import { ExampleError, fail, say, seconds, step } from './docs-examples/report.mjs'
import { serveBlocks } from './docs-examples/serve-blocks.mjs'
import {
  buildApp,
  installPackage,
  quickStartOf,
  startVite,
  typeCheckApp,
  writeApp,
} from './docs-examples/vite-app.mjs'
import { freePort } from './free-port.mjs'
import { packTarball } from './pack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const began = Date.now()
const DEADLINE = Number(process.env.DOCS_EXAMPLES_DEADLINE ?? 600_000)
/** @type {string | undefined} */
let app
let keep = Boolean(process.env.DOCS_EXAMPLES_KEEP)
/** @type {{ close: () => Promise<void> } | undefined} */
let browser

let stopping = false
/**
 * Ends the run now, stopping every child (and Chromium) first; a second call does nothing.
 * @param {string} why
 * @param {number} code
 */
async function abort(why, code) {
  if (stopping) return
  stopping = true
  console.error(`\ndocs-examples: ${why}; stopping everything.`)
  if (app) console.error(`(the app is kept in ${app})`)
  // Chromium gets a moment to close; the children are stopped whatever it does.
  await Promise.race([
    browser?.close().catch(() => undefined),
    new Promise((done) => setTimeout(done, KILL_AFTER)),
  ]).finally(() => stopAll())
  process.exit(code)
}
const watchdog = setTimeout(
  () =>
    void abort(`FAILED: the run took longer than ${DEADLINE / 1000} s (DOCS_EXAMPLES_DEADLINE)`, 1),
  DEADLINE,
)
watchdog.unref()
process.once('SIGINT', () => void abort('interrupted (SIGINT)', 130))
process.once('SIGTERM', () => void abort('terminated (SIGTERM)', 143))
try {
  if (!existsSync(join(root, 'dist', 'index.js')))
    fail(
      'dist/ is missing: run `npm run build` first (the examples run against the packed package).',
    )
  const { blocks, problems } = scanDocs(root)
  if (problems.length > 0)
    fail(
      `${problems.length} block${problems.length === 1 ? '' : 's'} refused (npm run check:docs says the same):\n${problems.join('\n')}`,
    )
  const quickStart = quickStartOf(blocks)
  const renders = blocks.filter((block) => block.renders.length > 0)
  const serves = blocks.filter((block) => block.serves.length > 0)
  // The imports of the runnable blocks and of the blocks of their pages that they may import.
  const runnableDocs = new Set([...renders, ...serves].map((block) => block.doc))
  const runnableImports = blocks
    .filter((block) => runnableDocs.has(block.doc) && !block.fragment && !block.copy)
    .flatMap((block) => importsOf(block.code))
  const needsRedis = serves.some((block) =>
    blocks.some(
      (other) =>
        other.doc === block.doc &&
        other.line <= block.line &&
        importsOf(other.code).includes('ibv-kit/server/redis'),
    ),
  )
  const appDir = mkdtempSync(join(tmpdir(), 'ibv-docs-examples-'))
  app = appDir

  let tarball = ''
  await step('npm pack', () => {
    const info = packTarball(appDir)
    tarball = info.path
    return `${info.filename}, ${info.files.length} files, ${info.size} bytes`
  })
  await step(`a fresh Vite + React app in ${appDir}`, () => writeApp(appDir, quickStart))
  // ibv-kit/server/redis's optional peer, which a lender installs with it.
  const packages = [
    ...runnableImports.flatMap((specifier) => packageOf(specifier) ?? []),
    ...(needsRedis ? ['redis'] : []),
  ]
  await step('npm install ibv-kit (the packed tarball)', () =>
    installPackage(appDir, tarball, root, packages),
  )
  await step("tsc -b (the template's type-check)", () => typeCheckApp(appDir, quickStart))
  writeRenderPages(appDir, blocks, renders)

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const vite = await step(`vite on ${base}`, () => startVite(appDir, port))
  const chrome = await step('Chromium', () => openBrowser(appDir, vite))
  browser = chrome

  const devColours = await driveQuickStart(chrome, base, quickStart)
  await renderBlocks(chrome, base, blocks, renders)
  if (serves.length > 0) await serveBlocks({ root, appDir, blocks, serves, needsRedis })

  await step('vite build (the quick start for production)', () => buildApp(appDir))
  const previewPort = await freePort()
  await step(`vite preview on http://127.0.0.1:${previewPort}`, () =>
    startVite(appDir, previewPort, 'preview'),
  )
  const builtColours = await driveQuickStart(
    chrome,
    `http://127.0.0.1:${previewPort}`,
    quickStart,
    'vite preview',
  )
  if (Object.keys(devColours).length < 3)
    fail(
      `the quick start under vite showed only ${Object.keys(devColours).join(', ') || 'none'} of its three themed parts`,
    )
  const unlike = Object.entries(devColours).flatMap(([selector, properties]) =>
    Object.entries(properties)
      .filter(([property, value]) => builtColours[selector]?.[property] !== value)
      .map(
        ([property, value]) =>
          `${selector} ${property}: ${builtColours[selector]?.[property] ?? 'missing'} in the production build, ${value} under vite`,
      ),
  )
  if (unlike.length > 0)
    fail(
      `the quick start built for production does not look as it does under vite:\n${unlike.join('\n')}`,
    )
  say(
    `quick start: the production build has the dev server's colours (${Object.keys(devColours).join(', ')})`,
  )
  say(
    `the quick start, ${renders.length} rendered and ${serves.length} served blocks (${serves.reduce((sum, block) => sum + block.serves.length, 0)} requests) ran in ${seconds(began)}.`,
  )
} catch (error) {
  keep = true
  // Stopped by the watchdog or a signal: the error is only what closing Chromium caused.
  if (stopping) await new Promise(() => {})
  if (error instanceof ExampleError) console.error(`\ndocs-examples: FAILED: ${error.message}`)
  else console.error('\ndocs-examples: FAILED:', error)
  if (app) console.error(`(the app is kept in ${app})`)
  process.exitCode = 1
} finally {
  try {
    await browser?.close()
  } catch (error) {
    console.error('docs-examples: closing Chromium failed:', error)
    process.exitCode = 1
  } finally {
    await stopAll()
    clearTimeout(watchdog)
    if (app && !keep) rmSync(app, { recursive: true, force: true })
  }
}
