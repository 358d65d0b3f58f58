import { expect } from 'vitest'
import { en } from '../../src/core/english.js'
import type { IbvLocale } from '../../src/core/locale.js'

// What "no English left" means for a rendered component: none of the English texts of any
// component (each piece between its placeholders), unless the locale's own text for the same key
// holds it too (a word both languages write alike), and none of a few English words. Links and
// the names the service sends (ids, feature keys) are data, not text: `data` removes them first.

/** Every text of a catalogue by its key path (`fields.owner`, `statusLabels.complete`). */
function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>()
  if (typeof value === 'string') found.set(path, value)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      for (const [at, text] of leaves(inner, path ? `${path}.${key}` : key)) found.set(at, text)
  }
  return found
}

/** The English pieces the rendered text of a component in `locale` must not hold. */
function englishPieces(locale: IbvLocale): string[] {
  const own = leaves(locale.messages)
  const pieces = new Set<string>()
  for (const [path, text] of leaves(en.messages)) {
    for (const piece of text.split(/\{\w+\}/)) {
      const trimmed = piece.trim().replace(/^[(—:,.\s]+|[)—:,.\s]+$/g, '')
      // A piece of a word or two letters says nothing about the language.
      if (!/[A-Za-z]{3}/.test(trimmed) || own.get(path)?.includes(trimmed)) continue
      pieces.add(trimmed)
    }
  }
  return [...pieces]
}

const ENGLISH_WORDS =
  /\b(the|your|and|report|bank|applicant|refresh|reconnect|loading|could not|try again|unknown|copy|link|close)\b/i

/**
 * The English in a rendered text (`innerText`, screen-reader-only text included): texts of the
 * catalogue and English words. `data`: strings to remove first (names, ids the service sent).
 */
export function englishIn(
  rendered: string,
  locale: IbvLocale,
  data: readonly string[] = [],
): string[] {
  let text = rendered.replace(/https?:\/\/\S+/g, ' ')
  for (const value of data) text = text.split(value).join(' ')
  return [
    ...englishPieces(locale).filter((piece) => text.includes(piece)),
    ...(text.match(new RegExp(ENGLISH_WORDS.source, 'gi')) ?? []),
  ]
}

/** Fails, naming it, when `element`'s rendered text holds any English (see `englishIn`). */
export function expectNoEnglish(
  element: HTMLElement,
  locale: IbvLocale,
  data: readonly string[] = [],
) {
  expect(element.innerText.trim(), 'nothing was rendered').not.toBe('')
  expect(englishIn(element.innerText, locale, data)).toEqual([])
}
