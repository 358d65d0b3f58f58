import { createConnectSession, type ConnectSessionOptions } from '../core/connect-session.js'
import { IbvError } from '../core/errors.js'
import { backendFetchersAt, type TokenRequest } from '../core/fetchers.js'
import { CONNECT_ELEMENT_TEXT, CONNECT_TEXT, withText } from '../core/messages.js'
import { CONNECT_BUTTON_CLASS } from '../core/component-names.js'
import { elementSettings, speak, type ElementSettings } from './config.js'
import { openConnectDialog, type ConnectDialogView } from './connect-dialog.js'
import { h } from './dom.js'
import { emit, setState } from './events.js'
import { tokenFor } from './tokens.js'
import { listenToPage } from '../core/page-events.js'
import { createConnectScope, type ConnectScope } from '../core/connect-session-scope.js'

const TAG = '<ibv-connect-button>'

/**
 * `<ibv-connect-button consumer-id invite? ready-timeout-ms? redirect-uri? received-redirect-uri?
 * service-url? token-url?>`: React's `<ConnectButton>` over the same core session, in the light
 * DOM: the button, the error under it, and the widget's dialog. Its `data-state` is the widget's
 * (`idle`, `loading`, `open`, `unavailable`, `error`); it sends `ibv-success`, `ibv-exit`,
 * `ibv-event`, `ibv-state-change` and `ibv-error`. It renders a microtask after it joins the page,
 * so attributes set in the same task are read first. Taken off the page, it closes the widget.
 * `redirect-uri` and `received-redirect-uri` (also properties, `redirectUri` and
 * `receivedRedirectUri`) are `<ConnectButton>`'s props: given a received address that carries
 * `oauth_state_id`, the widget opens by itself, once.
 */
export function createConnectButtonElement(
  scope: ConnectScope = createConnectScope(),
): CustomElementConstructor {
  // The registration's own: its buttons show one widget at a time and use an OAuth state once.
  return class IbvConnectButtonElement extends HTMLElement {
    static observedAttributes = ['consumer-id', 'invite', 'received-redirect-uri']
    readonly #session = createConnectSession(this.#options(), scope)
    readonly #button = h(this.ownerDocument, 'button', {
      type: 'button',
      class: `ibv-button ${CONNECT_BUTTON_CLASS}`,
    }) as HTMLButtonElement
    #dialog: ConnectDialogView | undefined
    #unsubscribe: (() => void) | undefined
    #message: HTMLElement | undefined
    /** A missing applicant was reported, so that a render for another reason does not report it again. */
    #reportedUnset = false

    constructor() {
      super()
      this.#button.addEventListener('click', () => {
        this.#session.setOptions(this.#options())
        void this.#session.open()
      })
    }

    /**
     * Rendered once the code that put it on the page has run to its end: the attributes a page sets
     * just after inserting it (Angular's bindings, `append` then `setAttribute`) are read, not
     * taken for missing. Moved in one task, it renders once.
     */
    connectedCallback(): void {
      queueMicrotask(() => {
        if (!this.isConnected || this.#unsubscribe) return
        this.#unsubscribe = this.#session.subscribe(() => this.#render())
        this.#render()
        this.#resume()
      })
    }

    disconnectedCallback(): void {
      this.#session.close()
      this.#unsubscribe?.()
      this.#unsubscribe = undefined
    }

    attributeChangedCallback(name: string): void {
      // Before its first render, that render reads it.
      if (!this.#unsubscribe) return
      this.#render()
      if (name === 'received-redirect-uri') this.#resume()
    }

    /** `<ConnectButton redirectUri>`: the page the bank sends the whole page back to; the `redirect-uri` attribute. */
    get redirectUri(): string | null {
      return this.getAttribute('redirect-uri')
    }
    set redirectUri(value: string | null | undefined) {
      this.#reflect('redirect-uri', value)
    }

    /** `<ConnectButton receivedRedirectUri>`: the address the bank sent the page back to; the `received-redirect-uri` attribute. */
    get receivedRedirectUri(): string | null {
      return this.getAttribute('received-redirect-uri')
    }
    set receivedRedirectUri(value: string | null | undefined) {
      this.#reflect('received-redirect-uri', value)
    }

    #reflect(name: string, value: string | null | undefined): void {
      if (value == null) this.removeAttribute(name)
      else this.setAttribute(name, value)
    }

    /** On the page a bank sent the applicant back to: the widget opens by itself, once (the session decides). */
    #resume(): void {
      if (!this.getAttribute('consumer-id') && !this.getAttribute('invite')) return
      this.#session.setOptions(this.#options())
      void this.#session.resume()
    }

    /** What the session needs, read from the attributes and the page's configuration now. */
    #options(): ConnectSessionOptions {
      const settings = connectSettings(this)
      const invite = this.getAttribute('invite') || undefined
      const request: TokenRequest = invite
        ? { type: 'invite', invite }
        : { type: 'consumer', consumerId: this.getAttribute('consumer-id') ?? '' }
      const timeout = Number(this.getAttribute('ready-timeout-ms') ?? NaN)
      return {
        serviceUrl: settings.serviceUrl ?? '',
        serviceOrigins: settings.serviceUrl ? settings.serviceOrigins : undefined,
        locale: settings.lang,
        localeParam: settings.localeParam,
        readyTimeoutMs: timeout > 0 ? timeout : undefined,
        redirectUri: this.getAttribute('redirect-uri') || undefined,
        receivedRedirectUri: this.getAttribute('received-redirect-uri') || undefined,
        getToken: async (stale) => {
          if (!settings.serviceUrl)
            throw new IbvError(
              'invalid_request',
              `${TAG} has no service URL: call configureIbv({ serviceUrl }) or set its service-url attribute.`,
              { source: 'app' },
            )
          return tokenFor(settings, request, stale)
        },
        listen: listenToPage,
        invite,
        completeInvite: settings.fetchers.completeInvite?.bind(settings.fetchers),
        onSuccess: (success) => emit(this, 'ibv-success', success),
        onExit: (error, metadata) => emit(this, 'ibv-exit', { error, metadata }),
        onError: (error) => emit(this, 'ibv-error', { error }),
        onEvent: (name, metadata) => emit(this, 'ibv-event', { name, metadata }),
      }
    }

    #render(): void {
      const settings = connectSettings(this)
      const text = withText({ ...CONNECT_TEXT, ...CONNECT_ELEMENT_TEXT }, settings.texts)
      speak(this, settings)
      const snapshot = this.#session.getSnapshot()
      const invite = this.getAttribute('invite')
      // Neither a consumer id nor an invite: nothing to connect, said at once rather than on a click.
      const unset = !this.getAttribute('consumer-id') && !invite
      const state = unset ? 'error' : snapshot.state
      // The backend's 401 for an invite: expired, used or altered. The borrower can only ask for a new one.
      const refused = Boolean(invite) && snapshot.error?.status === 401
      const button = this.#button
      button.textContent = text.connectBank
      // Nothing to connect, or a link that stays refused: the borrower can only ask for a new one.
      button.disabled = unset || refused
      button.setAttribute('data-state', state)
      if (state === 'loading') button.setAttribute('aria-busy', 'true')
      else button.removeAttribute('aria-busy')
      if (!button.isConnected) this.prepend(button)
      this.#message?.remove()
      this.#message =
        state === 'error'
          ? h(
              this.ownerDocument,
              'p',
              { role: 'alert', class: 'ibv-connect-error' },
              unset ? text.connectNoApplicant : refused ? text.inviteRefused : text.connectError,
            )
          : undefined
      if (this.#message) button.after(this.#message)

      // The dialog is never moved: taking an open modal dialog off the page closes it.
      if (snapshot.src) {
        this.#dialog ??= openConnectDialog(this, this.#session, text)
        this.#dialog.update(snapshot)
      } else {
        this.#dialog?.remove()
        this.#dialog = undefined
      }

      // A session's failure reaches `ibv-error` through its onError; this one is the markup's own.
      if (unset && !this.#reportedUnset) {
        const error = new IbvError(
          'invalid_request',
          `${TAG} needs a consumer-id attribute: the applicant's id in your system.`,
          { source: 'app' },
        )
        console.error(error.message)
        emit(this, 'ibv-error', { error })
      }
      this.#reportedUnset = unset
      setState(this, state)
    }
  }
}

/**
 * A connect button's settings: with no fetchers of the page's, those of its token URL's backend,
 * `completeInvite` included (the route table's routes beside that token route).
 */
export function connectSettings(element: Element): ElementSettings {
  return elementSettings(element, (tokenUrl) => backendFetchersAt(tokenUrl))
}
