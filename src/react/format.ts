'use client'
// Pure formatting helpers of <ReportView>.

/** Natural order: `ne_income_feature_2` before `ne_income_feature_10`. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

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

/** Any JSON value as text, so unknown fields are shown rather than dropped (`true`, as in the CSV; `-0` as 0). */
export function formatValue(value: unknown, numbers: Intl.NumberFormat): string {
  return value == null ? '—' : typeof value === 'number' ? numbers.format(value + 0) : typeof value === 'string' ? value : JSON.stringify(value)
}

const sorted = new WeakMap<object, string[]>()

/**
 * The feature names of an item's data in natural order, keeping those that contain `filter` in any
 * case. The sorted list is kept per data object, so filtering 500 features per keystroke only scans.
 */
export function sortedFeatures(data: Record<string, unknown> | null | undefined, filter = ''): string[] {
  if (!data || typeof data !== 'object') return []
  let names = sorted.get(data)
  if (!names) sorted.set(data, (names = Object.keys(data).sort(collator.compare)))
  const needle = filter.trim().toLowerCase()
  return needle ? names.filter((name) => name.toLowerCase().includes(needle)) : names
}

/** `{name}` placeholders of a text replaced by values. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))
}
