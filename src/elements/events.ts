import type { ConnectSuccess, ConnectWidgetState } from '../core/connect-widget.js'
import type { EmbeddedReportState } from '../core/embed-frames.js'
import type { IbvError } from '../core/errors.js'
import type { ConnectExitError, ConnectExitMetadata } from '../core/frame-protocol.js'

/**
 * An element's state, also its `data-state` attribute: rendered, or rendered after refusing bad
 * input; `<ibv-connect-button>` has the widget's (`idle`, `loading`, `open`, `unavailable`, `error`),
 * `<ibv-embedded-report>` the report's (`loading`, `ready`, `renewing`, `expired`, `error`).
 */
export type IbvElementState = 'ready' | 'error' | ConnectWidgetState | EmbeddedReportState

/** `ibv-success`: the applicant connected a bank; a product request now exists (keep its id). */
export type IbvSuccessDetail = ConnectSuccess

/**
 * `ibv-exit`: the widget closed without success. `error` says why, or is null when the user just
 * left; `metadata.productRequestId` is set when a request was left waiting in `reconnect_required`.
 */
export interface IbvExitDetail {
  /** The widget's error (`INVALID_CREDENTIALS`, …, or `WIDGET_UNAVAILABLE`), or null. */
  error: ConnectExitError | null
  /** Where the consumer left (`status`), and the product request left waiting, if any. */
  metadata: ConnectExitMetadata
}

/** `ibv-event`: a step the widget reports (`OPEN`, `SUBMIT_CREDENTIALS`, `OAUTH_OPENED`, `OAUTH_COMPLETED`, `OAUTH_CANCELLED`, `ERROR`, …). */
export interface IbvWidgetEventDetail {
  /** The step's name, as the widget sends it. */
  name: string
  /** What the widget says about it. */
  metadata: Record<string, unknown>
}

/** `ibv-state-change`: the element's `data-state` changed. */
export interface IbvStateChangeDetail {
  /** The new state, as `data-state` now says. */
  state: IbvElementState
}

/** `ibv-error`: something the element was given or asked for failed; the element shows what it can. */
export interface IbvErrorDetail {
  /** What failed: match on its `code`; its message is for people (it is also logged). */
  error: IbvError
}

/** The DOM events of the `<ibv-*>` elements, each a `CustomEvent` that bubbles and crosses shadow roots. */
export interface IbvElementEventMap {
  /** The element's `data-state` changed. */
  'ibv-state-change': CustomEvent<IbvStateChangeDetail>
  /** Something the element was given or asked for failed. */
  'ibv-error': CustomEvent<IbvErrorDetail>
  /** `<ibv-connect-button>`: the applicant connected a bank. */
  'ibv-success': CustomEvent<IbvSuccessDetail>
  /** `<ibv-connect-button>`: the widget closed without success. */
  'ibv-exit': CustomEvent<IbvExitDetail>
  /** `<ibv-connect-button>`: a step the widget reports. */
  'ibv-event': CustomEvent<IbvWidgetEventDetail>
}

// `element.addEventListener('ibv-error', (event) => event.detail.error)` is typed, on an element
// and on the document the events bubble to.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's own map
  interface HTMLElementEventMap extends IbvElementEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's own map
  interface DocumentEventMap extends IbvElementEventMap {}
}

/** Dispatches an event that bubbles and crosses shadow roots (`composed`). */
export function emit<K extends keyof IbvElementEventMap>(
  target: Element,
  type: K,
  detail: IbvElementEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }))
}

/** Sets `data-state`, and says so with `ibv-state-change` when it changed. */
export function setState(target: Element, state: IbvElementState): void {
  if (target.getAttribute('data-state') === state) return
  target.setAttribute('data-state', state)
  emit(target, 'ibv-state-change', { state })
}
