// The fenced TypeScript blocks of the README and docs/*.md, as `npm run check:docs`
// (scripts/check-docs.mjs) type-checks them and test/docs/readme-renders.test.tsx renders them.
// The conventions are in the README, "How the README is checked".
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

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

/** A first-line comment naming a file: `// lib/ibv.ts`, `// app/api/ibv/[...path]/route.ts — …`. */
const NAMED = /^\/\/\s+((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.(?:ts|tsx|mts|cts))(?:\s|$)/
const FENCE_OPEN = /^```(ts|tsx)(?:\s+(.*))?$/
const RENDER = /render="([^"]*)"/g
const COPY = /copy="([^"]+)"/

/**
 * The ts and tsx blocks of one Markdown text, in order. Info strings other than `fragment` and
 * `render="…"` are refused, so a typo cannot silently leave a block unchecked.
 * @param {string} doc the file's name, for messages
 * @param {string} text
 * @returns {DocBlock[]}
 */
export function blocksOf(doc, text) {
  const lines = text.split('\n')
  /** @type {DocBlock[]} */
  const blocks = []
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (!line.startsWith('```')) continue
    const open = FENCE_OPEN.exec(line.trimEnd())
    const start = index
    let end = index + 1
    while (end < lines.length && (lines[end] ?? '').trimEnd() !== '```') end++
    if (end >= lines.length) throw new Error(`${doc}:${start + 1}: a fence that never closes`)
    index = end
    if (!open) continue
    const info = open[2] ?? ''
    const renders = [...info.matchAll(RENDER)].map((match) => match[1] ?? '')
    const copy = COPY.exec(info)?.[1]
    const rest = info.replace(RENDER, '').replace(COPY, '').trim()
    if (rest !== '' && rest !== 'fragment') throw new Error(`${doc}:${start + 1}: unknown info string "${info}" (known: fragment, render="…", copy="…")`)
    if (copy && (rest !== '' || renders.length > 0)) throw new Error(`${doc}:${start + 1}: a copy="…" block is neither a fragment nor rendered`)
    const fragment = rest === 'fragment'
    if (fragment && renders.length > 0) throw new Error(`${doc}:${start + 1}: a fragment cannot be rendered`)
    const body = lines.slice(start + 1, end)
    const name = NAMED.exec(body[0] ?? '')?.[1]
    blocks.push({
      doc,
      lang: /** @type {'ts' | 'tsx'} */ (open[1]),
      fragment,
      renders,
      code: `${body.join('\n')}\n`,
      line: start + 2,
      name,
      id: `${doc}:${start + 2}`,
      copy,
    })
  }
  return blocks
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
 * Every block of every checked Markdown file.
 * @param {string} root the repository root
 * @returns {DocBlock[]}
 */
export function allBlocks(root) {
  return docFiles(root).flatMap((doc) => blocksOf(doc, readFileSync(join(root, doc), 'utf8')))
}
