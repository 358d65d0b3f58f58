'use client'
// Pure formatting helpers of <ReportView>.

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Natural order: `ne_income_feature_2` before `ne_income_feature_10`. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b)
}

/** `••••1234`: only the last four characters of a number stay visible. */
export function mask(value: string): string {
  return value.length <= 4 ? '••••' : `••••${value.slice(-4)}`
}

/** Any JSON value as text, so unknown fields are shown rather than dropped. */
export function formatValue(value: unknown, numbers: Intl.NumberFormat): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'number') return numbers.format(value)
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return JSON.stringify(value)
}
