'use client'
// The features of a report as CSV (RFC 4180), for <ReportView>'s copy and download buttons.
import type { IbvReport } from '../core/index.js'
import { mask, sortedFeatures } from './format.js'

const HEADER = [
  'institution',
  'account_name',
  'account_type',
  'account_number',
  'item_code',
  'feature',
  'feature_label',
  'value',
]

/**
 * One CSV field. Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) gets a leading `'`; numbers are written as numbers, since a
 * negative number is not a formula. Fields holding a quote, a comma or a line break are quoted.
 */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Every feature of every account, one row each, lines ended by CRLF: the whole report, whatever
 * the filter shows. The raw values and names are kept, for the spreadsheet to compute with, and
 * each name's label is beside it. Account numbers are masked unless `revealed`; the owner's name
 * is never written.
 */
export function featuresCsv(
  report: IbvReport,
  revealed: boolean,
  label: (name: string) => string,
  locale: string,
): { csv: string; count: number } {
  const rows: unknown[][] = [HEADER]
  for (const account of report.accounts) {
    for (const item of account.items ?? []) {
      for (const name of sortedFeatures(item.data, locale)) {
        rows.push([
          account.provider_name,
          account.account_name,
          account.account_type,
          revealed ? account.account_number : mask(account.account_number),
          item.item_code,
          name,
          label(name),
          item.data[name],
        ])
      }
    }
  }
  return {
    csv: rows.map((row) => row.map(csvField).join(',')).join('\r\n'),
    count: rows.length - 1,
  }
}
