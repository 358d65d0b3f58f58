'use client'
import { useRef, useState } from 'react'

/** The texts of a `StaffLink`, from the calling component's own message object. */
export interface StaffLinkText {
  label: string
  copy: string
  copied: string
  copyFailed: string
}

/**
 * A link for the loan officer to pass on: as text that wraps (one click selects all of it, for a
 * copy by hand), a "Copy link" button whose outcome is shown and announced, and the lender's own
 * "Send" button. `block` is the calling component's class name (`ibv-reconnect`, `ibv-invite`):
 * the parts are `{block}__label`, `__link`, `__actions` and `__status`.
 */
export function StaffLink({
  link,
  block,
  text,
  onSend,
  sendLabel,
}: {
  link: string
  block: string
  text: StaffLinkText
  onSend?: () => void
  sendLabel: string
}) {
  const [status, setStatus] = useState('')
  const linkRef = useRef<HTMLElement>(null)
  const copy = () => {
    // Emptied first, so that a second copy is announced again.
    setStatus('')
    // An insecure page or a refused permission has no clipboard: select the link for a copy by hand.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => setStatus(text.copied),
        () => {
          if (linkRef.current) getSelection()?.selectAllChildren(linkRef.current)
          setStatus(text.copyFailed)
        },
      )
  }
  return (
    <>
      <p className={`${block}__label`}>{text.label}</p>
      <code ref={linkRef} className={`${block}__link`}>
        {link}
      </code>
      <div className={`${block}__actions`}>
        <button type="button" className="ibv-button" onClick={copy}>
          {text.copy}
        </button>
        {onSend && (
          <button type="button" className="ibv-button" onClick={onSend}>
            {sendLabel}
          </button>
        )}
        <p role="status" className={`${block}__status`}>
          {status}
        </p>
      </div>
    </>
  )
}
