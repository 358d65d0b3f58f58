'use client'
// Pure formatting helpers of <ReportView>.

/** Natural order: `ne_income_feature_2` before `ne_income_feature_10`. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** `••••1234`: only the last four characters of a number stay visible. */
export function mask(value: string | null | undefined): string {
  return !value || value.length <= 4 ? '••••' : `••••${value.slice(-4)}`
}

/** Any JSON value as text, so unknown fields are shown rather than dropped (`true`, as in the CSV). */
export function formatValue(value: unknown, numbers: Intl.NumberFormat): string {
  return value == null ? '—' : typeof value === 'number' ? numbers.format(value) : typeof value === 'string' ? value : JSON.stringify(value)
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
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
