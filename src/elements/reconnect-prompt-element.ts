import { IbvError } from '../core/errors.js'
import { RECONNECT_TEXT, withText } from '../core/messages.js'
import { reconnectCopy, reconnectReasonOf, refusedLinkMessage } from '../core/reconnect.js'
import { elementSettings, speak } from './config.js'
import { h, uniqueId } from './dom.js'
import { emit, setState } from './events.js'

const TAG = '<ibv-reconnect-prompt>'

/**
 * `<ibv-reconnect-prompt connection-link institution-name reason audience consumer-name?>`: the
 * markup, classes and texts of React's `<ReconnectPrompt>`, in the light DOM. Staff (the default
 * voice) get the link to read, select or copy; the borrower a button that opens it in a new tab.
 * A link that is not https (or http on 127.0.0.1, localhost or [::1]) is never rendered: the
 * element says why (`ibv-error`, the console) and sets `data-state="error"`.
 */
export function createReconnectPromptElement(): CustomElementConstructor {
  return class IbvReconnectPromptElement extends HTMLElement {
    static observedAttributes = [
      'connection-link',
      'institution-name',
      'reason',
      'audience',
      'consumer-name',
    ]
    readonly #titleId = uniqueId()
    /** The last link refused, so that a render for another attribute does not say it again. */
    #refused: string | undefined

    connectedCallback(): void {
      this.#render()
    }

    attributeChangedCallback(): void {
      if (this.isConnected) this.#render()
    }

    #render(): void {
      const settings = elementSettings(this)
      const text = withText(RECONNECT_TEXT, settings.texts)
      speak(this, settings)
      const audience = this.getAttribute('audience') === 'borrower' ? 'borrower' : 'staff'
      const givenReason = this.getAttribute('reason')
      const reason = reconnectReasonOf(givenReason) ?? 'reconnect_required'
      if (givenReason && !reconnectReasonOf(givenReason))
        console.warn(
          `${TAG} does not know the reason "${givenReason}": it shows reconnect_required.`,
        )
      const rawLink = this.getAttribute('connection-link') ?? undefined
      const copy = reconnectCopy(
        {
          reason,
          audience,
          connectionLink: rawLink,
          institutionName: this.getAttribute('institution-name') ?? undefined,
          consumerName: this.getAttribute('consumer-name') ?? undefined,
        },
        text,
      )
      const doc = this.ownerDocument
      const { link } = copy
      this.replaceChildren(
        h(
          doc,
          'div',
          {
            role: 'region',
            'aria-labelledby': this.#titleId,
            class: 'ibv-reconnect',
            'data-reason': reason,
            'data-audience': audience,
          },
          h(doc, 'p', { id: this.#titleId, class: 'ibv-reconnect__title' }, copy.title),
          h(doc, 'p', { class: 'ibv-reconnect__body' }, copy.body),
          ...(link === undefined
            ? []
            : audience === 'staff'
              ? staffLink(doc, link, text)
              : [
                  h(
                    doc,
                    'a',
                    {
                      class: 'ibv-button',
                      href: link,
                      target: '_blank',
                      rel: 'noopener noreferrer',
                    },
                    copy.action,
                  ),
                ]),
        ),
      )
      // Refused only when it is a link (a wait needs none) and not https (or loopback http).
      const refused =
        rawLink && reason !== 'refresh_not_ready' && link === undefined ? rawLink : undefined
      if (refused !== undefined && refused !== this.#refused) {
        const message = refusedLinkMessage(TAG, refused)
        console.error(message)
        emit(this, 'ibv-error', {
          error: new IbvError('invalid_request', message, { source: 'app' }),
        })
      }
      this.#refused = refused
      setState(this, refused === undefined ? 'ready' : 'error')
    }
  }
}

/**
 * The staff voice's link: as text that wraps (one click selects all of it), and a "Copy link"
 * button whose outcome is shown and announced, as React's `StaffLink`.
 */
function staffLink(doc: Document, link: string, text: typeof RECONNECT_TEXT): HTMLElement[] {
  const code = h(doc, 'code', { class: 'ibv-reconnect__link' }, link)
  const status = h(doc, 'p', { role: 'status', class: 'ibv-reconnect__status' })
  const button = h(doc, 'button', { type: 'button', class: 'ibv-button' }, text.reconnectCopy)
  button.addEventListener('click', () => {
    // Emptied first, so that a second copy is announced again.
    status.textContent = ''
    // An insecure page or a refused permission has no clipboard: select the link for a copy by hand.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => void (status.textContent = text.reconnectCopied),
        () => {
          doc.getSelection()?.selectAllChildren(code)
          status.textContent = text.reconnectCopyFailed
        },
      )
  })
  return [
    h(doc, 'p', { class: 'ibv-reconnect__label' }, text.reconnectLinkLabel),
    code,
    h(doc, 'div', { class: 'ibv-reconnect__actions' }, button, status),
  ]
}
