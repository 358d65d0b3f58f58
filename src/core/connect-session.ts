// The connect widget's lifecycle, below any framework: a token, the widget's URL, the wait for its
// first word, its messages (checked, decoded, dispatched), and the ways out. An adapter renders
// the snapshot (a dialog with the frame, or the error with "Try again") and forwards what the
// user does; everything else happens here.
import type { ConnectWidgetCallbacks, ConnectWidgetState } from './connect-widget.js'
import { DEFAULT_READY_TIMEOUT_MS, decodeWidgetMessage, type ConnectExitError, type ConnectExitMetadata } from './frame-protocol.js'
import { assertFrameUrl, connectWidgetUrl, type HostedPageOptions } from './urls.js'
import { checkRedirectUri, forgetRedirectPath, noteRedirectPath, spendOAuthState, unusedOAuthState } from './connect-redirect.js'
import { assertServiceOrigin, type ServiceOriginPolicy } from './service-origins.js'

/**
 * What a connect session needs besides the widget's callbacks: its service, token and invite, and
 * the language the widget is asked to speak (`locale`, sent as `localeParam`; read at each open).
 */
export interface ConnectSessionOptions extends ConnectWidgetCallbacks, HostedPageOptions {
  /** The service's base URL: the widget lives under it. */
  serviceUrl: string
  /** The origins `serviceUrl` may be on (`assertServiceOrigin`): another fails the opening (`invalid_request`) before any token is asked for. Unset: not checked. */
  serviceOrigins?: ServiceOriginPolicy
  /** A usable token for the widget: the one held while it has life left, else a new one. */
  token: () => Promise<string>
  /** Forgets the token held: it failed to open the widget ("Try again" gets another), or its invite was used. */
  forgetToken: () => void
  /** On the borrower's page: the invite the token is asked for with. A success uses it up. */
  invite?: string
  /** Tells the backend the invite was used, so the link is refused from now on. */
  completeInvite?: (invite: string, productRequestId: string) => Promise<void>
}

/** What an adapter renders. A new object for each change; never changed in place. */
export interface ConnectSessionSnapshot {
  /** Where the widget is: `idle`, `loading` its token, `open`, `unavailable` (it said nothing in time), `error` (no token). */
  readonly state: ConnectWidgetState
  /** The widget's URL while the dialog shows it (`open`), or shows that it is unavailable. */
  readonly src?: string
  /** Why no token could be had (`error`). */
  readonly error?: unknown
  /** The height the widget's page asked for, in CSS pixels. */
  readonly height?: number
}

/** The frame an adapter shows the widget in: messages count only from its window. */
export interface ConnectFrame {
  /** The frame's window (an `<iframe>`'s `contentWindow`), the only sender the session listens to. */
  readonly contentWindow: unknown
}

/** One connect widget, driven by what the user does and by what its frame says. */
export interface ConnectSession {
  /** Opens the widget (from `idle` or `error`); resolves once it is open or has failed. */
  open(): Promise<void>
  /**
   * On the page a bank sent the applicant back to: opens the widget by itself (as `open()` does),
   * where the applicant left it, when the options' `receivedRedirectUri` carries an OAuth state
   * that no widget on this page has been opened with; else does nothing. Adapters call it once
   * they are on the page.
   */
  resume(): Promise<void>
  /** Closes without a word to `onExit`: the page closes it, not the user. */
  close(): void
  /** The user closed the dialog (its close button, Escape): reported as the widget would, unless it was unavailable. */
  dismiss(): void
  /** "Try again" after the widget was unavailable: a fresh token, a new wait. */
  retry(): Promise<void>
  /** The frame the widget's page is in now, or null once it is gone. */
  attachFrame(frame: ConnectFrame | null): void
  /** New options (callbacks, token source): read when something happens, not copied. */
  setOptions(options: ConnectSessionOptions): void
  /** Calls `listener` after each change of the snapshot; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** What to render now: the same object until something changes. */
  getSnapshot(): ConnectSessionSnapshot
}

type Exit = { error: ConnectExitError | null; metadata: ConnectExitMetadata }

const IDLE: ConnectSessionSnapshot = { state: 'idle' }
/** What leaving reports when the widget said nothing more: the consumer closed it. */
const closedByUser = (): Exit => ({ error: null, metadata: { status: 'closed_by_user' } })

/** The widget that is open now, if any: one at a time, page-wide. */
let active: ConnectSession | undefined

/**
 * A connect widget's session: call `open()`, render `getSnapshot()` whenever a `subscribe`r is
 * told, attach the frame, forward the dialog's close and "Try again". Creating one has no effect
 * of its own; it listens for messages only while its widget is shown.
 *
 * @example
 * const session = createConnectSession({ serviceUrl, token: () => getToken(), forgetToken, onSuccess })
 * session.subscribe(() => render(session.getSnapshot()))
 * button.onclick = () => session.open()
 */
export function createConnectSession(options: ConnectSessionOptions): ConnectSession {
  let snapshot = IDLE
  let frame: ConnectFrame | null = null
  const listeners = new Set<() => void>()
  // What leaving now would report, as the widget last said (its `pending` message): the dialog's
  // close button cannot ask the widget, whose frame it does not see into.
  let pending = closedByUser()
  let widgetOrigin = ''
  let readyTimer: ReturnType<typeof setTimeout> | undefined
  // Counts loads: one that a close or a newer load overtook drops its token.
  let loads = 0
  // A use of the invite still being reported: the next token waits for it, so the backend
  // refuses the used invite rather than handing out another widget.
  let usedInvite: Promise<void> | undefined
  // The OAuth state this opening carries (`resume`), kept for "Try again"; `open` carries none.
  let oauthStateId: string | undefined

  const set = (next: ConnectSessionSnapshot) => {
    snapshot = next
    for (const listener of listeners) listener()
  }

  const stop = (next: ConnectSessionSnapshot) => {
    loads++
    clearTimeout(readyTimer)
    removeEventListener('message', receive)
    set(next)
  }

  // The browser's own error page (nothing listening, a 500, a frame the CSP refuses) fires `load`
  // like the widget, but never posts: only a message shows the widget is there.
  const unavailable = () => {
    set({ ...snapshot, state: 'unavailable' })
    options.onExit?.({ code: 'WIDGET_UNAVAILABLE', message: 'The connect widget did not answer in time.' }, { status: 'unavailable' })
  }

  const show = (src: string) => {
    // A lender's own widgetUrl too: only an http(s) page goes in the frame.
    assertFrameUrl(src)
    pending = closedByUser()
    widgetOrigin = new URL(src, location.href).origin
    addEventListener('message', receive)
    readyTimer = setTimeout(unavailable, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS)
    set({ state: 'open', src })
  }

  const load = async () => {
    const attempt = ++loads
    try {
      const { redirectUri } = options
      // A wrong redirect page is the lender's mistake: said at once, with no token spent on it.
      if (redirectUri !== undefined) checkRedirectUri(redirectUri)
      // A service URL elsewhere (an injected `service-url`) gets no token.
      if (options.serviceOrigins) assertServiceOrigin(options.serviceUrl, options.serviceOrigins)
      await usedInvite
      const token = await options.token()
      if (attempt !== loads) return
      const { locale, localeParam } = options
      show((options.widgetUrl ?? connectWidgetUrl)(options.serviceUrl, token, location.origin, { locale, localeParam, redirectUri, oauthStateId }))
      // On the redirect path the bank may send this tab back; a resumed widget spends its state (its OAUTH_OPENED notes a new trip).
      if (oauthStateId) spendOAuthState(oauthStateId)
      else if (redirectUri !== undefined) noteRedirectPath()
    } catch (error) {
      if (attempt === loads) stop({ state: 'error', error })
    }
  }

  const leave = ({ error, metadata }: Exit) => {
    forgetRedirectPath()
    session.close()
    options.onExit?.(error, metadata)
  }

  // Messages count only from the widget's origin and its frame's window, while it is shown.
  function receive(event: MessageEvent) {
    if (snapshot.state !== 'open' || event.origin !== widgetOrigin || !event.source || event.source !== frame?.contentWindow) return
    // Any word from it (ready comes first) shows it is there.
    clearTimeout(readyTimer)
    const message = decodeWidgetMessage(event.data)
    if (!message) return options.onInvalidMessage?.(event.data)
    switch (message.type) {
      case 'ready':
        return
      case 'resize':
        return set({ ...snapshot, height: message.height })
      case 'event':
        // The widget sent the whole page to a bank: it may come back with a state.
        if (message.name === 'OAUTH_OPENED' && message.metadata.mode === 'redirect') noteRedirectPath()
        return options.onEvent?.(message.name, message.metadata)
      case 'pending':
        pending = message
        return
      // Also Escape inside the widget (its close request), decoded as an exit.
      case 'exit':
        return leave(message)
      case 'success': {
        const { productRequestId, institution } = message
        const { invite, completeInvite } = options
        forgetRedirectPath()
        session.close()
        if (invite) {
          // Used: its token is forgotten, and the backend told, so the link is refused from now on.
          options.forgetToken()
          // Never rejects: the consumer did connect. The fetcher retries what can pass, and logs.
          usedInvite = completeInvite?.(invite, productRequestId).catch(() => {})
        }
        return options.onSuccess?.({ productRequestId, institution })
      }
    }
    message satisfies never
  }

  const start = async (state: string | undefined) => {
    if (snapshot.state !== 'idle' && snapshot.state !== 'error') return
    if (active !== session) active?.close()
    active = session
    oauthStateId = state
    set({ state: 'loading' })
    await load()
  }

  const session: ConnectSession = {
    open: () => start(undefined),
    async resume() {
      const state = unusedOAuthState(options.receivedRedirectUri)
      if (state) await start(state)
    },
    close() {
      if (active === session) active = undefined
      stop(IDLE)
    },
    dismiss() {
      // After the error, `onExit` has been told already.
      if (snapshot.state === 'open') leave(pending)
      else session.close()
    },
    async retry() {
      if (snapshot.state !== 'unavailable') return
      options.forgetToken()
      await load()
    },
    attachFrame(next) {
      frame = next
    },
    setOptions(next) {
      options = next
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
  }
  return session
}
