'use client'
import { useLayoutEffect, useRef } from 'react'
import { useFrameMessages } from './useFrameMessages.js'

export interface ConnectDialogProps {
  src: string
  title: string
  frameTitle: string
  closeLabel: string
  /** A message from the widget's own window and origin (anything else never reaches here). */
  onMessage: (data: unknown) => void
  /** The user closed the dialog (close button or Escape). */
  onDismiss: () => void
}

/**
 * The widget in an accessible modal: a native `<dialog>` opened with `showModal()` (focus moves
 * in, the page behind is inert, Escape cancels), titled, with a close button; focus returns to
 * what had it when the dialog closes. Messages count only from the widget's origin and window.
 * Escape pressed inside the widget never reaches this page: the widget posts
 * `ibv:close_requested` instead, and the hook closes the dialog as its close button does.
 */
export function ConnectDialog({ src, title, frameTitle, closeLabel, onMessage, onDismiss }: ConnectDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)

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
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault()
        onDismiss()
      }}
    >
      <div className="ibv-connect-dialog__header">
        <h2 className="ibv-connect-dialog__title">
          {title}
        </h2>
        <button ref={closeButton} type="button" className="ibv-connect-dialog__close" aria-label={closeLabel} onClick={onDismiss}>
          ×
        </button>
      </div>
      <iframe ref={frame} src={src} title={frameTitle} className="ibv-connect-dialog__frame" referrerPolicy="no-referrer" />
    </dialog>
  )
}
