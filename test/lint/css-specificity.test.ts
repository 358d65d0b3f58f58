// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import postcss from 'postcss'
import Specificity from '@bramus/specificity'

// The theme must lose to any rule of the lender's that names one of our classes, and win over a
// host's element rules (a create-vite app styles every `button`): so every selector weighs one
// class. `:where()` carries what would weigh more; an interaction state (`:hover`, `:focus-visible`,
// `:disabled`) may add one, so that a host's `button:hover` does not win over ours.
const STATES = /:(hover|focus-visible|focus|disabled|active)(?![\w-])/g
const dir = new URL('../../src/styles/', import.meta.url)
const files = readdirSync(dir).filter((name) => name.endsWith('.css'))

function selectorsOf(css: string): string[] {
  const selectors: string[] = []
  postcss.parse(css).walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name))
      return
    selectors.push(...rule.selectors)
  })
  return selectors
}

/** [ids, classes, elements] of a selector, an interaction state not counted. */
function weight(selector: string): [number, number, number] {
  const [first] = Specificity.calculate(selector.replace(STATES, ':where(:$1)'))
  const { a, b, c } = first!.value
  return [a, b, c]
}

describe('the theme weighs one class per selector', () => {
  it('finds the stylesheets', () => {
    expect(files).toContain('badge.css')
  })

  it.each(files)('%s', (file) => {
    const heavy = selectorsOf(readFileSync(new URL(file, dir), 'utf8'))
      .filter((selector) => selector !== ':root')
      .filter((selector) => {
        const [ids, classes, elements] = weight(selector)
        // A pseudo-element (::before, ::backdrop) counts as an element; nothing else may.
        return ids > 0 || classes !== 1 || elements > (/::[a-z-]+/.test(selector) ? 1 : 0)
      })
    expect(heavy).toEqual([])
  })

  it('tells a heavy selector from a light one', () => {
    expect(weight('.ibv-badge[data-tone="success"]')).toEqual([0, 2, 0])
    expect(weight('.ibv-badge:where([data-tone="success"])')).toEqual([0, 1, 0])
    expect(weight('.ibv-button:hover')).toEqual([0, 1, 0])
    expect(weight('.ibv-report-view :where(td)')).toEqual([0, 1, 0])
    expect(weight('.ibv-report-view td')).toEqual([0, 1, 1])
  })
})
