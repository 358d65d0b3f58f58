// The fenced TypeScript blocks of README.md and docs/**/*.md, as `npm run check:docs`
// (scripts/check-docs.mjs) type-checks them and `npm run test:docs-examples`
// (scripts/run-docs-examples.mjs) runs them. CONTRIBUTING.md, "How the docs examples are
// checked", explains the conventions for writers. The rules enforced here:
// - Files: README.md and every docs/**/*.md, except docs/.vitepress/** and the generated
//   TypeDoc output under docs/reference/<entry>/** (docs/reference/*.md are checked).
// - Fences are found as CommonMark finds them (scripts/markdown-fences.mjs): any indentation, in
//   list items and blockquotes, ``` or ~~~ of any length; a ````md block showing a ```ts block is
//   skipped whole.
// - ```ts and ```tsx blocks are checked. Any other tag of the TypeScript/JavaScript family
//   (case-insensitive: typescript, TS, js, jsx, javascript, mjs, cjs, mts, cts, …) is an error:
//   a lender copies those too, so they must be written ```ts or ```tsx. One exception: ```js
//   copy="path", a verbatim copy of a CommonJS file that npm test runs (test/jest/*.cjs, for Jest
//   without a transform). Other languages (sh, json, conf, md, text, …) are ignored.
// - Every ts/tsx block is a complete module, type-checked against dist/, unless its info string says
//   otherwise. The info string is made of these words (anything else is an error):
//     fragment              a piece of a bigger file: only counted, never type-checked or run.
//     render="TEXT"         (```tsx only, repeatable) a component block: the block default-exports a
//                           component; the runner renders it in Chromium inside the quick start app
//                           (Vite, with the README's vite.config.ts: the sandbox at /ibv-sandbox and
//                           the backend at /api/ibv) and waits until, for every TEXT, an element's
//                           WHOLE text is TEXT (case-sensitive, spaces collapsed; `*` stands for any
//                           text, e.g. render="Connected *"). A part of a longer text does not count.
//     connect               (with render) each TEXT must be ABSENT once the page shows "Connect
//                           bank"; then press it, complete the sandbox widget with user_good /
//                           pass_good, and each TEXT must show.
//     serve="METHOD /path [NAME:VALUE]... STATUS [TEXT]"
//                           (```ts only, repeatable) a server block: the runner runs it with Node
//                           (tsx) next to a standalone sandbox (`ibv-sandbox --port <free>
//                           --webhook-header x-webhook-secret=dev-secret`; env IBV_API_KEY,
//                           IBV_SERVICE_URL, and PORT, a free port) and sends METHOD /path, with
//                           each NAME:VALUE as a request header (no spaces in a value), to its
//                           exported METHOD function (a Next.js route handler), else to its
//                           default export's `fetch` (Hono, a Web handler), else to
//                           http://127.0.0.1:$PORT (a program that listens: Express, node:http).
//                           The answer must have STATUS, and TEXT in its body when given. A POST to
//                           a path ending in /tokens sends {"type":"consumer","consumer_id":"LND-42"},
//                           other requests with a body send {}. Several serve="…" are sent in order
//                           to one run of the block: e.g. a backend's webhook route,
//                           serve="POST /api/ibv/webhooks 401" (unsigned: refused).
//     copy="path"           the block is that repository file byte for byte (a test npm test runs);
//                           the only info string of a ```js block.
//     same="doc.md"         the block equals the block of that Markdown file (relative to the
//                           repository root) naming the same file in its first line, e.g. the
//                           quick start of docs/getting-started/vite.md repeating README.md's: the
//                           README's is type-checked and run, this one is compared with it.
// - A first-line comment naming a file (`// lib/ibv.ts`) makes the block that file; other blocks
//   of the same Markdown file import it. README.md's `// vite.config.ts` and `// src/App.tsx` are
//   the quick start, which the runner pastes into a fresh Vite + React app and drives end to end.
// - `declare function/const/let/var/class/enum/namespace` is refused in every block: a
//   placeholder has no value at run time (it type-checks, then throws "x is not defined" when
//   pasted). A placeholder is a small real function that does something visible.
// - `@ts-nocheck`, `@ts-ignore` and `@ts-expect-error` are refused in every ts/tsx block.
// - copy="path" and same="doc.md" targets follow the rules of scripts/docs-block-copies.mjs.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { validateCopy, validateSame } from './docs-block-copies.mjs'
import { fencesOf } from './markdown-fences.mjs'

/**
 * @typedef {object} DocBlock
 * @property {string} doc the Markdown file, relative to the repository root (`README.md`, `docs/testing.md`)
 * @property {'ts' | 'tsx' | 'js'} lang ```js only with copy="…"
 * @property {boolean} fragment marked ```ts fragment: a snippet of a bigger file, not checked
 * @property {string[]} renders the texts of `render="…"` in the info string
 * @property {boolean} connect marked `connect`: the runner completes the connect widget before the texts
 * @property {Serve[]} serves for each ```ts serve="METHOD /path [NAME:VALUE]... STATUS [TEXT]", in order: the request and its answer
 * @property {string | undefined} same for same="doc.md": the Markdown file whose block (naming the same file) this one repeats
 * @property {string} code the block's text, ending with a newline
 * @property {number} line the Markdown line of the block's first line of code (1-based)
 * @property {string | undefined} name the file the block's first-line comment names (`lib/ibv.ts`), if any
 * @property {string} id a stable name for the block: its file and line (`README.md:156`)
 * @property {string | undefined} copy for ```ts copy="path": the repository file the block is a
 *   verbatim copy of (a test file that npm test runs); compared with it instead of type-checked
 */

/**
 * @typedef {object} Serve
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} headers request headers, names in lower case
 * @property {number} status
 * @property {string | undefined} text a text the answer's body must contain
 */

/** A first-line comment naming a file: `// lib/ibv.ts`, `// app/api/ibv/[...path]/route.ts — …`. */
const NAMED = /^\/\/\s+((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.(?:ts|tsx|mts|cts))(?:\s|$)/
const RENDER = /render="([^"]*)"/g
const COPY = /copy="([^"]+)"/
const SERVE = /serve="([^"]*)"/g
const SAME = /same="([^"]+)"/
const CONNECT = /(?:^|\s)connect(?=\s|$)/
const SERVE_VALUE =
  /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/\S*)((?: [!#$%&'*+.^_`|~0-9A-Za-z-]+:\S+)*) ([1-5]\d\d)(?: (.+))?$/
/** A placeholder with no value at run time: `declare function save(…)`, `export declare const x`. */
const DECLARE =
  /^\s*(?:export\s+)?declare\s+(?:async\s+)?(function|const|let|var|class|abstract\s+class|enum|namespace)\s*([\w$]*)/
/** The TypeScript/JavaScript family: a block tagged so but not exactly `ts` or `tsx` is refused. */
const SCRIPT_TAGS = new Set([
  'ts',
  'tsx',
  'typescript',
  'typescriptreact',
  'js',
  'jsx',
  'javascript',
  'javascriptreact',
  'mjs',
  'cjs',
  'mts',
  'cts',
  'es6',
  'ecmascript',
])
const DIRECTIVE = /@ts-(nocheck|ignore|expect-error)\b/i

/**
 * The ts and tsx blocks of one Markdown text, in order, and what is wrong with the text: unknown
 * or malformed info strings, other TypeScript/JavaScript tags, `declare` placeholders,
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
    // JavaScript only as a copy of a file npm test runs (a CommonJS Jest test): that is its check.
    if (tag !== 'ts' && tag !== 'tsx' && !(tag === 'js' && COPY.test(others.join(' ')))) {
      problems.push(
        `${at}: a \`\`\`${tag} block is not checked: write it as \`\`\`ts or \`\`\`tsx (a lender copies it too), or tag it as another language; JavaScript only as \`\`\`js copy="…" of a CommonJS test file`,
      )
      continue
    }
    const info = others.join(' ')
    const renders = [...info.matchAll(RENDER)].map((match) => match[1] ?? '')
    const copy = COPY.exec(info)?.[1]
    const serveValues = [...info.matchAll(SERVE)].map((match) => match[1] ?? '')
    const serveValue = serveValues[0]
    const same = SAME.exec(info)?.[1]
    const connect = CONNECT.test(
      info.replace(RENDER, '').replace(COPY, '').replace(SERVE, '').replace(SAME, ''),
    )
    const rest = info
      .replace(RENDER, '')
      .replace(COPY, '')
      .replace(SERVE, '')
      .replace(SAME, '')
      .replace(CONNECT, ' ')
      .trim()
    if (rest !== '' && rest !== 'fragment')
      problems.push(
        `${at}: unknown info string "${info}" (known: fragment, render="…", connect, serve="…", copy="…", same="…")`,
      )
    if (copy && (rest !== '' || renders.length > 0 || serveValue !== undefined || same || connect))
      problems.push(`${at}: a copy="…" block is neither a fragment nor rendered nor served`)
    if (same && (rest !== '' || renders.length > 0 || serveValue !== undefined || connect))
      problems.push(
        `${at}: a same="…" block is compared, not rendered or served (the block it repeats is)`,
      )
    const fragment = rest === 'fragment'
    if (fragment && (renders.length > 0 || serveValue !== undefined || connect))
      problems.push(`${at}: a fragment cannot be rendered or served`)
    if (renders.length > 0 && tag !== 'tsx')
      problems.push(`${at}: render="…" is for \`\`\`tsx blocks that default-export a component`)
    if (renders.some((text) => text.trim() === ''))
      problems.push(`${at}: render="" names no text to wait for`)
    if (connect && renders.length === 0)
      problems.push(`${at}: connect goes with render="…" (the text to see after connecting)`)
    if (renders.length > 0 && serveValue !== undefined)
      problems.push(`${at}: a block is rendered or served, not both`)
    /** @type {Serve[]} */
    const serves = []
    if (serveValue !== undefined && tag !== 'ts')
      problems.push(`${at}: serve="…" is for \`\`\`ts blocks (a server module)`)
    for (const value of serveValues) {
      const parsed = SERVE_VALUE.exec(value)
      if (!parsed) {
        problems.push(
          `${at}: serve="${value}" is not "METHOD /path [NAME:VALUE]... STATUS [TEXT]" (e.g. serve="POST /api/ibv/tokens 200 access_token")`,
        )
        continue
      }
      /** @type {Record<string, string>} */
      const headers = {}
      for (const pair of (parsed[3] ?? '').trim().split(' ').filter(Boolean)) {
        const colon = pair.indexOf(':')
        headers[pair.slice(0, colon).toLowerCase()] = pair.slice(colon + 1)
      }
      serves.push({
        method: parsed[1] ?? 'GET',
        path: parsed[2] ?? '/',
        headers,
        status: Number(parsed[4]),
        text: parsed[5],
      })
    }
    body.forEach((line, row) => {
      const directive = DIRECTIVE.exec(line)
      if (directive)
        problems.push(
          `${doc}:${open + 2 + row}: ${directive[0]} in a documented example: an example must type-check as written`,
        )
      const declared = DECLARE.exec(line)
      if (declared) {
        const [, kind = '', name = ''] = declared
        problems.push(
          `${doc}:${open + 2 + row}: \`declare ${kind}${name ? ` ${name}` : ''}\` in a documented example: it type-checks but has no value at run time, so the pasted example throws "${name || 'it'} is not defined". ` +
            `Write a small real ${kind === 'function' ? 'function' : 'value'} that does something visible, e.g. \`function ${name || 'save'}(id: string) { console.log('saved', id) }\``,
        )
      }
    })
    const name = NAMED.exec(body[0] ?? '')?.[1]
    if (same && !name)
      problems.push(
        `${at}: a same="${same}" block names its file in its first line (\`// src/App.tsx\`), to find the block it repeats`,
      )
    blocks.push({
      doc,
      lang: /** @type {'ts' | 'tsx' | 'js'} */ (tag),
      fragment,
      renders,
      connect,
      serves,
      same,
      code: `${body.join('\n')}\n`,
      line: open + 2,
      name,
      id: `${doc}:${open + 2}`,
      copy,
    })
  }
  return { blocks, problems }
}

/**
 * What a render="TEXT" must equal: TEXT itself (the runner matches an element's whole text,
 * case-sensitive), or, when TEXT has a `*`, an anchored pattern where each `*` is any text
 * (`Connected *` is /^Connected .+$/).
 * @param {string} text
 * @returns {string | RegExp}
 */
export function renderPattern(text) {
  if (!text.includes('*')) return text
  return new RegExp(
    `^${text
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  )
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
 * The Markdown files that are checked: README.md and every .md file under docs/, relative to `root`
 * and `/`-separated, except docs/.vitepress/** (the site's config and build) and the TypeDoc
 * output in the folders under docs/reference/ (generated, git-ignored).
 * @param {string} root the repository root
 * @returns {string[]}
 */
export function docFiles(root) {
  /** @type {(dir: string) => string[]} */
  const walk = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((entry) => {
        const path = `${dir}/${entry.name}`
        if (entry.isDirectory())
          return entry.name.startsWith('.') ||
            entry.name === 'node_modules' ||
            dir === 'docs/reference'
            ? []
            : walk(path)
        return entry.isFile() && entry.name.endsWith('.md') ? [path] : []
      })
  return ['README.md', ...(existsSync(join(root, 'docs')) ? walk('docs') : [])]
}

/**
 * Every block of every checked Markdown file, and every problem: scanDoc's, validateCopy's and validateSame's.
 * @param {string} root the repository root
 * @returns {{ blocks: DocBlock[], problems: string[] }}
 */
export function scanDocs(root) {
  const scans = docFiles(root).map((doc) => scanDoc(doc, readFileSync(join(root, doc), 'utf8')))
  const blocks = scans.flatMap((scan) => scan.blocks)
  const problems = [
    ...scans.flatMap((scan) => scan.problems),
    ...blocks.flatMap((block) => validateCopy(root, block) ?? []),
    ...blocks.flatMap((block) => validateSame(blocks, block) ?? []),
  ]
  return { blocks, problems }
}
