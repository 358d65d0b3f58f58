import {
  createEmbedSession,
  type EmbedFrame,
  type EmbedLiveOptions,
  type EmbedSession,
  type EmbedSnapshot,
} from '../core/embed-session.js'
import { IbvError } from '../core/errors.js'
import { EMBEDDED_REPORT_TEXT, withText } from '../core/messages.js'
import { EMBEDDED_REPORT_CLASS, REPORT_FRAME_CLASS } from '../core/component-names.js'
import { listenToPage } from '../core/page-events.js'
import { elementSettings, speak } from './config.js'
import { h } from './dom.js'
import { emit, setState } from './events.js'
import { heldFor, tokenFor } from './tokens.js'
import { cssSize, numberAttribute } from './attributes.js'

const TAG = '<ibv-embedded-report>'

/** The attributes a session is made of: changing one starts a new session. */
const SESSION_ATTRIBUTES = ['product-request-id', 'service-url']
/** The attributes the running session takes as they change (`setOptions`); the others re-render. */
const LIVE_ATTRIBUTES = ['token-url', 'renew-lead-seconds', 'ready-timeout-ms']

/**
 * `<ibv-embedded-report product-request-id title? height? min-height? renew-lead-seconds?
 * ready-timeout-ms? service-url? token-url?>`: React's `<EmbeddedReport>` over the same core
 * session, with its markup and classes, in the light DOM. A new `product-request-id` or
 * `service-url` starts another session; the other attributes take effect on the running one. The token is renewed before it expires
 * and the next document loads hidden behind the shown one; only the service's origin and the
 * report's own frames are heard. Its `data-state` is the report's (`loading`, `ready`, `renewing`,
 * `expired`, `error`). It starts a microtask after it joins the page, so attributes set in the same
 * task are read first. Taken off the page, it stops its session.
 */
export function createEmbeddedReportElement(): CustomElementConstructor {
  return class IbvEmbeddedReportElement extends HTMLElement {
    static observedAttributes = [
      ...SESSION_ATTRIBUTES,
      ...LIVE_ATTRIBUTES,
      'title',
      'height',
      'min-height',
    ]
    readonly #root = h(this.ownerDocument, 'div', { class: EMBEDDED_REPORT_CLASS })
    /** The iframes on the page, by token: a frame is made once, and never moved (that reloads it). */
    readonly #frames = new Map<string, HTMLIFrameElement>()
    #status: { key: string; element: HTMLElement | undefined } = { key: '', element: undefined }
    #session: EmbedSession | undefined
    #stop: (() => void) | undefined
    /** The failure last reported, so that a render for another reason does not report it again. */
    #reported: unknown

    /**
     * Started once the code that put it on the page has run to its end: the attributes a page sets
     * just after inserting it (Angular's bindings, `append` then `setAttribute`) are read, not
     * taken for missing. Moved in one task, it starts once.
     */
    connectedCallback(): void {
      queueMicrotask(() => {
        if (this.isConnected && !this.#session) this.#open()
      })
    }

    disconnectedCallback(): void {
      this.#close()
    }

    attributeChangedCallback(name: string, before: string | null, after: string | null): void {
      if (!this.#session || before === after) return
      if (LIVE_ATTRIBUTES.includes(name)) return this.#session.setOptions(this.#live())
      if (!SESSION_ATTRIBUTES.includes(name)) return this.#render()
      this.#close()
      this.#open()
    }

    /** What the running session may take as it changes: its token source and timings. */
    #live(): EmbedLiveOptions {
      const renewLeadSeconds = numberAttribute(this, 'renew-lead-seconds')
      return {
        // The page's configuration and the token-url as they are when a token is asked for.
        getToken: async (stale) => {
          const settings = elementSettings(this)
          if (!settings.serviceUrl)
            throw new IbvError(
              'invalid_request',
              `${TAG} has no service URL: call configureIbv({ serviceUrl }) or set its service-url attribute.`,
              { source: 'app' },
            )
          return tokenFor(settings, this.#request(), stale, renewLeadSeconds)
        },
        renewLeadSeconds,
        readyTimeoutMs: numberAttribute(this, 'ready-timeout-ms') || undefined,
      }
    }

    #request() {
      const productRequestId = this.getAttribute('product-request-id') ?? ''
      return { type: 'embedded_report_token', productRequestId } as const
    }

    /** A session for the attributes and the page's configuration now, rendered as it goes. */
    #open(): void {
      const settings = elementSettings(this)
      const request = this.#request()
      const session = createEmbedSession({
        ...this.#live(),
        productRequestId: request.productRequestId,
        serviceUrl: settings.serviceUrl ?? '',
        // Checked once there is one: its absence is said on its own, below.
        serviceOrigins: settings.serviceUrl ? settings.serviceOrigins : undefined,
        locale: settings.lang,
        localeParam: settings.localeParam,
        token: heldFor(settings, request),
      })
      this.#session = session
      this.#root.replaceChildren()
      this.replaceChildren(this.#root)
      const unsubscribe = session.subscribe(() => this.#render())
      const stop = session.start(listenToPage)
      this.#stop = () => {
        stop()
        unsubscribe()
      }
      this.#render()
    }

    #close(): void {
      this.#stop?.()
      this.#session = this.#stop = this.#reported = undefined
      this.#frames.clear()
      this.#status = { key: '', element: undefined }
    }

    #render(): void {
      const session = this.#session
      if (!session) return
      const snapshot = session.getSnapshot()
      const settings = elementSettings(this)
      const text = withText(EMBEDDED_REPORT_TEXT, settings.texts)
      speak(this, settings)
      const shown = new Set(snapshot.frames.map((frame) => frame.token))
      for (const [token, iframe] of this.#frames) {
        if (shown.has(token)) continue
        session.frameAttached(token, null)
        iframe.remove()
        this.#frames.delete(token)
      }
      snapshot.frames.forEach((frame, index) =>
        this.#frame(session, frame, index ? 'next' : 'current', text.reportTitle),
      )
      this.#showStatus(session, snapshot, text)
      this.#root.setAttribute('data-state', snapshot.state)

      const { error } = snapshot
      if (error && error !== this.#reported) {
        emit(this, 'ibv-error', {
          error:
            error instanceof IbvError
              ? error
              : new IbvError('unknown', `${TAG}: the report could not be loaded.`, {
                  cause: error,
                }),
        })
      }
      this.#reported = error
      setState(this, snapshot.state)
    }

    /** The iframe of `frame`, made if new (before the status, after the frames there), its size and visibility set. */
    #frame(
      session: EmbedSession,
      frame: EmbedFrame,
      role: 'current' | 'next',
      defaultTitle: string,
    ): void {
      let iframe = this.#frames.get(frame.token)
      const title = this.getAttribute('title') ?? defaultTitle
      if (!iframe) {
        iframe = h(this.ownerDocument, 'iframe', {
          src: frame.src,
          title,
          referrerpolicy: 'no-referrer',
          class: REPORT_FRAME_CLASS,
        }) as HTMLIFrameElement
        this.#frames.set(frame.token, iframe)
        this.#root.insertBefore(iframe, this.#status.element ?? null)
        session.frameAttached(frame.token, iframe)
      }
      iframe.title = title
      iframe.setAttribute('data-frame', role)
      // A fixed height, else the portal's. Hidden until its page speaks: `visibility: hidden` alone
      // keeps it from being seen, clicked, focused or read out.
      const style = iframe.style
      style.cssText = ''
      style.height =
        cssSize(this.getAttribute('height')) ??
        (frame.height === undefined ? '' : `${frame.height}px`)
      style.minHeight = cssSize(this.getAttribute('min-height')) ?? ''
      if (!frame.ready)
        Object.assign(style, { position: 'absolute', inset: '0', visibility: 'hidden' })
      if (!style.cssText) iframe.removeAttribute('style')
    }

    /** The loading text, or the error with "Try again"; made again only when what it says changes. */
    #showStatus(
      session: EmbedSession,
      { state, canRetry }: EmbedSnapshot,
      text: typeof EMBEDDED_REPORT_TEXT,
    ): void {
      const key =
        state === 'loading'
          ? text.reportLoading
          : state === 'error'
            ? `${text.reportError} ${canRetry && text.tryAgain}`
            : ''
      if (key === this.#status.key) return
      const doc = this.ownerDocument
      let element: HTMLElement | undefined
      if (state === 'loading')
        element = h(
          doc,
          'p',
          { role: 'status', class: 'ibv-embedded-report__status' },
          text.reportLoading,
        )
      else if (state === 'error') {
        const retry =
          canRetry && h(doc, 'button', { type: 'button', class: 'ibv-button' }, text.tryAgain)
        if (retry) retry.addEventListener('click', () => session.retry())
        element = h(
          doc,
          'div',
          { role: 'alert', class: 'ibv-embedded-report__error' },
          h(doc, 'p', {}, text.reportError),
          retry,
        )
      }
      this.#status.element?.remove()
      if (element) this.#root.append(element)
      this.#status = { key, element }
    }
  }
}
