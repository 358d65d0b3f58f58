// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import postcss from 'postcss'

// The theme lays out by the direction of the text, not by the screen's left and right, so a page
// in a right-to-left language (`dir="rtl"`) mirrors it: logical properties only (`margin-inline`,
// `padding-inline-start`, `border-inline-start`, `inset-inline`, `text-align: start`).
const dir = new URL('../../src/styles/', import.meta.url)
const files = readdirSync(dir).filter((name) => name.endsWith('.css'))

const PHYSICAL_PROPERTY =
  /^(margin|padding|border)-(left|right)(-|$)|^(left|right)$|^border-(top|bottom)-(left|right)-radius$/
const PHYSICAL_VALUE = /^(float|clear|text-align|caption-side)$/

/**
 * `margin: a b c d` (or `padding`, `inset`) whose left and right differ: a physical side in a
 * shorthand. (A `border-width` of four may draw a shape, as the accounts' chevron, turned for
 * right-to-left text by its own rule.)
 */
function unevenSides(prop: string, value: string): boolean {
  if (!/^(margin|padding|inset)$/.test(prop)) return false
  const parts = postcss.list.space(value)
  return parts.length === 4 && parts[1] !== parts[3]
}

describe('the theme', () => {
  it.each(files)('%s uses logical properties, so right-to-left text mirrors it', (name) => {
    const physical: string[] = []
    postcss.parse(readFileSync(new URL(name, dir), 'utf8')).walkDecls((decl) => {
      const sided = PHYSICAL_VALUE.test(decl.prop) && /\b(left|right)\b/.test(decl.value)
      if (PHYSICAL_PROPERTY.test(decl.prop) || sided || unevenSides(decl.prop, decl.value))
        physical.push(`${decl.prop}: ${decl.value}`)
    })
    expect(physical).toEqual([])
  })
})
