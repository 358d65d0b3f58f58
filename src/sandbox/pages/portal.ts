import { describeStatus, type IbvReport } from '../../core/index.js'
import { escapeHtml, page } from './html.js'

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** The hosted report, as the embeddable page shows it. Account numbers are masked. */
export function reportPage(basePath: string, report: IbvReport): string {
  const status = describeStatus(report.ibv_report_status)
  const accounts = report.accounts
    .map((account) => {
      const item = account.items[0]
      const features = item
        ? Object.entries(item.data)
            .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
            .join('')
        : ''
      return `<section class="account">
<h2>${escapeHtml(account.account_name)} <small>${escapeHtml(account.provider_name)} · ${escapeHtml(account.account_type)}</small></h2>
<p>Balance <strong>${escapeHtml(money.format(account.balance))}</strong> · Account ••••${escapeHtml(account.account_number.slice(-4))}</p>
${item ? `<details><summary>${escapeHtml(item.item_name)} ${escapeHtml(item.item_version)}</summary><table>${features}</table></details>` : ''}
</section>`
    })
    .join('\n')
  return page({
    title: `IBV report ${report.product_request_id}`,
    basePath,
    script: 'portal.js',
    data: { 'ibv-token-check': 'true' },
    body: `<header><h1>Income and bank verification</h1>
<p>Report <code>${escapeHtml(report.product_request_id)}</code> · consumer ${escapeHtml(report.consumer_id)} · reference date ${escapeHtml(report.reference_date)} · <span class="status" data-tone="${status.tone}">${escapeHtml(status.label)}</span></p></header>
${accounts || '<p>No accounts are connected.</p>'}`,
  })
}

/** The page for a report that is not complete: its state, and a reload while it can still change. */
export function pendingPage(basePath: string, productRequestId: string, statusValue: string): string {
  const status = describeStatus(statusValue)
  return page({
    title: `IBV report ${productRequestId}`,
    basePath,
    script: 'portal.js',
    data: { 'ibv-token-check': 'true' },
    refreshSeconds: status.terminal || status.needsReconnect ? undefined : 5,
    body: `<h1>Income and bank verification</h1>
<p><span class="status" data-tone="${status.tone}">${escapeHtml(status.label)}</span></p>
<p>${escapeHtml(status.description)}</p>`,
  })
}

/** The 401 page: unknown, expired or wrong-kind token. An expired one tells the embedder. */
export function refusedPage(basePath: string, problem: 'unknown' | 'expired' | 'wrong_kind'): string {
  const text = {
    unknown: 'This report link is not valid.',
    expired: 'This report link has expired. Reload the page to see the report again.',
    wrong_kind: 'This token cannot open a report: it is not an embedded report token.',
  }[problem]
  return page({
    title: 'Report unavailable',
    basePath,
    script: 'portal.js',
    data: problem === 'expired' ? { 'ibv-expired': 'true' } : {},
    body: `<h1>Report unavailable</h1><p role="alert">${escapeHtml(text)}</p>`,
  })
}
