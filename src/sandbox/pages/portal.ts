import { describeStatus, type IbvAccount, type IbvItem, type IbvReport } from '../../core/index.js'
import { escapeHtml, page } from './html.js'

// The hosted report reads like <ReportView>: a header, a summary, then one section per account
// with its items' features. Money and numbers are formatted as ReportView's defaults do.
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })
/** Natural order: `ne_income_feature_2` before `ne_income_feature_10`. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Seconds after which a page in a state that can still change reloads itself. */
const REFRESH_SECONDS = 5

type Fact = [label: string, html: string]

/** Label and value pairs as a definition list (`html` is already escaped). */
const facts = (list: Fact[], label?: string) =>
  `<dl class="portal-facts"${label ? ` aria-label="${escapeHtml(label)}"` : ''}>${list
    .map(([name, html]) => `<div><dt>${escapeHtml(name)}</dt><dd>${html}</dd></div>`)
    .join('')}</dl>`

/** `ending 1234`: personal numbers never show more than their last four characters. */
function ending(value: unknown): string {
  const text = String(value ?? '')
  return text.length > 4 ? `ending ${escapeHtml(text.slice(-4))}` : 'hidden'
}

const badge = (status: ReturnType<typeof describeStatus>) =>
  `<span class="status" data-tone="${status.tone}">${escapeHtml(status.label)}</span>`

/** A number split at its decimal point, the fraction in a fixed-width span so the points line up. */
function value(data: unknown): string {
  if (typeof data !== 'number') return escapeHtml(data == null ? '—' : typeof data === 'string' ? data : JSON.stringify(data))
  const [whole, fraction] = numbers.format(data + 0).split('.')
  return `${escapeHtml(whole)}<span class="portal-fraction">${fraction ? `.${escapeHtml(fraction)}` : ''}</span>`
}

/** Long snake_case names may break after an underscore before anywhere else. */
const breakable = (name: string) => escapeHtml(name).replace(/_/g, '_<wbr>')

function itemSection(item: IbvItem): string {
  const data = item.data && typeof item.data === 'object' ? item.data : {}
  const names = Object.keys(data).sort(collator.compare)
  const rows = names.map((name) => `<tr><th scope="row">${breakable(name)}</th><td class="portal-number">${value(data[name])}</td></tr>`).join('')
  return `<div class="portal-item">
<h4>${escapeHtml(item.item_name)} <small>${escapeHtml(item.item_code)} · v${escapeHtml(item.item_version)}</small></h4>
${
  names.length
    ? `<table class="portal-features"><caption class="portal-hidden">Features: ${escapeHtml(item.item_name)}</caption>
<thead><tr><th scope="col">Feature</th><th scope="col" class="portal-number">Value</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>This item has no features.</p>'
}
</div>`
}

// Sections without an accessible name: not landmarks, so two accounts of the same name are fine.
function accountSection(account: IbvAccount): string {
  const items = Array.isArray(account.items) ? account.items : []
  return `<section class="portal-account">
<h3 class="portal-account-heading"><span>${escapeHtml(account.account_name)}</span> <span class="portal-balance">${escapeHtml(money.format(Number(account.balance) || 0))}</span></h3>
${facts([
  ['Institution', escapeHtml(account.provider_name)],
  ['Type', escapeHtml(account.account_type)],
  ['Account number', ending(account.account_number)],
  ['Routing number', ending(account.routing_number)],
])}
${items.map(itemSection).join('\n')}
</section>`
}

/** The hosted report, as the embeddable page shows it. Account and routing numbers are masked. */
export function reportPage(basePath: string, report: IbvReport): string {
  const status = describeStatus(report.ibv_report_status)
  const accounts = Array.isArray(report.accounts) ? report.accounts : []
  // Summed in cents, so 0.1 + 0.2 stays 0.30 however many accounts there are.
  const cents = accounts.reduce((sum, account) => sum + Math.round((Number(account.balance) || 0) * 100), 0)
  const institutions = [...new Set(accounts.map((account) => account.provider_name))].join(', ') || '—'
  return page({
    title: `IBV report ${report.product_request_id}`,
    basePath,
    script: 'portal.js',
    data: { 'ibv-token-check': 'true' },
    body: `<main class="portal">
<header class="portal-header">
<h1>Income and bank verification report</h1>
${facts(
  [
    ['Report', `<code>${escapeHtml(report.product_request_id)}</code>`],
    ['Consumer', escapeHtml(report.consumer_id)],
    ['Reference date', escapeHtml(report.reference_date)],
    ['Created', escapeHtml(report.created_at)],
    ['Status', badge(status)],
  ],
  'Report',
)}
</header>
<section class="portal-summary">
<h2>Summary</h2>
${facts([
  ['Accounts', String(accounts.length)],
  ['Institutions', escapeHtml(institutions)],
  ['Net balance', escapeHtml(money.format(cents / 100))],
])}
</section>
<section>
<h2>Accounts</h2>
${accounts.map((account) => accountSection(account)).join('\n') || '<p>No accounts are connected.</p>'}
</section>
</main>`,
  })
}

/** What each state means for the reader, and what happens or is to be done next. */
const STATE_PAGES: Record<string, { title: string; next: string }> = {
  initiated: {
    title: 'Report in progress',
    next: `Nothing to do: this page checks again every ${REFRESH_SECONDS} seconds and shows the report as soon as it is ready.`,
  },
  ibv_data_acquired: {
    title: 'Report being generated',
    next: `Nothing to do: this page checks again every ${REFRESH_SECONDS} seconds and shows the report as soon as it is ready.`,
  },
  reconnect_required: {
    title: 'Bank reconnection needed',
    next: 'Ask the consumer to reconnect their bank from your app. This page does not change by itself until then; reload it after the consumer has reconnected.',
  },
  ibv_data_acquire_failed: {
    title: 'Bank data could not be pulled',
    next: 'No report will come from this request. Ask the consumer to reconnect their bank from your app, which starts a new request.',
  },
  generation_failed: {
    title: 'Report could not be generated',
    next: 'No report will come from this request: the service takes no further action. Start a new request, or contact support if it happens again.',
  },
}

/** The page for a report that is not complete: its state, and a reload while it can still change. */
export function pendingPage(basePath: string, productRequestId: string, statusValue: string): string {
  const status = describeStatus(statusValue)
  const refreshes = !(status.terminal || status.needsReconnect)
  const state = STATE_PAGES[status.status] ?? {
    title: 'Report status unknown',
    next: refreshes ? `This page checks again every ${REFRESH_SECONDS} seconds.` : 'Reload this page later.',
  }
  return page({
    title: `${state.title}: IBV report ${productRequestId}`,
    basePath,
    script: 'portal.js',
    // The script asks for the status every few seconds and reloads when it changed: no meta
    // refresh, which would reload under a screen reader's user whether anything changed or not.
    data: refreshes ? { 'ibv-token-check': 'true', 'ibv-status': status.status } : { 'ibv-token-check': 'true' },
    body: `<main class="portal portal-state" data-tone="${status.tone}">
<h1>${escapeHtml(state.title)}</h1>
${facts([
  ['Status', badge(status)],
  ['Report', `<code>${escapeHtml(productRequestId)}</code>`],
])}
<h2>What it means</h2>
<p>${escapeHtml(status.description)}</p>
<h2>What to do next</h2>
<p>${escapeHtml(state.next)}</p>
</main>`,
  })
}

const REFUSED = {
  unknown: {
    title: 'Report link not valid',
    text: 'This report link is not valid.',
    next: 'Open the report again from the app that showed it: that app asks for a new link.',
  },
  expired: {
    title: 'Report link expired',
    text: 'This report link has expired. The app showing this report asks for a new one.',
    next: 'Report links last 30 minutes. The app showing this report requests a new link by itself; if the report does not come back, reload the page.',
  },
  wrong_kind: {
    title: 'Report link not valid',
    text: 'This token cannot open a report: it is not an embedded report token.',
    next: 'The app must request an embedded report token (type embedded_report_token) for this product request and open the report with it.',
  },
} as const

/** The 401 page: unknown, expired or wrong-kind token. An expired one tells the embedder. */
export function refusedPage(basePath: string, problem: 'unknown' | 'expired' | 'wrong_kind'): string {
  const refused = REFUSED[problem]
  return page({
    title: `Report unavailable: ${refused.title}`,
    basePath,
    script: 'portal.js',
    data: problem === 'expired' ? { 'ibv-expired': 'true' } : {},
    body: `<main class="portal portal-state">
<h1>${escapeHtml(refused.title)}</h1>
<p role="alert">${escapeHtml(refused.text)}</p>
<h2>What to do next</h2>
<p>${escapeHtml(refused.next)}</p>
</main>`,
  })
}
