'use client'
import { useState } from 'react'
import type { IbvReport } from '../core/index.js'
import { fill } from './format.js'
import type { REPORT_VIEW_TEXT } from './messages.js'
import { featuresCsv } from './report-csv.js'

/**
 * Copy and download of a report's features as CSV, and the status line that says what happened.
 * Both read the report when clicked, so nothing is serialised while the officer only reads.
 */
export function useCsvExport(report: IbvReport, filter: string, revealed: boolean, text: typeof REPORT_VIEW_TEXT) {
  const [status, setStatus] = useState('')
  const copy = () => {
    const { csv, count } = featuresCsv(report, filter, revealed)
    setStatus('')
    // An insecure page or a refused permission has no clipboard: say so, the download still works.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(csv))
      .then(
        () => setStatus(fill(text.copied, { count })),
        () => setStatus(text.copyFailed),
      )
  }
  const download = () => {
    const { csv } = featuresCsv(report, filter, revealed)
    // A byte-order mark, so a spreadsheet reads the file as UTF-8 (the mask's bullets, accents).
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${String(report.product_request_id).replace(/[^\w.-]+/g, '_')}-features.csv`
    link.click()
    // Revoked once the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url))
  }
  return { status, copy, download }
}
