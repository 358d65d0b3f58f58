import { en } from './english.js'
import { IbvError } from './errors.js'

// The run-time half of a locale's check (the type `IbvLocale` is the other): a locale written in
// JavaScript, loaded from JSON or built by a translation tool has no compiler to name what it lacks.

/** The maps a locale fills only for the names it knows (the lender's data dictionary). */
const OPEN_MAPS = new Set(['featureLabels', 'itemNames', 'accountTypes'])

type Problems = Record<string, string[]>

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const placeholdersOf = (text: string) => new Set(text.match(/\{\w+\}/g))

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
  if (!isObject(locale)) throw new IbvError('invalid_request', `checkLocale: the locale is not an object (${locale === null ? 'null' : typeof locale}).`)
  const problems: Problems = {}
  const add = (path: string, problem: string) => (problems[path] ??= []).push(problem)

  const { code, formats, messages } = locale
  if (code === undefined) add('code', 'missing')
  else if (typeof code !== 'string') add('code', 'not a string')
  else if (!isLanguageTag(code)) add('code', 'not a BCP 47 language tag')

  if (formats === undefined) add('formats', 'missing')
  else if (!isObject(formats)) add('formats', 'not an object')
  else {
    if (formats.intl === undefined) add('formats.intl', 'missing')
    else if (typeof formats.intl !== 'string') add('formats.intl', 'not a string')
    else if (!isLanguageTag(formats.intl)) add('formats.intl', 'not a BCP 47 language tag')
    if (formats.namesInWords === undefined) add('formats.namesInWords', 'missing')
    else if (typeof formats.namesInWords !== 'boolean') add('formats.namesInWords', 'not a boolean')
  }

  if (messages === undefined) add('messages', 'missing')
  else if (!isObject(messages)) add('messages', 'not an object')
  else compareTexts(en.messages, messages, '', add)

  const paths = Object.keys(problems)
  if (paths.length === 0) return
  const name = typeof code === 'string' ? `"${code}"` : 'without a code'
  const list = paths.map((path) => `${path}: ${problems[path]?.join(', ')}`).join('; ')
  throw new IbvError('invalid_request', `checkLocale: the locale ${name} has ${paths.length} problem(s): ${list}.`, { fields: problems })
}

/** Each text of `english` against the same path of `translated`, nested maps entry by entry. */
function compareTexts(english: object, translated: Record<string, unknown>, prefix: string, add: (path: string, problem: string) => void): void {
  for (const [key, text] of Object.entries(english)) {
    const path = `${prefix}${key}`
    const value = translated[key]
    if (value === undefined) add(path, 'missing')
    else if (typeof text === 'string') {
      if (typeof value !== 'string') add(path, 'not a string')
      else comparePlaceholders(text, value, path, add)
    } else if (!isObject(value)) add(path, 'not an object')
    else if (OPEN_MAPS.has(path)) {
      for (const [name, label] of Object.entries(value)) if (label !== undefined && typeof label !== 'string') add(`${path}.${name}`, 'not a string')
    } else compareTexts(text as object, value, `${path}.`, add)
  }
}

function comparePlaceholders(english: string, translated: string, path: string, add: (path: string, problem: string) => void): void {
  const wanted = placeholdersOf(english)
  const found = placeholdersOf(translated)
  for (const placeholder of wanted) if (!found.has(placeholder)) add(path, `lost the placeholder ${placeholder}`)
  for (const placeholder of found) if (!wanted.has(placeholder)) add(path, `has a placeholder English does not: ${placeholder}`)
}
