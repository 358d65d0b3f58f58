// The fenced code blocks of a Markdown text, found as CommonMark finds them (for
// scripts/docs-blocks.mjs): a line with optional indentation (also inside a list item or a
// blockquote) then ≥3 backticks or ≥3 tildes opens a fence (a backtick fence's info string cannot
// contain a backtick); it closes at a line of the same character, at least as many, followed only
// by whitespace, or where its blockquote ends. Content lines lose the opening's indentation (up to
// that many spaces). So a ````md block showing a ```ts block is skipped whole, whatever its length.

/**
 * @typedef {object} Fence
 * @property {string} info the info string, trimmed
 * @property {number} open the opening line's index (0-based)
 * @property {string[]} body the content lines, the opening's indentation removed
 * @property {boolean} closed false when the document (or its blockquote) ended first
 */

/** Blockquote markers, then list markers and indentation, then the fence and its info string. */
const OPENING =
  /^((?:[ \t]{0,3}> ?)*)((?:[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t]))*[ \t]*)(`{3,}|~{3,})(.*)$/
const QUOTE = /^[ \t]{0,3}> ?/

/**
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
    const closing = new RegExp(
      `^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`,
    )
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
