import { en } from './english.js'
import { IbvError } from './errors.js'

// The run-time half of a locale's check (the type `IbvLocale` is the other): a locale written in
// JavaScript, loaded from JSON or built by a translation tool has no compiler to name what it lacks.

/** The maps a locale fills only for the names it knows (the lender's data dictionary). */
const OPEN_MAPS = new Set(['featureLabels', 'itemNames', 'accountTypes'])

type Problems = Record<string, string[]>
type Add = (path: string, problem: string) => void

/** What `own` returns for a property whose getter (or proxy) threw: its problem is already named. */
const UNREADABLE = Symbol('unreadable')

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An object's own property, as the components read a locale (spread: inherited texts are missing);
 * a getter or proxy that throws is named as a problem of that path instead of escaping.
 */
function own(object: Record<string, unknown>, key: string, path: string, add: Add): unknown {
  try {
    return Object.hasOwn(object, key) ? object[key] : undefined
  } catch (error) {
    add(path, `could not be read (${error instanceof Error ? error.message : String(error)})`)
    return UNREADABLE
  }
}

const placeholdersOf = (text: string) => new Set(text.match(/\{\w+\}/g))

/** Names a `value` at `path` that is missing, not a string or not a BCP 47 language tag. */
function checkTag(value: unknown, path: string, add: Add): void {
  if (value === undefined) add(path, 'missing')
  else if (value === UNREADABLE) return
  else if (typeof value !== 'string') add(path, 'not a string')
  else if (!isLanguageTag(value)) add(path, 'not a BCP 47 language tag')
}

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1
  } catch {
    return false
  }
}

/**
 * Checks a locale before it is used: throws an `IbvError` (`invalid_request`) naming every text
 * that is missing or not a string (`statusLabels.complete`), every `{placeholder}` of the English
 * text that the translation lost (or one it added), and a missing or invalid `code` or `formats`.
 * Only own properties count, as the components read them; a getter that throws is named, not thrown.
 * `featureLabels`, `itemNames` and `accountTypes` may label any names, or none. The error's `fields`
 * lists the problems by path. Call it in a test of a locale you write; the type `IbvLocale` already
 * catches a missing text at compile time, this catches what the compiler did not see.
 *
 * @example
 * import { checkLocale } from 'ibv-kit/core'
 * import { myLocale } from './my-locale.js'
 * checkLocale(myLocale) // throws: … statusLabels.complete: missing
 */
export function checkLocale(locale: unknown): void {
  if (!isObject(locale))
    throw new IbvError(
      'invalid_request',
      `checkLocale: the locale is not an object (${locale === null ? 'null' : typeof locale}).`,
      { source: 'app' },
    )
  const problems: Problems = {}
  const add: Add = (path, problem) => (problems[path] ??= []).push(problem)

  const code = own(locale, 'code', 'code', add)
  checkTag(code, 'code', add)

  const formats = own(locale, 'formats', 'formats', add)
  if (formats === undefined) add('formats', 'missing')
  else if (isObject(formats)) {
    checkTag(own(formats, 'intl', 'formats.intl', add), 'formats.intl', add)
    const namesInWords = own(formats, 'namesInWords', 'formats.namesInWords', add)
    if (namesInWords === undefined) add('formats.namesInWords', 'missing')
    else if (namesInWords !== UNREADABLE && typeof namesInWords !== 'boolean')
      add('formats.namesInWords', 'not a boolean')
  } else if (formats !== UNREADABLE) add('formats', 'not an object')

  const messages = own(locale, 'messages', 'messages', add)
  if (messages === undefined) add('messages', 'missing')
  else if (isObject(messages)) compareTexts(en.messages, messages, '', add)
  else if (messages !== UNREADABLE) add('messages', 'not an object')

  const paths = Object.keys(problems)
  if (paths.length === 0) return
  const name = typeof code === 'string' ? `"${code}"` : 'without a code'
  const list = paths.map((path) => `${path}: ${problems[path]?.join(', ')}`).join('; ')
  throw new IbvError(
    'invalid_request',
    `checkLocale: the locale ${name} has ${paths.length} problem(s): ${list}.`,
    { source: 'app', fields: problems },
  )
}

/** Each text of `english` against the same path of `translated`, nested maps entry by entry. */
function compareTexts(
  english: object,
  translated: Record<string, unknown>,
  prefix: string,
  add: Add,
): void {
  for (const [key, text] of Object.entries(english)) {
    const path = `${prefix}${key}`
    const value = own(translated, key, path, add)
    if (value === UNREADABLE) continue
    if (value === undefined) add(path, 'missing')
    else if (typeof text === 'string') {
      if (typeof value !== 'string') add(path, 'not a string')
      else comparePlaceholders(text, value, path, add)
    } else if (!isObject(value)) add(path, 'not an object')
    else if (OPEN_MAPS.has(path)) {
      for (const name of Object.keys(value)) {
        const label = own(value, name, `${path}.${name}`, add)
        if (label !== undefined && label !== UNREADABLE && typeof label !== 'string')
          add(`${path}.${name}`, 'not a string')
      }
    } else compareTexts(text as object, value, `${path}.`, add)
  }
}

function comparePlaceholders(english: string, translated: string, path: string, add: Add): void {
  const wanted = placeholdersOf(english)
  const found = placeholdersOf(translated)
  for (const placeholder of wanted)
    if (!found.has(placeholder)) add(path, `lost the placeholder ${placeholder}`)
  for (const placeholder of found)
    if (!wanted.has(placeholder)) add(path, `has a placeholder English does not: ${placeholder}`)
}
