// The quick start's app for scripts/run-docs-examples.mjs: a fresh Vite + React app in a temp dir
// (the template's files and the README's blocks), ibv-kit installed from the packed tarball with
// its peers linked from this repository's node_modules, the template's `tsc -b`, and `vite`.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { write } from './paste-blocks.mjs'
import { baseEnv, start } from './processes.mjs'
import { fail, lineOf } from './report.mjs'
import { TEMPLATE } from './vite-template.mjs'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

const run = promisify(execFile)
/** How long `npm install` and `tsc -b` may take, in ms: then they are killed and the run fails. */
export const STEP_TIMEOUT = Number(process.env.DOCS_EXAMPLES_STEP_TIMEOUT ?? 180_000)
/** The README blocks that are the quick start, by the file their first line names. */
const QUICK_START = ['vite.config.ts', 'src/App.tsx']
/** Linked from this repository's node_modules: the peers the README's install line adds, and the template's tools. */
const LINKED = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  'vite',
  '@vitejs/plugin-react',
  'typescript',
  '@types/react',
  '@types/react-dom',
  '@types/node',
]

/**
 * The README's quick start blocks, or a failure naming the one missing.
 * @param {DocBlock[]} blocks every block
 */
export const quickStartOf = (blocks) =>
  QUICK_START.map(
    (name) =>
      blocks.find((block) => block.doc === 'README.md' && block.name === name) ??
      fail(
        `README.md has no \`\`\`ts/tsx block whose first line is \`// ${name}\`: the quick start is those blocks (${QUICK_START.join(', ')}).`,
      ),
  )

/**
 * Writes the template's files and the quick start blocks into `appDir`.
 * @param {string} appDir
 * @param {DocBlock[]} quickStart
 */
export function writeApp(appDir, quickStart) {
  for (const [path, text] of Object.entries(TEMPLATE)) write(join(appDir, path), text)
  for (const block of quickStart) write(join(appDir, block.name ?? ''), block.code)
  return `the template's files, and ${quickStart.map((block) => `${block.name} from ${block.id}`).join(', ')}`
}

/**
 * `npm install <tarball>` in `appDir`, then links the peers, the template's tools and `packages`
 * (what the runnable blocks import) from `root`'s node_modules.
 * @param {string} appDir
 * @param {string} tarball
 * @param {string} root the repository
 * @param {string[]} packages
 */
export async function installPackage(appDir, tarball, root, packages) {
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '--legacy-peer-deps',
      tarball,
    ],
    {
      cwd: appDir,
      timeout: STEP_TIMEOUT,
      killSignal: 'SIGKILL',
    },
  ).catch((error) =>
    fail(
      `npm install of the tarball failed${error.killed ? ` (killed after ${STEP_TIMEOUT / 1000} s)` : ''}:\n${error.stderr ?? error.message}`,
    ),
  )
  const wanted = new Set([...LINKED, ...packages])
  wanted.delete('ibv-kit')
  for (const name of wanted) {
    const target = join(appDir, 'node_modules', name)
    if (existsSync(target)) continue
    const source = join(root, 'node_modules', name)
    if (!existsSync(source))
      fail(`${name} is not in this repository's node_modules (run npm install)`)
    mkdirSync(dirname(target), { recursive: true })
    symlinkSync(source, target, 'dir')
  }
  return `peers and tools linked from this repository: ${[...wanted].join(', ')}`
}

/**
 * `tsc -b` in `appDir`, as the template's build runs it; errors in the quick start name their Markdown line.
 * @param {string} appDir
 * @param {DocBlock[]} quickStart
 */
export async function typeCheckApp(appDir, quickStart) {
  const tsc = join(appDir, 'node_modules', 'typescript', 'bin', 'tsc')
  /** @type {string} */
  const output = await run(process.execPath, [tsc, '-b', '--pretty', 'false'], {
    cwd: appDir,
    timeout: STEP_TIMEOUT,
    killSignal: 'SIGKILL',
  }).then(
    () => '',
    (error) =>
      error.killed
        ? `tsc -b was killed after ${STEP_TIMEOUT / 1000} s`
        : `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
  )
  if (!output) return 'no errors'
  const errors = output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const match = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line)
      const block = match && quickStart.find((candidate) => candidate.name === match[1])
      return block && match ? `${lineOf(block, Number(match[2]))}:${match[3]} ${match[4]}` : line
    })
  return fail(`the quick start does not type-check in a fresh Vite app:\n${errors.join('\n')}`)
}

/**
 * `vite build` in `appDir`: the template's production build, with Vite's defaults.
 * @param {string} appDir
 */
export async function buildApp(appDir) {
  const vite = join(appDir, 'node_modules', 'vite', 'bin', 'vite.js')
  await run(process.execPath, [vite, 'build'], {
    cwd: appDir,
    env: baseEnv(),
    timeout: STEP_TIMEOUT,
    killSignal: 'SIGKILL',
  }).catch((error) =>
    fail(
      `vite build of the quick start failed${error.killed ? ` (killed after ${STEP_TIMEOUT / 1000} s)` : ''}:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
    ),
  )
  return 'dist/'
}

/**
 * `vite` (the template's dev server), or `vite preview` of its production build, in `appDir` on 127.0.0.1:`port`.
 * @param {string} appDir
 * @param {number} port
 * @param {'dev' | 'preview'} [server]
 */
export function startVite(appDir, port, server = 'dev') {
  const vite = join(appDir, 'node_modules', 'vite', 'bin', 'vite.js')
  return start(
    server === 'dev' ? 'vite' : 'vite preview',
    process.execPath,
    [
      vite,
      ...(server === 'dev' ? [] : ['preview']),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    {
      cwd: appDir,
      // The quick start's vite.config.ts and the rendered blocks run in it: a lender's shell, no more.
      env: baseEnv(),
      ready: (output) =>
        output.includes(`http://127.0.0.1:${port}/`) || output.includes('ready in'),
    },
  )
}
