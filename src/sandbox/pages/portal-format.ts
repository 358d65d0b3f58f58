import { escapeHtml } from './html.js'

// How the hosted report writes what is not a text, in its language's Intl locale (en-US, es-US,
// fr-CA): money, numbers with their fraction aligned, dates, and the natural order of names.

export interface PortalFormats {
  /** An amount in US dollars, as text. */
  money(amount: number): string
  /** A whole number, as text. */
  count(value: number): string
  /** A feature's value as HTML: a number split at its decimal separator, anything else as text. */
  value(data: unknown): string
  /** A `YYYY-MM-DD` date or `YYYY-MM-DD HH:MM:SS` time as a `<time>`, or as sent when it is neither. */
  date(raw: unknown): string
  /** Natural order: `ne_income_feature_2` before `ne_income_feature_10`. */
  compare(a: string, b: string): number
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/
const cache = new Map<string, PortalFormats>()

/** The formats of an Intl locale (made once per locale). */
export function portalFormats(intl: string): PortalFormats {
  let formats = cache.get(intl)
  if (formats) return formats
  const money = new Intl.NumberFormat(intl, { style: 'currency', currency: 'USD' })
  const numbers = new Intl.NumberFormat(intl, { maximumFractionDigits: 4 })
  // The service's times carry no zone: shown as sent, read as UTC so no zone moves them.
  const day = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat(intl, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  const collator = new Intl.Collator(intl, { numeric: true, sensitivity: 'base' })
  formats = {
    money: (amount) => money.format(amount),
    count: (value) => numbers.format(value),
    value(data) {
      if (typeof data !== 'number')
        return escapeHtml(
          data == null ? '—' : typeof data === 'string' ? data : JSON.stringify(data),
        )
      const parts = numbers.formatToParts(data + 0)
      const at = parts.findIndex((part) => part.type === 'decimal')
      const text = (list: Intl.NumberFormatPart[]) =>
        escapeHtml(list.map((part) => part.value).join(''))
      const [whole, fraction] = at < 0 ? [parts, []] : [parts.slice(0, at), parts.slice(at)]
      return `${text(whole)}<span class="portal-fraction">${text(fraction)}</span>`
    },
    date(raw) {
      const match = typeof raw === 'string' ? DATE.exec(raw) : null
      if (!match) return escapeHtml(raw ?? '—')
      const [year = 0, month = 1, dayOfMonth = 1, hours = 0, minutes = 0, seconds = 0] = match
        .slice(1)
        .map((part) => Number(part ?? 0))
      const at = Date.UTC(year, month - 1, dayOfMonth, hours, minutes, seconds)
      const timed = match[4] !== undefined
      const datetime = timed ? `${match[0].slice(0, 10)}T${match[0].slice(11)}` : match[0]
      return `<time datetime="${escapeHtml(datetime)}">${escapeHtml((timed ? time : day).format(at))}</time>`
    },
    compare: (a, b) => collator.compare(a, b),
  }
  cache.set(intl, formats)
  return formats
}
