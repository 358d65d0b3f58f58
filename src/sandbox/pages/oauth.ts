import { HOSTED_PAGE_DATA as DATA } from '../../core/hosted-page-data.js'
import { escapeHtml, page } from './html.js'
import { monogram } from './logos.js'
import { widgetPage, type Bank, type WidgetView } from './widget.js'
import type { SandboxTexts } from './texts/index.js'
import { FRAME_MESSAGES, type WidgetPageMessage } from '../../core/frame-protocol.js'

// A bank that signs in on its own site (OAuth): the widget's step that sends the consumer there,
// and the bank's own consent page, which refuses to be framed.

/** Where the widget's OAuth step sends the consumer, and (popup mode) where it goes back to. */
export interface OAuthAddresses {
  /** Starts a visit to the bank: answers with the bank's consent page. */
  start: string
  /** Popup mode: the widget's page once the bank's window reported or closed. */
  back?: string
  /** Popup mode: whether the bank has answered (JSON), asked while the window may be open. */
  answered?: string
}

/**
 * The widget's step for an OAuth bank. Popup mode: its script opens the bank's page in a window
 * at once; a blocked window is said (role alert) and the button opens it with a click. Redirect
 * mode: a link sends the whole page (`target="_top"`) to the bank.
 */
export function oauthPage(
  view: WidgetView,
  bank: Bank,
  addresses: OAuthAddresses,
  back: string,
): string {
  const text = view.texts.oauth
  const mode = addresses.back ? 'popup' : 'redirect'
  const opened = {
    type: FRAME_MESSAGES.event,
    name: 'OAUTH_OPENED',
    metadata: { institution_id: bank.id, institution_name: bank.name, mode },
  } satisfies WidgetPageMessage
  const data: Record<string, string> = {
    [DATA.oauthStart]: addresses.start,
    [DATA.oauthOpened]: JSON.stringify(opened),
  }
  if (addresses.back) data[DATA.oauthReturn] = addresses.back
  if (addresses.answered) data[DATA.oauthAnswered] = addresses.answered
  const action =
    mode === 'popup'
      ? `<p role="status" data-ibv-oauth-waiting hidden>${escapeHtml(text.waiting(bank.name))}</p>
<p role="alert" class="notice" data-ibv-oauth-blocked hidden>${escapeHtml(text.blocked(bank.name))}</p>
<p><button type="button" data-ibv-oauth-open>${escapeHtml(text.open)}</button></p>`
      : `<p><a class="button" href="${escapeHtml(addresses.start)}" target="_top" data-ibv-oauth-redirect>${escapeHtml(text.continueTo(bank.name))}</a></p>`
  const intro = mode === 'popup' ? text.popupIntro(bank.name) : text.redirectIntro(bank.name)
  return widgetPage(
    { ...view, data },
    view.texts.widget.signInTo(bank.name),
    `<p>${escapeHtml(intro)}</p>
${action}
<p class="back"><a href="${escapeHtml(back)}">${escapeHtml(view.texts.widget.chooseAnotherBank)}</a></p>
<p class="hint">${escapeHtml(text.hint)}</p>`,
    bank,
  )
}

/** The shell of the bank's pages: its name and logo, and the sandbox mark. */
function bankPage(
  texts: SandboxTexts,
  basePath: string,
  bank: Bank | undefined,
  title: string,
  body: string,
  data?: Record<string, string>,
): string {
  const header = bank
    ? `<div class="title">${monogram(bank.id, bank.name, 32)}<p class="bank-name">${escapeHtml(bank.name)}</p></div>`
    : ''
  return page({
    texts,
    title: bank ? `${title} · ${bank.name}` : title,
    basePath,
    script: data ? 'bank.js' : undefined,
    data,
    body: `<main class="widget bank">${header}
<p class="notice">${escapeHtml(texts.oauth.bankMark)}</p>
<h1>${escapeHtml(title)}</h1>
${body}</main>`,
  })
}

/** The bank asks the consumer to allow access: Allow (with a test outcome) or Deny. */
export function consentPage(
  texts: SandboxTexts,
  basePath: string,
  bank: Bank,
  state: string,
): string {
  const text = texts.oauth
  const outcome = (value: string, label: string, checked: boolean) =>
    `<label class="choice"><input type="radio" name="outcome" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`
  return bankPage(
    texts,
    basePath,
    bank,
    text.consentTitle,
    `<p>${escapeHtml(text.consentAsk(bank.name))}</p>
<form method="post" action="${escapeHtml(`${basePath}/oauth/authorize`)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<fieldset class="hint"><legend>${escapeHtml(text.outcomeLegend)}</legend>
${outcome('complete', text.outcomeComplete, true)}
${outcome('ibv_data_acquire_failed', text.outcomeAcquireFails, false)}
</fieldset>
<div class="actions"><button type="submit" name="decision" value="allow">${escapeHtml(text.allow)}</button>
<button type="submit" name="decision" value="deny" class="secondary">${escapeHtml(text.deny)}</button></div>
</form>`,
  )
}

/** Popup mode, once answered: tells the widget's window and closes itself (its script). */
export function bankDonePage(texts: SandboxTexts, basePath: string, bank: Bank): string {
  return bankPage(
    texts,
    basePath,
    bank,
    texts.oauth.doneTitle,
    `<p role="status">${escapeHtml(texts.oauth.done)}</p>`,
    { [DATA.oauthDone]: '' },
  )
}

/** A visit the bank can no longer answer: unknown (no bank to show), answered, cancelled or expired; `back`: the lender's page. */
export function bankOverPage(
  texts: SandboxTexts,
  basePath: string,
  bank: Bank | undefined,
  back?: string,
): string {
  const link = back
    ? `<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(texts.oauth.backToApp)}</a></p>`
    : ''
  return bankPage(
    texts,
    basePath,
    bank,
    texts.oauth.overTitle,
    `<p role="alert" class="error">${escapeHtml(texts.oauth.over)}</p>${link}`,
  )
}
