// The rules for the docs blocks that copy something (used by scripts/docs-blocks.mjs and
// scripts/check-docs.mjs):
// - copy="path" (validateCopy): the path stays inside the repository, ends in .ts for ```ts,
//   .tsx for ```tsx and .cjs for ```js, names an existing file (not a link), which tsconfig.json
//   type-checks (its `include`, minus `exclude`; checkJs covers .cjs) and which npm test runs: a
//   *.test.ts(x) matched by a Vitest project's `include` (read from vitest.config.ts), a *.spec.ts
//   under examples/lender-app/e2e/ (the Playwright testDir), examples/lender-app/playwright.config.ts
//   itself, or a .cjs under test/jest/ (scripts/jest-e2e.mjs runs them all with Jest); and the
//   block equals that file byte for byte (copyDrift).
// - same="doc.md" (validateSame): the block equals the block of that Markdown file naming the
//   same file in its first line.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

/** @typedef {import('./docs-blocks.mjs').DocBlock} DocBlock */

/**
 * The first line (0-based) where `mine` differs from `theirs`, and each text's line there ('' past
 * its end); when `mine` is the start of `theirs`, the line after `mine`'s last.
 * @param {string} mine
 * @param {string} theirs
 * @returns {{ row: number, mine: string, theirs: string }}
 */
function firstDifference(mine, theirs) {
  const mineLines = mine.split('\n')
  const theirLines = theirs.split('\n')
  const differs = mineLines.findIndex((line, index) => line !== theirLines[index])
  const row = differs === -1 ? mineLines.length : differs
  return { row, mine: mineLines[row] ?? '', theirs: theirLines[row] ?? '' }
}

/**
 * A glob of tsconfig.json or Vitest as a RegExp over `/`-separated relative paths: `**` is any
 * number of directories, `*` any characters but `/`, `?` one, `{a,b}` either. As in TypeScript,
 * a wildcard does not match a name starting with a dot.
 * @param {string} glob
 * @returns {RegExp}
 */
export function globRegExp(glob) {
  let source = ''
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] ?? ''
    if (glob.startsWith('**/', index)) {
      source += '(?:[^./][^/]*/)*'
      index += 2
    } else if (glob.startsWith('**', index)) {
      source += '(?:[^./][^/]*(?:/[^./][^/]*)*)?'
      index += 1
    } else if (char === '*')
      source += (index === 0 || glob[index - 1] === '/' ? '(?![.])' : '') + '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '{') {
      const close = glob.indexOf('}', index)
      source += `(?:${glob
        .slice(index + 1, close)
        .split(',')
        .map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&'))
        .join('|')})`
      index = close
    } else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/**
 * Whether tsconfig.json (plain JSON) type-checks `path`: in `files`, or matched by an `include`
 * entry (an entry whose last part has no `.`, `*` or `?` is a directory, as TypeScript reads it)
 * and by no `exclude` entry (default: node_modules).
 * @param {string} root
 * @param {string} path relative to root, `/`-separated
 */
function typeChecked(root, path) {
  /** @type {{ files?: string[], include?: string[], exclude?: string[] }} */
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'))
  /** @type {(entry: string) => RegExp} */
  const pattern = (entry) => {
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '')
    const last = clean.split('/').pop() ?? ''
    return globRegExp(/[.*?]/.test(last) ? clean : `${clean}/**/*`)
  }
  if ((config.files ?? []).some((file) => file.replace(/^\.\//, '') === path)) return true
  const included = (config.include ?? (config.files ? [] : ['**/*'])).some((entry) =>
    pattern(entry).test(path),
  )
  const excluded = (config.exclude ?? ['node_modules']).some((entry) => pattern(entry).test(path))
  return included && !excluded
}

/**
 * The test files npm test runs, as RegExps: every quoted glob of an `include: [...]` in
 * vitest.config.ts ending in `.test.{ts,tsx}`-like names (read by regex: the projects' test
 * files; `typecheck.include`'s *.test-d.ts are type tests, not run), Playwright's testDir
 * (examples/lender-app/playwright.config.ts, `testDir: './e2e'`: its *.spec.ts) and that config.
 * @param {string} root
 * @returns {RegExp[]}
 */
function testFilePatterns(root) {
  const vitest = readFileSync(join(root, 'vitest.config.ts'), 'utf8')
  const globs = [...vitest.matchAll(/\binclude:\s*\[([^\]]*)\]/g)]
    .flatMap((match) =>
      [...(match[1] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)].map(
        (quoted) => quoted[1] ?? quoted[2] ?? '',
      ),
    )
    .filter((glob) => /\.test\.(?:ts|tsx|\{[^}]*\})$/.test(glob))
  return [
    ...globs.map(globRegExp),
    globRegExp('examples/lender-app/e2e/**/*.spec.ts'),
    /^examples\/lender-app\/playwright\.config\.ts$/,
    // `npm run test:jest` copies every .cjs of test/jest/ into a lender's app and runs Jest there.
    globRegExp('test/jest/**/*.cjs'),
  ]
}

/**
 * What is wrong with a copy="path" block's target, or undefined when it is fine (see the top of
 * this file). Messages name the block's file:line.
 * @param {string} root the repository root
 * @param {DocBlock} block
 * @returns {string | undefined}
 */
export function validateCopy(root, block) {
  const copy = block.copy
  if (copy === undefined) return undefined
  const at = `${block.id}: copy="${copy}"`
  const absolute = resolve(root, copy)
  const inside = (/** @type {string} */ path) => {
    const from = relative(root, path)
    return from !== '' && !from.startsWith(`..${sep}`) && from !== '..' && !isAbsolute(from)
  }
  if (isAbsolute(copy) || !inside(absolute)) return `${at} is outside the repository`
  const extension = { ts: '.ts', tsx: '.tsx', js: '.cjs' }[block.lang]
  if (!copy.endsWith(extension))
    return `${at} is not a ${extension} file (the block is \`\`\`${block.lang})`
  if (!existsSync(absolute) || !statSync(absolute).isFile()) return `${at} names no file`
  if (
    !inside(realpathSync(absolute)) ||
    realpathSync(absolute) !== resolve(realpathSync(root), copy)
  )
    return `${at} is a link (copy the file it points to)`
  const path = relative(root, absolute).split(sep).join('/')
  if (!typeChecked(root, path))
    return `${at} is not type-checked by tsconfig.json (its include/exclude)`
  if (!testFilePatterns(root).some((pattern) => pattern.test(path))) {
    return `${at} is not a file npm test runs (a *.test.ts(x) of a Vitest project, a *.spec.ts under examples/lender-app/e2e/, examples/lender-app/playwright.config.ts, or a .cjs under test/jest/)`
  }
  return undefined
}

/**
 * How a copy="path" block differs from its file, or undefined when it is that file byte for byte.
 * @param {string} root the repository root
 * @param {DocBlock} block
 * @returns {string | undefined}
 */
export function copyDrift(root, block) {
  if (block.copy === undefined) return undefined
  const path = join(root, block.copy)
  const file = existsSync(path) ? readFileSync(path, 'utf8') : undefined
  if (file === block.code) return undefined
  if (file === undefined) return `${block.id}: copy="${block.copy}" names no file`
  const { row, mine, theirs } = firstDifference(block.code, file)
  return `${block.doc}:${block.line + row}: differs from ${block.copy}:${row + 1} (block: ${JSON.stringify(mine)}, file: ${JSON.stringify(theirs)})`
}

/**
 * What is wrong with a same="doc.md" block, or undefined when it equals the block of that file
 * which names the same file in its first line.
 * @param {DocBlock[]} blocks every block of every checked file
 * @param {DocBlock} block
 * @returns {string | undefined}
 */
export function validateSame(blocks, block) {
  if (block.same === undefined || block.name === undefined) return undefined
  const at = `${block.id}: same="${block.same}"`
  if (block.same === block.doc) return `${at} names the block's own file`
  const targets = blocks.filter((other) => other.doc === block.same)
  if (targets.length === 0) return `${at} names no checked Markdown file`
  const target = targets.find((other) => other.name === block.name && other.same === undefined)
  if (!target) return `${at}: ${block.same} has no block naming ${block.name} in its first line`
  if (target.code === block.code) return undefined
  const { row, mine, theirs } = firstDifference(block.code, target.code)
  return `${block.doc}:${block.line + row}: differs from ${target.doc}:${target.line + row}, the block it repeats (here: ${JSON.stringify(mine)}, there: ${JSON.stringify(theirs)}); copy the README's block again`
}
