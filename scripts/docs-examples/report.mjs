// How scripts/run-docs-examples.mjs reports: each step with its time, and failures that name the
// Markdown file:line to fix.

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

/** How long one wait may take (a server starting, a text showing), in ms: DOCS_EXAMPLES_TIMEOUT or 20 s. */
export const WAIT = Number(process.env.DOCS_EXAMPLES_TIMEOUT ?? 20_000)

/** @type {(since: number) => string} */
export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/** @type {(message: string) => void} */
export const say = (message) => console.log(`docs-examples: ${message}`)

/** A broken example or set-up: printed as its message, without a stack. */
export class ExampleError extends Error {}

/** @type {(message: string) => never} */
export const fail = (message) => {
  throw new ExampleError(message)
}

/**
 * Runs one step, printing what it did and how long it took.
 * @template T
 * @param {string} label
 * @param {() => Promise<T> | T} action returns a detail to print, or nothing
 * @returns {Promise<T>}
 */
export async function step(label, action) {
  const since = Date.now()
  const result = await action()
  say(`${label}${typeof result === 'string' && result ? `: ${result}` : ''} (${seconds(since)})`)
  return result
}

/**
 * Where a problem in a pasted file is in the Markdown: `README.md:57` for line `row` of a block.
 * @param {DocBlock} block
 * @param {number} row 1-based line in the block
 */
export const lineOf = (block, row) => `${block.doc}:${block.line + row - 1}`

/**
 * For "x is not defined", "x is not a function" and the like: the Markdown line where `x` appears in the blocks.
 * @param {string} message
 * @param {DocBlock[]} blocks
 * @returns {string} a ` (README.md:57: "save(…)")`-like hint, or ''
 */
export function hintFor(message, blocks) {
  const name = /(?:^|: )(?:[\w$]+\.)*([\w$]+) is not (?:defined|a function)/.exec(message)?.[1]
  if (!name) return ''
  for (const block of blocks) {
    const lines = block.code.split('\n')
    const row = lines.findIndex(
      (line, index) =>
        index > 0 && new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\b`).test(line),
    )
    if (row !== -1) return ` (${lineOf(block, row + 1)}: ${JSON.stringify(lines[row]?.trim())})`
  }
  return ''
}
