'use client'
// Pure formatting helpers of <ReportView>.

/**
 * The last four characters a masked number shows, or '' when it is too short to show any.
 * String(): an account number that arrives as a JSON number is still masked, not a crash.
 */
export function lastFour(value: unknown): string {
  const text = String(value ?? '')
  return text.length > 4 ? text.slice(-4) : ''
}

/** `••••1234`: only the last four characters of a number stay visible. */
export const mask = (value: unknown): string => `••••${lastFour(value)}`

/** An entry of a map of texts by key, only when the map has it as its own (never `constructor`). */
export const entry = (map: Partial<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined

/** snake_case in words, as a sentence starts: `credit_card` → "Credit card". */
export function humanize(name: unknown): string {
  const text = String(name ?? '')
    .replace(/_+/g, ' ')
    .trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A name as sent, for a locale that does not write names in words. */
export const asSent = (name: unknown): string => String(name ?? '')

/**
 * What a feature is called: its entry in `labels`, else its name in `words` (`humanize`, or
 * `asSent`); a name ending in a bare number (`ne_income_feature_12`) says nothing more in words,
 * so it stays as given.
 */
export const featureLabel = (
  name: string,
  labels: Partial<Record<string, string>>,
  words: (name: unknown) => string,
): string => entry(labels, name) || (/_\d+$/.test(name) ? name : words(name))

/** How the numbers of a report are written, in one locale. */
export interface NumberFormats {
  /** Amounts, in the report's currency with its usual decimals (two for USD). */
  money: Intl.NumberFormat
  /** Counts, whole. */
  count: Intl.NumberFormat
  /** Ratios and scores, three decimals. */
  ratio: Intl.NumberFormat
  /** Any other number, two decimals. */
  number: Intl.NumberFormat
}

export function numberFormats(locale: string, currency: string): NumberFormats {
  // 'negative': a value that rounds to zero (or a JSON -0) reads 0.00, never -0.00.
  const fixed = (digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: 'negative',
    })
  return {
    money: new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: 'negative' }),
    count: fixed(0),
    ratio: fixed(3),
    number: fixed(2),
  }
}

/**
 * Which format a numeric feature takes, read from its name (the service API lists no types): a `count`
 * word makes a count; a name ending in `ratio` or `score` a ratio; ending in `amount`, `balance`,
 * `income`, `deposits` or `payments` money; anything else a plain number.
 */
export function featureKind(name: string): keyof NumberFormats {
  return /(^|_)count(_|$)/i.test(name)
    ? 'count'
    : /_(ratio|score)$/i.test(name)
      ? 'ratio'
      : /(^|_)(amount|balance|income|deposits|payments)$/i.test(name)
        ? 'money'
        : 'number'
}

/** Any JSON value as text, so unknown fields are shown rather than dropped (`true`, as in the CSV). */
export function formatValue(value: unknown, numbers: Intl.NumberFormat): string {
  return value == null
    ? '—'
    : typeof value === 'number'
      ? numbers.format(value)
      : typeof value === 'string'
        ? value
        : JSON.stringify(value)
}

/** The feature names of an item's data in the natural order of `locale` (`ne_income_feature_2` before `ne_income_feature_10`). */
export function sortedFeatures(
  data: Record<string, unknown> | null | undefined,
  locale: string,
): string[] {
  return data && typeof data === 'object'
    ? Object.keys(data).sort(
        new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }).compare,
      )
    : []
}

/** The names whose key or label contains `needle` (trimmed, lower case), in any case; all of them when it is empty. */
export function matchingFeatures(
  names: string[],
  needle: string,
  label: (name: string) => string,
): string[] {
  return needle
    ? names.filter(
        (name) => name.toLowerCase().includes(needle) || label(name).toLowerCase().includes(needle),
      )
    : names
}

export { fill } from '../core/messages.js'
