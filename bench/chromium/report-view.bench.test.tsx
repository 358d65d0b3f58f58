import { expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { ReportView } from '../../src/index.js'
import { buildReport } from '../../src/sandbox/report-data.js'

// React's act() needs this flag outside Testing Library.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// <ReportView> of 20 accounts × 500 features against a plain HTML table of the same cells,
// rendered in the same run: the ratio is what to compare across machines, not the milliseconds.
const report = buildReport({
  productRequestId: 'IBV-BENCH',
  clientId: 'bench',
  consumerId: 'BENCH',
  institution: 'Platypus Bank',
  createdAt: Date.UTC(2026, 10, 22),
  status: 'complete',
  shape: { accounts: 20, features: 500 },
})

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function timeReportView() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const start = performance.now()
  await act(async () => root.render(<ReportView report={report} />))
  await frame()
  const rendered = performance.now() - start
  // The 11th account: its heading is a button that opens it (closed sections render no rows).
  const closed = host.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')[10]!
  const expandStart = performance.now()
  await act(async () => closed.click())
  await frame()
  const expanded = performance.now() - expandStart
  const rows = host.querySelectorAll('tr').length
  await act(async () => root.unmount())
  host.remove()
  return { rendered, expanded, rows }
}

async function timePlainTable() {
  const host = document.createElement('div')
  document.body.append(host)
  const start = performance.now()
  const cells = report.accounts
    .flatMap((account) =>
      Object.entries(account.items[0]?.data ?? {}).map(
        ([name, value]) => `<tr><th>${name}</th><td>${String(value)}</td></tr>`,
      ),
    )
    .join('')
  host.innerHTML = `<table><tbody>${cells}</tbody></table>`
  await frame()
  const rendered = performance.now() - start
  const rows = host.querySelectorAll('tr').length
  host.remove()
  return { rendered, rows }
}

it('ReportView, 20 accounts × 500 features, against a plain table', async () => {
  const views = []
  const tables = []
  for (let run = 0; run < 7; run++) {
    views.push(await timeReportView())
    tables.push(await timePlainTable())
  }
  const view = median(views.map((run) => run.rendered))
  const expand = median(views.map((run) => run.expanded))
  const table = median(tables.map((run) => run.rendered))
  await commands.writeFile(
    'reports/bench/chromium.json',
    JSON.stringify({
      reportView: {
        renderToTableRatio: view / table,
        expandToTableRatio: expand / table,
        rowsRenderedByReportView: views[0]?.rows,
        rowsInPlainTable: tables[0]?.rows,
      },
    }),
  )
  expect(tables[0]?.rows).toBe(20 * 504)
})
