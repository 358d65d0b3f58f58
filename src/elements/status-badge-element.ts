import { badgeDescription, badgeLabel } from '../core/badge.js'
import { statusLook } from '../core/statuses.js'
import { elementSettings, speak } from './config.js'
import { h, uniqueId } from './dom.js'
import { setState } from './events.js'

/**
 * `<ibv-report-status-badge status audience? show-description?>`: the markup, classes and texts of
 * React's `<ReportStatusBadge>`, in the light DOM. Made by a function, so that importing the
 * module on a server creates no class that extends `HTMLElement`.
 */
export function createStatusBadgeElement(): CustomElementConstructor {
  return class IbvReportStatusBadgeElement extends HTMLElement {
    static observedAttributes = ['status', 'audience', 'show-description']
    readonly #descriptionId = uniqueId()

    connectedCallback(): void {
      this.#render()
    }

    attributeChangedCallback(): void {
      if (this.isConnected) this.#render()
    }

    #render(): void {
      const settings = elementSettings(this)
      const texts = settings.texts
      speak(this, settings)
      // A missing status is an unknown one, shown as such.
      const audience = this.getAttribute('audience') === 'borrower' ? 'borrower' : 'staff'
      const look = statusLook(this.getAttribute('status') ?? '')
      const label = badgeLabel(look, undefined, texts)
      const description = badgeDescription(look, audience, texts)
      const doc = this.ownerDocument
      // Announced with the label; an empty text gives none.
      this.replaceChildren(
        h(
          doc,
          'span',
          {
            'aria-describedby': description ? this.#descriptionId : undefined,
            class: 'ibv-badge',
            'data-status': look.status,
            'data-tone': look.tone,
            'data-known': look.known ? 'true' : undefined,
            'data-terminal': look.terminal ? 'true' : undefined,
          },
          h(doc, 'span', { class: 'ibv-badge__label' }, label),
          description &&
            h(
              doc,
              'span',
              {
                id: this.#descriptionId,
                class: this.hasAttribute('show-description')
                  ? 'ibv-badge__description'
                  : 'ibv-visually-hidden',
              },
              description,
            ),
        ),
      )
      setState(this, 'ready')
    }
  }
}
