// A lender's app for the scripts that test ibv-kit as it ships (bundlers-e2e.mjs, csp-e2e.mjs): a
// temp dir with the app's files and ibv-kit installed from the packed tarball (`npm pack` after
// `npm run build`), its peers and the app's tools linked from this repository's node_modules.
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { write } from './docs-examples/paste-blocks.mjs'
import { installPackage } from './docs-examples/vite-app.mjs'
import { packTarball } from './pack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** @type {(since: number) => string} */
export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/**
 * A logger for one script: `step(label, action)` runs `action` and prints the label, what it
 * returned (when a string) and how long it took, each line prefixed with `name`.
 * @param {string} name
 */
export function stepper(name) {
  /** @type {<T>(label: string, action: () => Promise<T> | T) => Promise<T>} */
  return async (label, action) => {
    const since = Date.now()
    const result = await action()
    console.log(`${name}: ${label}${typeof result === 'string' && result ? `: ${result}` : ''} (${seconds(since)})`)
    return result
  }
}

/**
 * Writes `files` into a new temp dir and installs the packed ibv-kit there, with `packages` linked.
 * @param {string} prefix of the temp dir's name
 * @param {Record<string, string>} files path → text
 * @param {string[]} packages linked from this repository beside ibv-kit's peers and Vite
 * @param {<T>(label: string, action: () => Promise<T> | T) => Promise<T>} step
 * @returns {Promise<string>} the app's directory
 */
export async function createLenderApp(prefix, files, packages, step) {
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first.')
  const app = mkdtempSync(join(tmpdir(), prefix))
  const tarball = await step('npm pack', () => packTarball(app).path)
  await step(`the app in ${app}`, () => Object.entries(files).forEach(([path, text]) => write(join(app, path), text)))
  await step('npm install ibv-kit (the packed tarball)', () => installPackage(app, tarball, root, packages))
  return app
}
