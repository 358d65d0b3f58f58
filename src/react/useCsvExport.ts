'use client'
import { useState } from 'react'
import type { IbvReport } from '../core/index.js'
import { fill } from './format.js'
import type { REPORT_VIEW_TEXT } from '../core/report-view-text.js'
import { featuresCsv } from './report-csv.js'

/**
 * Copy and download of all of a report's features as CSV (whatever the filter shows: the file is
 * the record), and the status line that says what happened and how many features. Both read the
 * report when clicked, so nothing is serialised while the officer only reads.
 */
export function useCsvExport(
  report: IbvReport,
  revealed: boolean,
  text: typeof REPORT_VIEW_TEXT,
  label: (name: string) => string,
  locale: string,
) {
  const [status, setStatus] = useState('')
  const run = (write: (csv: string) => unknown, done: string) => {
    const { csv, count } = featuresCsv(report, revealed, label, locale)
    setStatus('')
    // An insecure page or a refused permission has no clipboard: say so, the download still works.
    Promise.resolve(csv)
      .then(write)
      .then(
        () => setStatus(fill(done, { count })),
        () => setStatus(text.copyFailed),
      )
  }
  const copy = () => run((csv) => navigator.clipboard.writeText(csv), text.copied)
  const download = () =>
    run((csv) => {
      // A byte-order mark, so a spreadsheet reads the file as UTF-8 (the mask's bullets, accents).
      const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `${String(report.product_request_id).replace(/[^\w.-]+/g, '_')}-features.csv`
      link.click()
      // Revoked once the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(url))
    }, text.downloaded)
  return { status, copy, download }
}
