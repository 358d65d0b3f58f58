// Packs the repository as npm would publish it (`npm pack`), without building again: run after
// `npm run build`. The one way the scripts pack it (check-package.mjs, run-docs-examples.mjs).
import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** How long `npm pack` may take, in ms. */
const PACK_TIMEOUT = 120_000

/**
 * `npm pack` of the repository into `dir`; --ignore-scripts because dist/ was just built and
 * prepack would build it again.
 * @param {string} dir where the tarball goes
 * @returns {{ path: string, filename: string, size: number, files: { path: string }[] }}
 */
export function packTarball(dir) {
  // A timeout, so a stuck npm cannot hang a run; SIGKILL, as npm may ignore SIGTERM while busy.
  const output = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
    { cwd: root, encoding: 'utf8', timeout: PACK_TIMEOUT, killSignal: 'SIGKILL' },
  )
  /** @type {[{ filename: string, size: number, files: { path: string }[] }]} */
  const [info] = JSON.parse(output)
  return { ...info, path: join(dir, info.filename) }
}
