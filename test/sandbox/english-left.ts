import { en } from '../../src/sandbox/pages/texts/en.js'
import type { SandboxTexts } from '../../src/sandbox/pages/texts/types.js'
import { INSTITUTIONS } from '../../src/sandbox/report-data.js'

// What of the English texts module is left in a page that should speak another language: every
// English text (a function's fixed parts) that the other language writes differently. A phrase is
// looked for as it is; a single word only where the other language does not use that word itself
// ("Code", "Type" are French too). The sandbox's bank names are data, in English in every language
// ("Platypus Bank"): not looked in.

const MARK = '\u0001'

/** The fixed fragments of a text: a string, or a function's output around its arguments. */
function fragments(value: unknown): string[] {
  const text =
    typeof value === 'function'
      ? String((value as (...args: unknown[]) => unknown)(MARK, MARK))
      : String(value)
  return text
    .split(new RegExp(`${MARK}|\\d+`))
    .map((part) => part.replace(/^[\s.,:;()“”"«»]+|[\s.,:;()“”"«»]+$/g, ''))
    .filter((part) => /\p{L}{2}/u.test(part))
}

/** Every leaf of a texts object by its path. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [p, leaf] of leaves(child, `${path}.${key}`)) found.set(p, leaf)
  } else found.set(path, value)
  return found
}

const words = (text: string) => new Set(text.match(/\p{L}+/gu) ?? [])

/** The English fragments found in `text`, a page's visible text in `texts`' language. */
export function englishLeft(text: string, texts: SandboxTexts): string[] {
  const own = leaves(texts)
  const ownWords = words([...own.values()].flatMap(fragments).join(' '))
  const flat = INSTITUTIONS.reduce(
    (page, bank) => page.replaceAll(bank.name, ' '),
    text.replace(/\s+/g, ' '),
  )
  const left = new Set<string>()
  for (const [path, value] of leaves(en)) {
    if (path === '.lang' || path === '.intl' || String(own.get(path)) === String(value)) continue
    for (const fragment of fragments(value)) {
      const single = !/\s/.test(fragment)
      if (
        single
          ? !ownWords.has(fragment) &&
            new RegExp(`(?<!\\p{L})${fragment}(?!\\p{L})`, 'u').test(flat)
          : flat.includes(fragment)
      )
        left.add(fragment)
    }
  }
  return [...left]
}

/** The text a page shows (and its title): tags dropped, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/[ \t\r\n]+/g, ' ')
}
