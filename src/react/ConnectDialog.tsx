'use client'
import { useLayoutEffect, useRef, useState } from 'react'
import { useFrameMessages } from './useFrameMessages.js'
import { useReadyTimeout } from './useReadyTimeout.js'
import type { CONNECT_TEXT } from './messages.js'

export interface ConnectDialogProps {
  src: string
  /** The dialog's texts: its title, the frame's title, Close, and what it says when the widget is unavailable. */
  text: typeof CONNECT_TEXT
  /** A message from the widget's own window and origin (anything else never reaches here). */
  onMessage: (data: unknown) => void
  /** The user closed the dialog (close button or Escape). */
  onDismiss: () => void
  /** How long the widget has to say anything before `onUnavailable`. @default 10000 */
  readyTimeoutMs?: number
  /** The widget at `src` said nothing in time: the dialog is to show `text.widgetUnavailable`. */
  onUnavailable: () => void
  /** Shown, instead of the frame, once the widget was unavailable. */
  unavailable: boolean
  /** "Try again" after the widget was unavailable: a new `src` is expected. */
  onRetry: () => void
}

/**
 * The widget in an accessible modal: a native `<dialog>` opened with `showModal()` (focus moves
 * in, the page behind is inert, Escape cancels), titled, with a close button; focus returns to
 * what had it when the dialog closes. Messages count only from the widget's origin and window.
 * Escape pressed inside the widget never reaches this page: the widget posts
 * `ibv:close_requested` instead, and the hook closes the dialog as its close button does.
 * A widget that says nothing within `readyTimeoutMs` is replaced by the dialog's own error, with
 * "Try again" (focused) and "Close".
 */
export function ConnectDialog({ src, text, onMessage, onDismiss, readyTimeoutMs, onUnavailable, unavailable, onRetry }: ConnectDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const tryAgain = useRef<HTMLButtonElement>(null)
  // The widget URL whose page has spoken. The browser's own error page (nothing listening, a 500,
  // a frame the CSP refuses) fires `load` as well, but never posts: only a message shows the
  // widget is there. Without one in time, the dialog says so itself, outside the frame.
  const [spoke, setSpoke] = useState<string>()
  useReadyTimeout(spoke === src || unavailable ? undefined : src, readyTimeoutMs, onUnavailable)
  // Focus goes to the way forward; Close and the header's × are one Tab away.
  useLayoutEffect(() => {
    if (unavailable) tryAgain.current?.focus()
  }, [unavailable])

  // A layout effect, so the cleanup runs while the dialog is still in the page: a modal dialog
  // keeps the rest of the page inert until it is closed, and focus cannot return to an inert
  // button. (This component only ever renders on the client, after a click.)
  useLayoutEffect(() => {
    const element = dialog.current as HTMLDialogElement // set: this runs after the commit
    const previous = document.activeElement as HTMLOrSVGElement | null
    // jsdom has neither showModal nor close: there the dialog is only opened and closed.
    if (element.showModal && !element.open) element.showModal()
    else element.setAttribute('open', '')
    closeButton.current?.focus()
    return () => {
      if (element.close) element.close()
      else element.removeAttribute('open')
      previous?.focus() // a no-op once it has left the page
    }
  }, [])

  useFrameMessages(src, (data, source) => {
    const element = frame.current
    if (source !== element?.contentWindow) return
    // Any message of the widget's window and origin (ibv:ready comes first) shows it is there.
    setSpoke(src)
    // The frame's own messages stay here. ibv:resize: the frame takes the height its page says,
    // within the dialog's bounds (a longer page scrolls inside it). Only what reads as a positive
    // number counts: 0, text and CSS expressions compare false; the rest CSS takes as a length
    // or refuses. ibv:ready says nothing the flow needs.
    const { type, height } = Object(data) as { type?: unknown; height?: number }
    if (type === 'ibv:resize') {
      if ((height as number) > 0) element.style.height = `${height}px`
    } else if (type !== 'ibv:ready') onMessage(data)
  })

  return (
    <dialog
      ref={dialog}
      className="ibv-connect-dialog"
      aria-modal
      aria-label={text.connectTitle}
      onCancel={(event) => {
        event.preventDefault()
        onDismiss()
      }}
    >
      <div className="ibv-connect-dialog__header">
        <h2 className="ibv-connect-dialog__title">
          {text.connectTitle}
        </h2>
        <button ref={closeButton} type="button" className="ibv-connect-dialog__close" aria-label={text.close} onClick={onDismiss}>
          ×
        </button>
      </div>
      {unavailable ? (
        <div className="ibv-connect-dialog__unavailable">
          <p role="alert">{text.widgetUnavailable}</p>
          <div className="ibv-connect-dialog__actions">
            <button ref={tryAgain} type="button" className="ibv-button" onClick={onRetry}>
              {text.tryAgain}
            </button>
            <button type="button" className="ibv-button ibv-connect-dialog__dismiss" onClick={onDismiss}>
              {text.close}
            </button>
          </div>
        </div>
      ) : (
        <iframe ref={frame} src={src} title={text.connectFrameTitle} className="ibv-connect-dialog__frame" referrerPolicy="no-referrer" />
      )}
    </dialog>
  )
}
