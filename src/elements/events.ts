import type { IbvError } from '../core/errors.js'

/** An element's state, also its `data-state` attribute: rendered, or rendered after refusing bad input. */
export type IbvElementState = 'ready' | 'error'

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
}

// `element.addEventListener('ibv-error', (event) => event.detail.error)` is typed, on an element
// and on the document the events bubble to.
declare global {
  interface HTMLElementEventMap {
    'ibv-state-change': CustomEvent<IbvStateChangeDetail>
    'ibv-error': CustomEvent<IbvErrorDetail>
  }
  interface DocumentEventMap {
    'ibv-state-change': CustomEvent<IbvStateChangeDetail>
    'ibv-error': CustomEvent<IbvErrorDetail>
  }
}

/** Dispatches an event that bubbles and crosses shadow roots (`composed`). */
export function emit<K extends keyof IbvElementEventMap>(target: Element, type: K, detail: IbvElementEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }))
}

/** Sets `data-state`, and says so with `ibv-state-change` when it changed. */
export function setState(target: Element, state: IbvElementState): void {
  if (target.getAttribute('data-state') === state) return
  target.setAttribute('data-state', state)
  emit(target, 'ibv-state-change', { state })
}
