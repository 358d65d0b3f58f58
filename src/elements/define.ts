import { createConnectButtonElement } from './connect-button-element.js'
import { createReconnectPromptElement } from './reconnect-prompt-element.js'
import { createStatusBadgeElement } from './status-badge-element.js'

/** Each element's tag and the function that makes its class (only in a browser). */
const ELEMENTS: ReadonlyArray<readonly [string, () => CustomElementConstructor]> = [
  ['ibv-report-status-badge', createStatusBadgeElement],
  ['ibv-reconnect-prompt', createReconnectPromptElement],
  ['ibv-connect-button', createConnectButtonElement],
]

/**
 * Registers the `<ibv-*>` elements with the page's `customElements`. Call it once, anywhere: a
 * second call, or a tag already defined, changes nothing. On a server (no `customElements`) it
 * does nothing, so a module shared with server rendering can call it.
 *
 * - `<ibv-report-status-badge status audience? show-description?>`: `<ReportStatusBadge>`'s badge.
 * - `<ibv-reconnect-prompt connection-link institution-name reason audience consumer-name?>`:
 *   `<ReconnectPrompt>`'s prompt (only an http(s) link is rendered).
 * - `<ibv-connect-button consumer-id invite? ready-timeout-ms?>`: `<ConnectButton>`'s button and
 *   dialog; sends `ibv-success`, `ibv-exit` and `ibv-event` besides the two below.
 *
 * Each renders in the light DOM, themed by `ibv-kit/styles.css`, re-renders when an attribute
 * changes, carries `data-state`, and sends `ibv-state-change` and `ibv-error` (`IbvElementEventMap`).
 *
 * @example
 * defineIbvElements()
 */
export function defineIbvElements(): void {
  if (typeof customElements === 'undefined') return
  for (const [tag, create] of ELEMENTS) {
    if (!customElements.get(tag)) customElements.define(tag, create())
  }
}
