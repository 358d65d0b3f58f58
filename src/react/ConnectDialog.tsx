'use client'
import { useLayoutEffect, useRef } from 'react'
import type { ConnectSession, ConnectSessionSnapshot } from '../core/index.js'
import type { CONNECT_TEXT } from '../core/messages.js'
import { CONNECT_FRAME_CLASS } from '../core/component-names.js'

export interface ConnectDialogProps {
  /** The widget's session: the dialog forwards its close button, Escape and "Try again" to it. */
  session: ConnectSession
  /** What the session says now: the widget's URL and height, or that it is unavailable. */
  snapshot: ConnectSessionSnapshot
  /** The dialog's texts: its title, the frame's title, Close, and what it says when the widget is unavailable. */
  text: typeof CONNECT_TEXT
  /** The locale's language tag, for screen readers; undefined: none set. */
  lang?: string
}

/**
 * The widget in an accessible modal: a native `<dialog>` opened with `showModal()` (focus moves
 * in, the page behind is inert, Escape cancels), titled, with a close button; focus returns to
 * what had it when the dialog closes. Until the widget's page speaks, its frame is hidden and the
 * dialog says it is opening. Escape pressed inside the widget never reaches this page:
 * the widget posts its close request instead, and the session closes the dialog as its close
 * button does. A widget that says nothing in time is replaced by the dialog's own error, with
 * "Try again" (focused) and "Close".
 */
export function ConnectDialog({ session, snapshot, text, lang }: ConnectDialogProps) {
  const { dismiss, retry, attachFrame } = session
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const unavailable = snapshot.state === 'unavailable'

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

  return (
    <dialog
      ref={dialog}
      lang={lang}
      className="ibv-connect-dialog"
      aria-modal
      aria-label={text.connectTitle}
      onCancel={(event) => {
        event.preventDefault()
        dismiss()
      }}
    >
      <div className="ibv-connect-dialog__header">
        <h2 className="ibv-connect-dialog__title">{text.connectTitle}</h2>
        <button
          ref={closeButton}
          type="button"
          className="ibv-connect-dialog__close"
          aria-label={text.close}
          onClick={dismiss}
        >
          ×
        </button>
      </div>
      {unavailable ? (
        <div className="ibv-connect-dialog__unavailable">
          <p role="alert">{text.widgetUnavailable}</p>
          <div className="ibv-connect-dialog__actions">
            {/* Focus goes to the way forward; Close and the header's × are one Tab away. */}
            <button autoFocus type="button" className="ibv-button" onClick={() => void retry()}>
              {text.tryAgain}
            </button>
            <button
              type="button"
              className="ibv-button ibv-connect-dialog__dismiss"
              onClick={dismiss}
            >
              {text.close}
            </button>
          </div>
        </div>
      ) : (
        <>
          {!snapshot.ready && (
            <p role="status" className="ibv-connect-dialog__loading">
              {text.widgetLoading}
            </p>
          )}
          {/* The frame takes the height its page says, within the dialog's bounds (a longer page
              scrolls inside it). Hidden until its page speaks: the browser's own error page (the
              service unreachable, a frame refused) loads like the widget but never speaks. */}
          <iframe
            ref={attachFrame}
            src={snapshot.src}
            title={text.connectFrameTitle}
            className={CONNECT_FRAME_CLASS}
            style={{ height: snapshot.height, visibility: snapshot.ready ? undefined : 'hidden' }}
            referrerPolicy="no-referrer"
          />
        </>
      )}
    </dialog>
  )
}
