// An officer opens Ada Okafor's report (complete at start) in the "Native view" and downloads its
// features as CSV: the file lands on disk, in every engine, under the report's name, and holds the
// header row and one row per feature of Ada's accounts.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { poll } from './driver.ts'
import { engineFlow } from './flow.ts'
import { openApplicant } from './widget.ts'

const HEADER =
  'institution,account_name,account_type,account_number,item_code,feature,feature_label,value'

engineFlow('the native report view’s CSV download', async ({ tab, app, downloads }) => {
  await openApplicant(tab, app.url, 'Ada Okafor')
  await tab.waitFor('Ada’s report to be complete', () =>
    document.querySelector('.detail .ibv-badge')?.textContent?.includes('Complete'),
  )
  const reportId = await tab.waitFor(
    'the report id',
    () => document.querySelectorAll('.detail .muted code')[1]?.textContent,
  )
  await tab.click({ selector: '.tabs button', text: 'Native view' })
  await tab.click({ selector: 'button', text: 'Download CSV' })
  const count = Number(
    await tab.waitFor(
      'the download to be said',
      () =>
        /Downloaded all (\d+) features/.exec(
          document.querySelector('.ibv-report-view__copy-status')?.textContent ?? '',
        )?.[1],
    ),
  )
  expect(count).toBeGreaterThan(0)

  // The whole file: a byte-order mark (for spreadsheets), the header, then a row per feature.
  const file = join(downloads, `${reportId}-features.csv`)
  const rows = await poll(`${file}, with ${count} rows`, async () => {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\r\n') : []
    return lines.length === count + 1 && lines
  })
  expect(rows[0]).toBe(`\uFEFF${HEADER}`)
  // An account's row: its bank, name and type, the number masked, a feature and its value.
  expect(rows[1]).toMatch(/^[^,]+,[^,]+,[a-z_]+,••••\d{4},[a-z_]+,[a-z_]+,[^,]+,.+$/)
  expect(readdirSync(downloads)).toEqual([`${reportId}-features.csv`])
})
