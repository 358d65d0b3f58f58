import { INSTITUTIONS } from '../report-data.js'
import { escapeHtml } from './html.js'
import { monogram } from './logos.js'
import { widgetPage, type WidgetView } from './widget.js'

/** The banks whose name contains every word of `query` (case and accents ignored). */
export function searchBanks(query: string): Array<(typeof INSTITUTIONS)[number]> {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  return INSTITUTIONS.filter((bank) => words.every((word) => fold(bank.name).includes(word)))
}

/**
 * Step 1: choose the bank. Works without script: the search is a GET form that renders this page
 * again with the matching banks, and each bank is a submit button of the POST form.
 */
export function banksPage(view: WidgetView, action: string, query = '', notice?: string): string {
  const text = view.texts.widget
  const banks = searchBanks(query)
  // Escaped and isolated (<bdi>): a right-to-left override in the query cannot reorder the sentence.
  // The sentence is escaped around a marker that the quoted query then replaces.
  const echoed = `<bdi>${escapeHtml(query)}</bdi>`
  const MARK = '\u0001'
  const count = query
    ? escapeHtml(banks.length ? text.matches(banks.length, MARK) : text.noMatch(MARK)).replace(
        MARK,
        echoed,
      )
    : ''
  const list = banks
    .map(
      (bank) =>
        `<li><button type="submit" name="institution" value="${escapeHtml(bank.id)}">${monogram(bank.id, bank.name)}<span>${escapeHtml(bank.name)}</span></button></li>`,
    )
    .join('')
  return widgetPage(
    view,
    text.chooseBank,
    `${notice ? `<p class="notice">${escapeHtml(notice)}</p>` : ''}
<form method="get" action="${escapeHtml(action)}" role="search" class="search">
<label for="bank-search">${escapeHtml(text.searchLabel)}</label>
<div class="search-row"><input id="bank-search" name="q" type="search" value="${escapeHtml(query)}" autocomplete="off" spellcheck="false"><button type="submit" class="secondary">${escapeHtml(text.search)}</button></div>
</form>
${count ? `<p role="status" class="count">${count}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" class="banks">
${list ? `<ul aria-label="${escapeHtml(text.banks)}">${list}</ul>` : ''}
<button type="submit" name="not_listed" value="1" class="${banks.length ? 'link' : 'secondary'}">${escapeHtml(text.cantFind)}</button>
</form>`,
  )
}
