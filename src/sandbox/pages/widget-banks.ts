import { INSTITUTIONS } from '../report-data.js'
import { escapeHtml } from './html.js'
import { monogram } from './logos.js'
import { widgetPage, type WidgetView } from './widget.js'

/** The banks whose name contains every word of `query` (case and accents ignored). */
export function searchBanks(query: string): Array<(typeof INSTITUTIONS)[number]> {
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  return INSTITUTIONS.filter((bank) => words.every((word) => fold(bank.name).includes(word)))
}

/**
 * Step 1: choose the bank. Works without script: the search is a GET form that renders this page
 * again with the matching banks, and each bank is a submit button of the POST form.
 */
export function banksPage(view: WidgetView, action: string, query = '', notice?: string): string {
  const banks = searchBanks(query)
  // Escaped and isolated (<bdi>): a right-to-left override in the query cannot reorder the sentence.
  const echoed = `“<bdi>${escapeHtml(query)}</bdi>”`
  const count = query
    ? banks.length
      ? `${banks.length} ${banks.length === 1 ? 'bank matches' : 'banks match'} ${echoed}.`
      : `No bank matches ${echoed}. Check the spelling, or search for part of its name.`
    : ''
  const list = banks
    .map((bank) => `<li><button type="submit" name="institution" value="${escapeHtml(bank.id)}">${monogram(bank.id, bank.name)}<span>${escapeHtml(bank.name)}</span></button></li>`)
    .join('')
  return widgetPage(
    view,
    'Choose your bank',
    `${notice ? `<p class="notice">${escapeHtml(notice)}</p>` : ''}
<form method="get" action="${escapeHtml(action)}" role="search" class="search">
<label for="bank-search">Search for your bank</label>
<div class="search-row"><input id="bank-search" name="q" type="search" value="${escapeHtml(query)}" autocomplete="off" spellcheck="false"><button type="submit" class="secondary">Search</button></div>
</form>
${count ? `<p role="status" class="count">${count}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" class="banks">
${list ? `<ul aria-label="Banks">${list}</ul>` : ''}
<button type="submit" name="not_listed" value="1" class="${banks.length ? 'link' : 'secondary'}">I can’t find my bank</button>
</form>`,
  )
}
