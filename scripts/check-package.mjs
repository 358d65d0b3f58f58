// Checks the package as a lender receives it: publint --strict on the built package, then
// arethetypeswrong on the packed tarball, then the tarball's file list (dist and types in,
// sources of tests out). Run after `npm run build`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** @type {(command: string, args: string[]) => void} */
const run = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'inherit' })
  } catch {
    console.error(`check-package: \`${[command, ...args].join(' ')}\` failed (see above).`)
    process.exit(1)
  }
}

run('npx', ['--no-install', 'publint', '--strict'])

const dir = mkdtempSync(join(tmpdir(), 'ibv-kit-pack-'))
try {
  // --ignore-scripts: dist/ was just built; prepack would build it again.
  const output = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    encoding: 'utf8',
  })
  /** @type {[{ filename: string, size: number, files: { path: string }[] }]} */
  const [info] = JSON.parse(output)
  const files = info.files.map((file) => file.path)
  const problems = [
    ...files.filter((file) => /(^|\/)test\/|\.test(-d)?\.|\.stories\./.test(file)).map((file) => `ships a test: ${file}`),
    ...['dist/index.js', 'dist/index.d.ts', 'dist/styles.css']
      .filter((file) => !files.includes(file))
      .map((file) => `misses ${file}`),
  ]
  if (problems.length > 0) {
    console.error(`The packed package ${problems.join('; ')}.`)
    process.exit(1)
  }
  console.log(`npm pack: ${files.length} files, ${info.size} bytes packed; no tests shipped.`)
  // styles.css is CSS, not a module with types: attw has nothing to check there.
  run('npx', ['--no-install', 'attw', join(dir, info.filename), '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css'])
} finally {
  rmSync(dir, { recursive: true, force: true })
}
