// The repository's public address, read from package.json "repository": the one place it is
// written. The docs site (docs/.vitepress/config.ts) builds its links to repository files from it
// (examples/, CONTRIBUTING.md, api-reports/: pages of their own on GitHub, not of the site) and its
// GitHub link in the navigation; scripts/docs-links.mjs checks those links against the files;
// test/docs/newcomer.test.ts checks that package.json's "homepage" and "bugs" and the README's
// `git clone` use the same address.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The branch the site's links to repository files point into. */
export const BRANCH = 'main'

/**
 * The web address of the repository: package.json "repository" without `git+` and `.git`
 * (`git+https://github.com/o/r.git` -> `https://github.com/o/r`).
 * @param {{ repository?: string | { url?: string } }} [pkg] package.json (read from the repository's root when left out)
 * @returns {string}
 */
export function repositoryUrl(pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))) {
  const field = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  if (!field)
    throw new Error(
      'package.json has no "repository": the docs site links repository files through it.',
    )
  const url = field.replace(/^git\+/, '').replace(/\.git$/, '')
  if (!/^https:\/\/[^/]+\/[^/]+\/[^/]+$/.test(url))
    throw new Error(`package.json "repository" is not an https address of a repository: ${field}`)
  return url
}

/** This repository's address, read once. @type {string | undefined} */
let ours

/**
 * The address of a file or folder of the repository on its host (GitHub's form: `tree/` for a
 * folder, `blob/` for a file), e.g. `examples/lender-app/` -> `https://github.com/o/r/tree/main/examples/lender-app/`.
 * @param {string} path relative to the repository's root, `/`-separated
 * @param {boolean} folder
 * @param {string} [hash] without `#`
 */
export const repositoryFileUrl = (path, folder, hash = '') =>
  `${(ours ??= repositoryUrl())}/${folder ? 'tree' : 'blob'}/${BRANCH}/${path}${hash ? `#${hash}` : ''}`
