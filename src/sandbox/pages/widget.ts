import { HOSTED_PAGE_DATA as DATA } from '../../core/hosted-page-data.js'
import { escapeHtml, page } from './html.js'
import { monogram } from './logos.js'
import type { SandboxTexts } from './texts/index.js'
import type { WidgetPageMessage } from '../../core/index.js'
import type { FRAME_MESSAGES } from '../../core/frame-protocol.js'

export interface WidgetView {
  basePath: string
  /** The language the page speaks. */
  texts: SandboxTexts
  /** Where messages go; none for a reconnect link opened on its own. */
  origin: string | undefined
  messages: WidgetPageMessage[]
  /** What `ibv:exit` says when the consumer leaves from this page. */
  exit?: Extract<WidgetPageMessage, { type: typeof FRAME_MESSAGES.exit }>
  /** Where the consumer is: step `at` of `of` (choose the bank, sign in, the code; 2 steps on a reconnect). */
  step?: { at: number; of: number }
  /** More `data-*` attributes for the page's script (the OAuth page's addresses). */
  data?: Record<string, string>
}

export interface Bank {
  id: string
  name: string
}

/**
 * The shell of every widget page: the progress ("Step 2 of 3", a bar for the eye), the step's
 * title, its body, and an Exit button that the page's script hides inside a frame, where the
 * embedding dialog's own close button is the one way out.
 */
export function widgetPage(view: WidgetView, title: string, body: string, logo?: Bank): string {
  const text = view.texts.widget
  const data: Record<string, string> = {
    ...view.data,
    [DATA.messages]: JSON.stringify(view.messages),
  }
  if (view.origin) data[DATA.origin] = view.origin
  if (view.exit) data[DATA.exit] = JSON.stringify(view.exit)
  const exit =
    view.exit && view.origin
      ? `<button type="button" class="secondary exit" data-ibv-exit-button>${escapeHtml(text.exit)}</button>`
      : ''
  const step = view.step
  const progress = step
    ? `<div class="progress"><p>${escapeHtml(text.step(step.at, step.of))}</p><ol class="bar" aria-hidden="true">${Array.from(
        { length: step.of },
        (_, index) => `<li${index < step.at ? ' class="done"' : ''}></li>`,
      ).join('')}</ol></div>`
    : ''
  const heading = logo
    ? `<div class="title">${monogram(logo.id, logo.name, 32)}<h1>${escapeHtml(title)}</h1></div>`
    : `<h1>${escapeHtml(title)}</h1>`
  return page({
    texts: view.texts,
    title,
    basePath: view.basePath,
    script: 'widget.js',
    data,
    body: `<main class="widget">${progress}${heading}${body}${exit}</main>`,
  })
}

const alert = (error: string | undefined) =>
  error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''

// Names break only after an underscore (<wbr>), never inside a word, so the table fits 320 px.
function credentialsHint(texts: SandboxTexts): string {
  const hint = texts.widget.hint
  const row = (user: string, password: string, outcome: string) =>
    `<tr><td><code>${user}</code></td><td>${password}</td><td>${outcome}</td></tr>`
  const good = '<code>pass_<wbr>good</code>'
  return `<details class="hint"><summary>${escapeHtml(hint.summary)}</summary>
<table><thead><tr><th scope="col">${escapeHtml(hint.username)}</th><th scope="col">${escapeHtml(hint.password)}</th><th scope="col">${escapeHtml(hint.outcome)}</th></tr></thead><tbody>
${row('user_<wbr>good', good, escapeHtml(hint.complete))}
${row('user_<wbr>good', escapeHtml(hint.anythingElse), escapeHtml(hint.wrongCredentials))}
${row('user_<wbr>mfa', good, `${escapeHtml(hint.asksForCode)} <code>123456</code>`)}
${row('user_<wbr>acquire_<wbr>fail', good, escapeHtml(hint.acquireFails))}
${row('user_<wbr>generation_<wbr>fail', good, escapeHtml(hint.generationFails))}
</tbody></table></details>`
}

export interface CredentialsOptions {
  error?: string
  /** Why the consumer signs in again, on a reconnect link. */
  notice?: string
  /** Where "Choose another bank" goes (the list), if anywhere. */
  back?: string
  /** The username to show again after a wrong password (never the password). */
  username?: string
}

/** Signing in to the chosen bank. */
export function credentialsPage(
  view: WidgetView,
  action: string,
  bank: Bank,
  options: CredentialsOptions = {},
): string {
  const text = view.texts.widget
  const notice = options.notice ? `<p class="notice">${escapeHtml(options.notice)}</p>` : ''
  const back = options.back
    ? `<p class="back"><a href="${escapeHtml(options.back)}">${escapeHtml(text.chooseAnotherBank)}</a></p>`
    : ''
  return widgetPage(
    view,
    text.signInTo(bank.name),
    `${notice}${alert(options.error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="institution" value="${escapeHtml(bank.id)}">
<label>${escapeHtml(text.username)} <input name="username" value="${escapeHtml(options.username ?? '')}" autocomplete="off" autocapitalize="none" spellcheck="false" required></label>
<label>${escapeHtml(text.password)} <input name="password" type="password" autocomplete="off" required></label>
<button type="submit">${escapeHtml(text.continue)}</button>
</form>
${back}${credentialsHint(view.texts)}`,
    bank,
  )
}

/** The one-time code, after `user_mfa`. */
export function mfaPage(view: WidgetView, action: string, bank: Bank, error?: string): string {
  const text = view.texts.widget
  return widgetPage(
    view,
    text.enterCode,
    `${alert(error)}
<p>${escapeHtml(text.codeSent(bank.name))} (${escapeHtml(text.sandboxCode)} <code>123456</code>.)</p>
<form method="post" action="${escapeHtml(action)}">
<label>${escapeHtml(text.code)} <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">${escapeHtml(text.verify)}</button>
</form>`,
    bank,
  )
}

/** The end: connected. */
export function connectedPage(view: WidgetView, bank: Bank): string {
  const text = view.texts.widget
  const next = view.origin ? text.returnToApp : text.closeWindow
  return widgetPage(
    view,
    text.connected,
    `<p role="status" class="done"><span class="tick" aria-hidden="true">✓</span> ${escapeHtml(`${text.isConnected(bank.name)} ${next}`)}</p>`,
    bank,
  )
}

/** The consumer's bank is not in the list: the widget exits with INSTITUTION_NOT_FOUND. */
export function notListedPage(view: WidgetView): string {
  const text = view.texts.widget
  const next = view.origin ? text.notListedReturn : text.closeWindow
  return widgetPage(
    view,
    text.notListedTitle,
    `<p role="status">${escapeHtml(`${text.notListed} ${next}`)}</p>`,
  )
}

/** The widget cannot start (a bad, expired or wrong-kind token, or a bad origin), or cannot go on. */
export function widgetRefusedPage(
  view: WidgetView,
  text: string,
  title = view.texts.widget.cannotConnect,
): string {
  return widgetPage(view, title, `<p role="alert" class="error">${escapeHtml(text)}</p>`)
}

/**
 * A form the widget could not read: over 1 MiB, or not a form at all. `back` returns to where
 * the consumer was: the bank's sign-in or the code (a post, which announces nothing new), else
 * the list of banks.
 */
export function unreadFormPage(
  view: WidgetView,
  text: string,
  back: { action: string; label: string; institution?: string } | undefined,
): string {
  const field = back?.institution
    ? `<input type="hidden" name="institution" value="${escapeHtml(back.institution)}">`
    : ''
  const control = back
    ? `<form method="post" action="${escapeHtml(back.action)}">${field}<button type="submit" class="secondary">${escapeHtml(back.label)}</button></form>`
    : ''
  return widgetPage(
    view,
    view.texts.widget.cannotSendForm,
    `<p role="alert" class="error">${escapeHtml(text)}</p>${control}`,
  )
}
