import { createConnectButtonElement } from './connect-button-element.js'
import { createEmbeddedReportElement } from './embedded-report-element.js'
import { createReconnectPromptElement } from './reconnect-prompt-element.js'
import { createStatusBadgeElement } from './status-badge-element.js'

/** Registers `tag` with the class `create` makes, unless it is defined already or there is no `customElements` (a server). */
function define(tag: string, create: () => CustomElementConstructor): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tag))
    customElements.define(tag, create())
}

/**
 * Registers `<ibv-embedded-report product-request-id title? height? min-height?
 * renew-lead-seconds? ready-timeout-ms?>`: `<EmbeddedReport>`'s hosted report, its token renewed
 * before expiry with no blank frame. Alone, a page's bundle carries this element only (with
 * `defineReportStatusBadge`, what a page showing a report needs).
 *
 * @example
 * defineEmbeddedReport()
 */
export function defineEmbeddedReport(): void {
  define('ibv-embedded-report', createEmbeddedReportElement)
}

/**
 * Registers `<ibv-report-status-badge status audience? show-description?>`: `<ReportStatusBadge>`'s badge.
 *
 * @example
 * defineReportStatusBadge()
 */
export function defineReportStatusBadge(): void {
  define('ibv-report-status-badge', createStatusBadgeElement)
}

/**
 * Registers `<ibv-reconnect-prompt connection-link institution-name reason audience consumer-name?>`:
 * `<ReconnectPrompt>`'s prompt (only an https link, or http on this computer, is rendered).
 *
 * @example
 * defineReconnectPrompt()
 */
export function defineReconnectPrompt(): void {
  define('ibv-reconnect-prompt', createReconnectPromptElement)
}

/**
 * Registers `<ibv-connect-button consumer-id invite? ready-timeout-ms? redirect-uri?
 * received-redirect-uri?>`: `<ConnectButton>`'s button and dialog; sends `ibv-success`,
 * `ibv-exit` and `ibv-event` besides `ibv-state-change` and `ibv-error`.
 *
 * @example
 * defineConnectButton()
 */
export function defineConnectButton(): void {
  define('ibv-connect-button', createConnectButtonElement)
}

/**
 * Registers every `<ibv-*>` element with the page's `customElements`: `<ibv-embedded-report>`,
 * `<ibv-report-status-badge>`, `<ibv-reconnect-prompt>` and `<ibv-connect-button>` (each also has
 * its own define function, for a bundle that carries only the elements a page uses). Call it
 * once, anywhere: a second call, or a tag already defined, changes nothing. On a server (no
 * `customElements`) it does nothing, so a module shared with server rendering can call it.
 *
 * Each element renders in the light DOM, themed by `ibv-kit/styles.css`, re-renders when an
 * attribute changes, carries `data-state`, takes `service-url` and `token-url` over
 * `configureIbv`'s, and sends `ibv-state-change` and `ibv-error` (`IbvElementEventMap`).
 *
 * @example
 * defineIbvElements()
 */
export function defineIbvElements(): void {
  defineEmbeddedReport()
  defineReportStatusBadge()
  defineReconnectPrompt()
  defineConnectButton()
}
