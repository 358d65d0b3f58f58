import { escapeHtml, page } from './html.js'
import { monogram } from './logos.js'
import type { WidgetPageMessage } from '../../core/index.js'

export interface WidgetView {
  basePath: string
  /** Where messages go; none for a reconnect link opened on its own. */
  origin: string | undefined
  messages: WidgetPageMessage[]
  /** What `ibv:exit` says when the consumer leaves from this page. */
  exit?: Extract<WidgetPageMessage, { type: 'ibv:exit' }>
  /** Where the consumer is: step `at` of `of` (choose the bank, sign in, the code; 2 steps on a reconnect). */
  step?: { at: number; of: number }
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
  const data: Record<string, string> = { 'ibv-messages': JSON.stringify(view.messages) }
  if (view.origin) data['ibv-origin'] = view.origin
  if (view.exit) data['ibv-exit'] = JSON.stringify(view.exit)
  const exit = view.exit && view.origin ? '<button type="button" class="secondary exit" data-ibv-exit-button>Exit</button>' : ''
  const step = view.step
  const progress = step
    ? `<div class="progress"><p>Step ${step.at} of ${step.of}</p><ol class="bar" aria-hidden="true">${Array.from(
        { length: step.of },
        (_, index) => `<li${index < step.at ? ' class="done"' : ''}></li>`,
      ).join('')}</ol></div>`
    : ''
  const heading = logo ? `<div class="title">${monogram(logo.id, logo.name, 32)}<h1>${escapeHtml(title)}</h1></div>` : `<h1>${escapeHtml(title)}</h1>`
  return page({
    title,
    basePath: view.basePath,
    script: 'widget.js',
    data,
    body: `<main class="widget">${progress}${heading}${body}${exit}</main>`,
  })
}

const alert = (error: string | undefined) => (error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : '')

// Names break only after an underscore (<wbr>), never inside a word, so the table fits 320 px.
const CREDENTIALS_HINT = `<details class="hint"><summary>Sandbox test credentials</summary>
<table><thead><tr><th scope="col">Username</th><th scope="col">Password</th><th scope="col">Outcome</th></tr></thead><tbody>
<tr><td><code>user_<wbr>good</code></td><td><code>pass_<wbr>good</code></td><td>report complete</td></tr>
<tr><td><code>user_<wbr>good</code></td><td>anything else</td><td>wrong credentials: reconnect required</td></tr>
<tr><td><code>user_<wbr>mfa</code></td><td><code>pass_<wbr>good</code></td><td>asks for code <code>123456</code></td></tr>
<tr><td><code>user_<wbr>acquire_<wbr>fail</code></td><td><code>pass_<wbr>good</code></td><td>data pull fails</td></tr>
<tr><td><code>user_<wbr>generation_<wbr>fail</code></td><td><code>pass_<wbr>good</code></td><td>report generation fails</td></tr>
</tbody></table></details>`

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
export function credentialsPage(view: WidgetView, action: string, bank: Bank, options: CredentialsOptions = {}): string {
  const notice = options.notice ? `<p class="notice">${escapeHtml(options.notice)}</p>` : ''
  const back = options.back ? `<p class="back"><a href="${escapeHtml(options.back)}">Choose another bank</a></p>` : ''
  return widgetPage(
    view,
    `Sign in to ${bank.name}`,
    `${notice}${alert(options.error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="institution" value="${escapeHtml(bank.id)}">
<label>Username <input name="username" value="${escapeHtml(options.username ?? '')}" autocomplete="off" autocapitalize="none" spellcheck="false" required></label>
<label>Password <input name="password" type="password" autocomplete="off" required></label>
<button type="submit">Continue</button>
</form>
${back}${CREDENTIALS_HINT}`,
    bank,
  )
}

/** The one-time code, after `user_mfa`. */
export function mfaPage(view: WidgetView, action: string, bank: Bank, error?: string): string {
  return widgetPage(
    view,
    'Enter the code',
    `${alert(error)}
<p>${escapeHtml(bank.name)} sent a 6-digit code to your phone. (Sandbox: the code is <code>123456</code>.)</p>
<form method="post" action="${escapeHtml(action)}">
<label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Verify</button>
</form>`,
    bank,
  )
}

/** The end: connected. */
export function connectedPage(view: WidgetView, bank: Bank): string {
  const next = view.origin ? 'You can return to the application.' : 'You can close this window.'
  return widgetPage(
    view,
    'Connected',
    `<p role="status" class="done"><span class="tick" aria-hidden="true">✓</span> ${escapeHtml(bank.name)} is connected. ${next}</p>`,
    bank,
  )
}

/** The consumer's bank is not in the list: the widget exits with INSTITUTION_NOT_FOUND. */
export function notListedPage(view: WidgetView): string {
  const next = view.origin ? 'Return to the application to connect another way.' : 'You can close this window.'
  return widgetPage(
    view,
    'Your bank is not listed',
    `<p role="status">We could not find your bank, so no account was connected. ${next}</p>`,
  )
}

/** The widget cannot start (a bad, expired or wrong-kind token, or a bad origin), or cannot go on. */
export function widgetRefusedPage(view: WidgetView, text: string, title = 'Cannot connect'): string {
  return widgetPage(view, title, `<p role="alert" class="error">${escapeHtml(text)}</p>`)
}

/**
 * A form the widget could not read: over 1 MiB, or not a form at all. `back` returns to where
 * the consumer was: the bank's sign-in or the code (a post, which announces nothing new), else
 * the list of banks.
 */
export function unreadFormPage(view: WidgetView, text: string, back: { action: string; label: string; institution?: string } | undefined): string {
  const field = back?.institution ? `<input type="hidden" name="institution" value="${escapeHtml(back.institution)}">` : ''
  const control = back ? `<form method="post" action="${escapeHtml(back.action)}">${field}<button type="submit" class="secondary">${escapeHtml(back.label)}</button></form>` : ''
  return widgetPage(view, 'Cannot send this form', `<p role="alert" class="error">${escapeHtml(text)}</p>${control}`)
}
