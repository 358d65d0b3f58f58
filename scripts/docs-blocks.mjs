// The fenced TypeScript blocks of the README and docs/*.md, as `npm run check:docs`
// (scripts/check-docs.mjs) type-checks them and test/docs/readme-renders.test.tsx renders them.
// The conventions are in the README, "How the README is checked". The rules enforced here:
// - Fences are found as CommonMark finds them: a line with optional indentation (also inside a
//   list item or a blockquote) then ≥3 backticks or ≥3 tildes opens a fence (a backtick fence's
//   info string cannot contain a backtick); it closes at a line of the same character, at least as
//   many, followed only by whitespace. Content lines lose the opening's indentation (up to that many
//   spaces). So a ````md block showing a ```ts block is skipped whole, whatever its length.
// - ```ts and ```tsx blocks are checked. Any other tag of the TypeScript/JavaScript family
//   (case-insensitive: typescript, TS, js, jsx, javascript, mjs, cjs, mts, cts, …) is an error:
//   a lender copies those too, so they must be written ```ts or ```tsx. Other languages (sh, json,
//   conf, md, text, …) are ignored.
// - Info strings: nothing, `fragment` (only counted), `render="…"` (also rendered) or `copy="path"`.
// - `@ts-nocheck`, `@ts-ignore` and `@ts-expect-error` are refused in every ts/tsx block.
// - copy="path" (validateCopy): the path stays inside the repository, ends in .ts for ```ts and
//   .tsx for ```tsx, names an existing file, which tsconfig.json type-checks (its `include`, minus
//   `exclude`) and which npm test runs: a *.test.ts(x) matched by a Vitest project's `include`
//   (read from vitest.config.ts), a *.spec.ts under examples/lender-app/e2e/ (the Playwright
//   testDir) or examples/lender-app/playwright.config.ts itself.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

/**
 * @typedef {object} DocBlock
 * @property {string} doc the Markdown file, relative to the repository root (`README.md`, `docs/testing.md`)
 * @property {'ts' | 'tsx'} lang
 * @property {boolean} fragment marked ```ts fragment: a snippet of a bigger file, not checked
 * @property {string[]} renders the texts of `render="…"` in the info string
 * @property {string} code the block's text, ending with a newline
 * @property {number} line the Markdown line of the block's first line of code (1-based)
 * @property {string | undefined} name the file the block's first-line comment names (`lib/ibv.ts`), if any
 * @property {string} id a stable name for the block: its file and line (`README.md:156`)
 * @property {string | undefined} copy for ```ts copy="path": the repository file the block is a
 *   verbatim copy of (a test file that npm test runs); compared with it instead of type-checked
 */

/**
 * @typedef {object} Fence
 * @property {string} info the info string, trimmed
 * @property {number} open the opening line's index (0-based)
 * @property {string[]} body the content lines, the opening's indentation removed
 * @property {boolean} closed false when the document (or its blockquote) ended first
 */

/** A first-line comment naming a file: `// lib/ibv.ts`, `// app/api/ibv/[...path]/route.ts — …`. */
const NAMED = /^\/\/\s+((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.(?:ts|tsx|mts|cts))(?:\s|$)/
const RENDER = /render="([^"]*)"/g
const COPY = /copy="([^"]+)"/
/** Blockquote markers, then list markers and indentation, then the fence and its info string. */
const OPENING = /^((?:[ \t]{0,3}> ?)*)((?:[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t]))*[ \t]*)(`{3,}|~{3,})(.*)$/
const QUOTE = /^[ \t]{0,3}> ?/
/** The TypeScript/JavaScript family: a block tagged so but not exactly `ts` or `tsx` is refused. */
const SCRIPT_TAGS = new Set(['ts', 'tsx', 'typescript', 'typescriptreact', 'js', 'jsx', 'javascript', 'javascriptreact', 'mjs', 'cjs', 'mts', 'cts', 'es6', 'ecmascript'])
const DIRECTIVE = /@ts-(nocheck|ignore|expect-error)\b/i

/**
 * The fenced code blocks of a Markdown text, CommonMark's way (see the top of this file).
 * @param {string} text
 * @returns {Fence[]}
 */
export function fencesOf(text) {
  const lines = text.split('\n')
  /** @type {Fence[]} */
  const fences = []
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index] ?? '')
    if (!opening) continue
    const [, quotes = '', indentation = '', marker = '', rest = ''] = opening
    if (marker[0] === '`' && rest.includes('`')) continue // inline code, not a fence
    const depth = (quotes.match(/>/g) ?? []).length
    const indent = indentation.length
    const closing = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`)
    /** @type {string[]} */
    const body = []
    let closed = false
    let end = index + 1
    for (; end < lines.length; end++) {
      let line = lines[end] ?? ''
      let inside = true
      for (let level = 0; level < depth; level++) {
        const quote = QUOTE.exec(line)
        if (!quote) inside = false
        else line = line.slice(quote[0].length)
      }
      if (!inside) {
        closed = true // the blockquote ended, and the fence with it
        end--
        break
      }
      if (closing.test(line)) {
        closed = true
        break
      }
      const spaces = /^ */.exec(line)?.[0].length ?? 0
      body.push(line.slice(Math.min(spaces, indent)))
    }
    fences.push({ info: rest.trim(), open: index, body, closed })
    index = end
  }
  return fences
}

/**
 * The ts and tsx blocks of one Markdown text, in order, and what is wrong with the text: info
 * strings other than `fragment`, `render="…"` and `copy="…"`, other TypeScript/JavaScript tags,
 * `@ts-nocheck`-like directives and unclosed fences, each as `doc:line: reason`.
 * @param {string} doc the file's name, for messages
 * @param {string} text
 * @returns {{ blocks: DocBlock[], problems: string[] }}
 */
export function scanDoc(doc, text) {
  /** @type {DocBlock[]} */
  const blocks = []
  /** @type {string[]} */
  const problems = []
  for (const { info: fullInfo, open, body, closed } of fencesOf(text)) {
    const at = `${doc}:${open + 1}`
    if (!closed) problems.push(`${at}: a fence that never closes`)
    const [tag = '', ...others] = fullInfo.split(/\s+/)
    const family = /^[{.]*([a-z0-9]*)/i.exec(tag)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TAGS.has(family)) continue
    if (tag !== 'ts' && tag !== 'tsx') {
      problems.push(`${at}: a \`\`\`${tag} block is not checked: write it as \`\`\`ts or \`\`\`tsx (a lender copies it too), or tag it as another language`)
      continue
    }
    const info = others.join(' ')
    const renders = [...info.matchAll(RENDER)].map((match) => match[1] ?? '')
    const copy = COPY.exec(info)?.[1]
    const rest = info.replace(RENDER, '').replace(COPY, '').trim()
    if (rest !== '' && rest !== 'fragment') problems.push(`${at}: unknown info string "${info}" (known: fragment, render="…", copy="…")`)
    if (copy && (rest !== '' || renders.length > 0)) problems.push(`${at}: a copy="…" block is neither a fragment nor rendered`)
    const fragment = rest === 'fragment'
    if (fragment && renders.length > 0) problems.push(`${at}: a fragment cannot be rendered`)
    body.forEach((line, row) => {
      const directive = DIRECTIVE.exec(line)
      if (directive) problems.push(`${doc}:${open + 2 + row}: ${directive[0]} in a documented example: an example must type-check as written`)
    })
    blocks.push({
      doc,
      lang: /** @type {'ts' | 'tsx'} */ (tag),
      fragment,
      renders,
      code: `${body.join('\n')}\n`,
      line: open + 2,
      name: NAMED.exec(body[0] ?? '')?.[1],
      id: `${doc}:${open + 2}`,
      copy,
    })
  }
  return { blocks, problems }
}

/**
 * The ts and tsx blocks of one Markdown text, in order; throws with every problem of scanDoc.
 * @param {string} doc the file's name, for messages
 * @param {string} text
 * @returns {DocBlock[]}
 */
export function blocksOf(doc, text) {
  const { blocks, problems } = scanDoc(doc, text)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return blocks
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
    } else if (char === '*') source += (index === 0 || glob[index - 1] === '/' ? '(?![.])' : '') + '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '{') {
      const close = glob.indexOf('}', index)
      source += `(?:${glob.slice(index + 1, close).split(',').map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&')).join('|')})`
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
export function typeChecked(root, path) {
  /** @type {{ files?: string[], include?: string[], exclude?: string[] }} */
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'))
  /** @type {(entry: string) => RegExp} */
  const pattern = (entry) => {
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '')
    const last = clean.split('/').pop() ?? ''
    return globRegExp(/[.*?]/.test(last) ? clean : `${clean}/**/*`)
  }
  if ((config.files ?? []).some((file) => file.replace(/^\.\//, '') === path)) return true
  const included = (config.include ?? (config.files ? [] : ['**/*'])).some((entry) => pattern(entry).test(path))
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
export function testFilePatterns(root) {
  const vitest = readFileSync(join(root, 'vitest.config.ts'), 'utf8')
  const globs = [...vitest.matchAll(/\binclude:\s*\[([^\]]*)\]/g)]
    .flatMap((match) => [...(match[1] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)].map((quoted) => quoted[1] ?? quoted[2] ?? ''))
    .filter((glob) => /\.test\.(?:ts|tsx|\{[^}]*\})$/.test(glob))
  return [
    ...globs.map(globRegExp),
    globRegExp('examples/lender-app/e2e/**/*.spec.ts'),
    /^examples\/lender-app\/playwright\.config\.ts$/,
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
  const extension = block.lang === 'tsx' ? '.tsx' : '.ts'
  if (!copy.endsWith(extension)) return `${at} is not a ${extension} file (the block is \`\`\`${block.lang})`
  if (!existsSync(absolute) || !statSync(absolute).isFile()) return `${at} names no file`
  if (!inside(realpathSync(absolute)) || realpathSync(absolute) !== resolve(realpathSync(root), copy)) return `${at} is a link (copy the file it points to)`
  const path = relative(root, absolute).split(sep).join('/')
  if (!typeChecked(root, path)) return `${at} is not type-checked by tsconfig.json (its include/exclude)`
  if (!testFilePatterns(root).some((pattern) => pattern.test(path))) {
    return `${at} is not a file npm test runs (a *.test.ts(x) of a Vitest project, a *.spec.ts under examples/lender-app/e2e/, or examples/lender-app/playwright.config.ts)`
  }
  return undefined
}

/**
 * The Markdown files that are checked: README.md and every docs/*.md, relative to `root`.
 * @param {string} root the repository root
 * @returns {string[]}
 */
export function docFiles(root) {
  const docs = join(root, 'docs')
  const extra = existsSync(docs)
    ? readdirSync(docs)
        .filter((file) => file.endsWith('.md'))
        .sort()
        .map((file) => relative(root, join(docs, file)))
    : []
  return ['README.md', ...extra]
}

/**
 * Every block of every checked Markdown file, and every problem: scanDoc's and validateCopy's.
 * @param {string} root the repository root
 * @returns {{ blocks: DocBlock[], problems: string[] }}
 */
export function scanDocs(root) {
  const scans = docFiles(root).map((doc) => scanDoc(doc, readFileSync(join(root, doc), 'utf8')))
  const blocks = scans.flatMap((scan) => scan.blocks)
  const problems = [...scans.flatMap((scan) => scan.problems), ...blocks.flatMap((block) => validateCopy(root, block) ?? [])]
  return { blocks, problems }
}

/**
 * Every block of every checked Markdown file; throws with every problem of scanDocs.
 * @param {string} root the repository root
 * @returns {DocBlock[]}
 */
export function allBlocks(root) {
  const { blocks, problems } = scanDocs(root)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return blocks
}
