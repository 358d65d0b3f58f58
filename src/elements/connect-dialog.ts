import type { ConnectSession, ConnectSessionSnapshot } from '../core/connect-session.js'
import type { CONNECT_TEXT } from '../core/messages.js'
import { CONNECT_FRAME_CLASS } from '../core/component-names.js'
import { h } from './dom.js'

/** The dialog on the page: follows the session's snapshot until it is removed. */
export interface ConnectDialogView {
  /** Shows what `snapshot` says: the widget's frame (its height), or that it is unavailable. */
  update(snapshot: ConnectSessionSnapshot): void
  /** Closes the dialog, takes it off the page and gives focus back to what had it. */
  remove(): void
}

/**
 * The widget in an accessible modal, the markup and classes of React's `ConnectDialog`: a native
 * `<dialog>` opened with `showModal()` (focus moves in, the page behind is inert, Escape cancels),
 * titled, with a close button; focus returns to what had it when it closes. Until the widget's
 * page speaks, its frame is hidden and the dialog says it is opening. A widget that says nothing
 * in time is replaced by the dialog's own error, with "Try again" (focused) and "Close".
 */
export function openConnectDialog(
  host: Element,
  session: ConnectSession,
  text: typeof CONNECT_TEXT,
): ConnectDialogView {
  const doc = host.ownerDocument
  const previous = doc.activeElement as HTMLOrSVGElement | null
  const close = h(
    doc,
    'button',
    { type: 'button', class: 'ibv-connect-dialog__close', 'aria-label': text.close },
    '×',
  )
  close.addEventListener('click', () => session.dismiss())
  const dialog = h(
    doc,
    'dialog',
    { class: 'ibv-connect-dialog', 'aria-modal': 'true', 'aria-label': text.connectTitle },
    h(
      doc,
      'div',
      { class: 'ibv-connect-dialog__header' },
      h(doc, 'h2', { class: 'ibv-connect-dialog__title' }, text.connectTitle),
      close,
    ),
  ) as HTMLDialogElement
  // Escape outside the frame: reported as the widget would, as its close button is.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    session.dismiss()
  })
  let body: HTMLElement | undefined
  // What the dialog says while the widget's page has not spoken yet.
  let loading: HTMLElement | undefined
  const show = (next: HTMLElement) => {
    body?.remove()
    loading?.remove()
    loading = undefined
    dialog.append((body = next))
  }

  const frame = (src: string) => {
    // Its page's height (ibv:resize) within the dialog's bounds; a longer page scrolls inside it.
    // Hidden (update) until its page speaks: the browser's own error page loads like the widget but never speaks.
    const iframe = h(doc, 'iframe', {
      src,
      title: text.connectFrameTitle,
      class: CONNECT_FRAME_CLASS,
      referrerpolicy: 'no-referrer',
    }) as HTMLIFrameElement
    show(iframe)
    loading = h(
      doc,
      'p',
      { role: 'status', class: 'ibv-connect-dialog__loading' },
      text.widgetLoading,
    )
    iframe.before(loading)
    session.attachFrame(iframe)
    return iframe
  }

  const unavailable = () => {
    session.attachFrame(null)
    const tryAgain = h(doc, 'button', { type: 'button', class: 'ibv-button' }, text.tryAgain)
    tryAgain.addEventListener('click', () => void session.retry())
    const dismiss = h(
      doc,
      'button',
      { type: 'button', class: 'ibv-button ibv-connect-dialog__dismiss' },
      text.close,
    )
    dismiss.addEventListener('click', () => session.dismiss())
    show(
      h(
        doc,
        'div',
        { class: 'ibv-connect-dialog__unavailable' },
        h(doc, 'p', { role: 'alert' }, text.widgetUnavailable),
        h(doc, 'div', { class: 'ibv-connect-dialog__actions' }, tryAgain, dismiss),
      ),
    )
    // Focus goes to the way forward; Close and the header's × are one Tab away.
    tryAgain.focus()
  }

  host.append(dialog)
  // jsdom has neither showModal nor close: there the dialog is only opened and closed.
  if (dialog.showModal) dialog.showModal()
  else dialog.setAttribute('open', '')
  close.focus()

  let iframe: HTMLIFrameElement | undefined
  return {
    update({ state, src, height, ready }) {
      if (state === 'unavailable') {
        if (iframe) unavailable()
        iframe = undefined
        return
      }
      // A new widget URL ("Try again" mints a new token) is a new frame; a resize is not.
      if (src && src !== iframe?.getAttribute('src')) iframe = frame(src)
      if (!iframe) return
      iframe.style.height = height === undefined ? '' : `${height}px`
      // Set after the height each time, so the markup is React's whatever came first.
      iframe.style.removeProperty('visibility')
      if (!ready) iframe.style.visibility = 'hidden'
      if (ready) {
        loading?.remove()
        loading = undefined
      }
    },
    remove() {
      session.attachFrame(null)
      if (dialog.close) dialog.close()
      else dialog.removeAttribute('open')
      dialog.remove()
      previous?.focus() // a no-op once it has left the page
    },
  }
}
