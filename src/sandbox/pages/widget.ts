import { INSTITUTIONS } from '../report-data.js'
import { escapeHtml, page } from './html.js'

/** A message the widget posts to the embedding window (see the README's widget protocol). */
export type WidgetMessage =
  | { type: 'ibv:ready' }
  | { type: 'ibv:event'; name: string; metadata: Record<string, unknown> }
  | { type: 'ibv:success'; product_request_id: string; institution: { id: string; name: string } }
  | { type: 'ibv:exit'; error: { code: string; message: string } | null; metadata: Record<string, unknown> }
  // Posted by the page's script (assets.ts) on Escape, with what `ibv:exit` would carry, if anything.
  | { type: 'ibv:close_requested'; error?: { code: string; message: string } | null; metadata?: Record<string, unknown> }

export interface WidgetView {
  basePath: string
  /** Where messages go; none for a reconnect link opened on its own. */
  origin: string | undefined
  messages: WidgetMessage[]
  /** What `ibv:exit` says when the consumer leaves from this page. */
  exit?: Extract<WidgetMessage, { type: 'ibv:exit' }>
}

function widgetPage(view: WidgetView, title: string, body: string): string {
  const data: Record<string, string> = { 'ibv-messages': JSON.stringify(view.messages) }
  if (view.origin) data['ibv-origin'] = view.origin
  if (view.exit) data['ibv-exit'] = JSON.stringify(view.exit)
  const exit = view.exit && view.origin ? '<button type="button" class="secondary" data-ibv-exit-button>Exit</button>' : ''
  return page({
    title,
    basePath: view.basePath,
    script: 'widget.js',
    data,
    body: `<main class="widget"><h1>${escapeHtml(title)}</h1>${body}${exit}</main>`,
  })
}

const CREDENTIALS_HINT = `<details class="hint"><summary>Sandbox test credentials</summary>
<table><thead><tr><th scope="col">Username</th><th scope="col">Password</th><th scope="col">Outcome</th></tr></thead><tbody>
<tr><td><code>user_good</code></td><td><code>pass_good</code></td><td>report complete</td></tr>
<tr><td><code>user_good</code></td><td>anything else</td><td>wrong credentials: reconnect required</td></tr>
<tr><td><code>user_mfa</code></td><td><code>pass_good</code></td><td>asks for code <code>123456</code></td></tr>
<tr><td><code>user_acquire_fail</code></td><td><code>pass_good</code></td><td>data pull fails</td></tr>
<tr><td><code>user_generation_fail</code></td><td><code>pass_good</code></td><td>report generation fails</td></tr>
</tbody></table></details>`

/** Step 1: choose the bank and sign in. */
export function credentialsPage(view: WidgetView, action: string, error?: string, institutionId?: string): string {
  const options = INSTITUTIONS.map(
    (institution) =>
      `<option value="${institution.id}"${institution.id === institutionId ? ' selected' : ''}>${escapeHtml(institution.name)}</option>`,
  ).join('')
  return widgetPage(
    view,
    'Connect your bank',
    `${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>Bank <select name="institution">${options}</select></label>
<label>Username <input name="username" autocomplete="off" required></label>
<label>Password <input name="password" type="password" autocomplete="off" required></label>
<button type="submit">Continue</button>
</form>
${CREDENTIALS_HINT}`,
  )
}

/** Step 2 for `user_mfa`: the one-time code. */
export function mfaPage(view: WidgetView, action: string, institution: string, error?: string): string {
  return widgetPage(
    view,
    'Verify it is you',
    `${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<p>${escapeHtml(institution)} sent a code to your phone. (Sandbox: the code is <code>123456</code>.)</p>
<form method="post" action="${escapeHtml(action)}">
<label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Verify</button>
</form>`,
  )
}

/** The end: connected. */
export function connectedPage(view: WidgetView, institution: string): string {
  const next = view.origin ? 'You can return to the application.' : 'You can close this window.'
  return widgetPage(view, 'Bank connected', `<p role="status">${escapeHtml(institution)} is connected. ${next}</p>`)
}

/** The widget cannot start: a bad, expired or wrong-kind token, or a bad origin. */
export function widgetRefusedPage(view: WidgetView, text: string): string {
  return widgetPage(view, 'Cannot connect', `<p role="alert" class="error">${escapeHtml(text)}</p>`)
}
