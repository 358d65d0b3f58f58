import { HOSTED_PAGE_DATA as DATA } from '../../core/hosted-page-data.js'
import {
  describeStatus,
  type IbvAccount,
  type IbvItem,
  type IbvReport,
  type ReportStatus,
} from '../../core/index.js'
import { escapeHtml, page } from './html.js'
import { portalFormats, type PortalFormats } from './portal-format.js'
import type { PortalTexts, SandboxTexts } from './texts/index.js'

// The hosted report reads like <ReportView>: a header, a summary, then one section per account
// with its items' features, in the language it was asked for (texts/), its money, numbers and
// dates written that language's way.

/** Seconds after which a page in a state that can still change reloads itself. */
const REFRESH_SECONDS = 5

type Fact = [label: string, html: string]

/** Label and value pairs as a definition list (`html` is already escaped). */
const facts = (list: Fact[], label?: string) =>
  `<dl class="portal-facts"${label ? ` aria-label="${escapeHtml(label)}"` : ''}>${list
    .map(([name, html]) => `<div><dt>${escapeHtml(name)}</dt><dd>${html}</dd></div>`)
    .join('')}</dl>`

/** `ending 1234`: personal numbers never show more than their last four characters. */
function ending(text: PortalTexts, value: unknown): string {
  const number = String(value ?? '')
  return escapeHtml(number.length > 4 ? text.ending(number.slice(-4)) : text.hidden)
}

/** A status's badge, its label in the page's language. */
function badge(text: PortalTexts, status: ReturnType<typeof describeStatus>): string {
  const label = status.known
    ? text.statusLabels[status.status as ReportStatus]
    : text.unknownStatusLabel
  return `<span class="status" data-tone="${status.tone}">${escapeHtml(label)}</span>`
}

/** Long snake_case names may break after an underscore before anywhere else. */
const breakable = (name: string) => escapeHtml(name).replace(/_/g, '_<wbr>')

/** The label of a name the service sent, when the page's language has one (never `constructor`). */
const labelOf = (labels: Partial<Record<string, string>>, name: unknown): string | undefined =>
  typeof name === 'string' && Object.hasOwn(labels, name) ? labels[name] : undefined

function itemSection(text: PortalTexts, formats: PortalFormats, item: IbvItem): string {
  const itemName = labelOf(text.itemNames, item.item_code) ?? item.item_name
  const data = item.data && typeof item.data === 'object' ? item.data : {}
  const names = Object.keys(data).sort(formats.compare)
  const rows = names
    .map(
      (name) =>
        `<tr><th scope="row">${breakable(name)}</th><td class="portal-number">${formats.value(data[name])}</td></tr>`,
    )
    .join('')
  return `<div class="portal-item">
<h4>${escapeHtml(itemName)} <small>${escapeHtml(item.item_code)} · v${escapeHtml(item.item_version)}</small></h4>
${
  names.length
    ? `<table class="portal-features"><caption class="portal-hidden">${escapeHtml(text.features(itemName))}</caption>
<thead><tr><th scope="col">${escapeHtml(text.feature)}</th><th scope="col" class="portal-number">${escapeHtml(text.value)}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${escapeHtml(text.noFeatures)}</p>`
}
</div>`
}

// Sections without an accessible name: not landmarks, so two accounts of the same name are fine.
function accountSection(text: PortalTexts, formats: PortalFormats, account: IbvAccount): string {
  const items = Array.isArray(account.items) ? account.items : []
  return `<section class="portal-account">
<h3 class="portal-account-heading"><span>${escapeHtml(account.account_name)}</span> <span class="portal-balance">${escapeHtml(formats.money(Number(account.balance) || 0))}</span></h3>
${facts([
  [text.institution, escapeHtml(account.provider_name)],
  [text.type, escapeHtml(labelOf(text.accountTypes, account.account_type) ?? account.account_type)],
  [text.accountNumber, ending(text, account.account_number)],
  [text.routingNumber, ending(text, account.routing_number)],
])}
${items.map((item) => itemSection(text, formats, item)).join('\n')}
</section>`
}

/**
 * What the page becomes when its token expires while it is open: written by its script from this
 * template, so the script carries no text of any language.
 */
function expiredTemplate(texts: SandboxTexts): string {
  const expired = texts.portal.sessionExpired
  return `<template id="ibv-expired-page" data-title="${escapeHtml(texts.portal.unavailableTitle(expired.title))}"><h1>${escapeHtml(expired.title)}</h1>
<p role="alert">${escapeHtml(expired.text)}</p>
<h2>${escapeHtml(texts.portal.whatToDoNext)}</h2>
<p>${escapeHtml(expired.next)}</p></template>`
}

/** The hosted report, as the embeddable page shows it. Account and routing numbers are masked. */
export function reportPage(basePath: string, report: IbvReport, texts: SandboxTexts): string {
  const text = texts.portal
  const formats = portalFormats(texts.intl)
  const status = describeStatus(report.ibv_report_status)
  const accounts = Array.isArray(report.accounts) ? report.accounts : []
  // Summed in cents, so 0.1 + 0.2 stays 0.30 however many accounts there are.
  const cents = accounts.reduce(
    (sum, account) => sum + Math.round((Number(account.balance) || 0) * 100),
    0,
  )
  const institutions =
    [...new Set(accounts.map((account) => account.provider_name))].join(', ') || '—'
  return page({
    texts,
    title: text.documentTitle(report.product_request_id),
    basePath,
    script: 'portal.js',
    data: { [DATA.tokenCheck]: 'true' },
    body: `<main class="portal">
<header class="portal-header">
<h1>${escapeHtml(text.heading)}</h1>
${facts(
  [
    [text.report, `<code>${escapeHtml(report.product_request_id)}</code>`],
    [text.consumer, escapeHtml(report.consumer_id)],
    [text.referenceDate, formats.date(report.reference_date)],
    [text.created, formats.date(report.created_at)],
    [text.status, badge(text, status)],
  ],
  text.report,
)}
</header>
<section class="portal-summary">
<h2>${escapeHtml(text.summary)}</h2>
${facts([
  [text.accounts, escapeHtml(formats.count(accounts.length))],
  [text.institutions, escapeHtml(institutions)],
  [text.netBalance, escapeHtml(formats.money(cents / 100))],
])}
</section>
<section>
<h2>${escapeHtml(text.accounts)}</h2>
${accounts.map((account) => accountSection(text, formats, account)).join('\n') || `<p>${escapeHtml(text.noAccounts)}</p>`}
</section>
</main>
${expiredTemplate(texts)}`,
  })
}

/** The page for a report that is not complete: its state, and a reload while it can still change. */
export function pendingPage(
  basePath: string,
  productRequestId: string,
  statusValue: string,
  texts: SandboxTexts,
): string {
  const text = texts.portal
  const status = describeStatus(statusValue)
  const refreshes = !(status.terminal || status.needsReconnect)
  const known =
    status.known && status.status !== 'complete'
      ? text.states[status.status as Exclude<ReportStatus, 'complete'>]
      : undefined
  const title = known?.title ?? text.unknownTitle
  const next = known
    ? known.next(REFRESH_SECONDS)
    : refreshes
      ? text.checksAgain(REFRESH_SECONDS)
      : text.reloadLater
  const description = status.known
    ? text.statusDescriptions[status.status as ReportStatus]
    : text.unknownStatusDescription(status.status)
  return page({
    texts,
    title: text.stateDocumentTitle(title, productRequestId),
    basePath,
    script: 'portal.js',
    // The script asks for the status every few seconds and reloads when it changed: no meta
    // refresh, which would reload under a screen reader's user whether anything changed or not.
    data: refreshes
      ? { [DATA.tokenCheck]: 'true', [DATA.status]: status.status }
      : { [DATA.tokenCheck]: 'true' },
    body: `<main class="portal portal-state" data-tone="${status.tone}">
<h1>${escapeHtml(title)}</h1>
${facts([
  [text.status, badge(text, status)],
  [text.report, `<code>${escapeHtml(productRequestId)}</code>`],
])}
<h2>${escapeHtml(text.whatItMeans)}</h2>
<p>${escapeHtml(description)}</p>
<h2>${escapeHtml(text.whatToDoNext)}</h2>
<p>${escapeHtml(next)}</p>
</main>
${expiredTemplate(texts)}`,
  })
}

/** The 401 page: unknown, expired or wrong-kind token. An expired one tells the embedder. */
export function refusedPage(
  basePath: string,
  problem: 'unknown' | 'expired' | 'wrong_kind',
  texts: SandboxTexts,
): string {
  const refused = texts.portal.refused[problem]
  return page({
    texts,
    title: texts.portal.unavailableTitle(refused.title),
    basePath,
    script: 'portal.js',
    data: problem === 'expired' ? { [DATA.expired]: 'true' } : {},
    body: `<main class="portal portal-state">
<h1>${escapeHtml(refused.title)}</h1>
<p role="alert">${escapeHtml(refused.text)}</p>
<h2>${escapeHtml(texts.portal.whatToDoNext)}</h2>
<p>${escapeHtml(refused.next)}</p>
</main>`,
  })
}
