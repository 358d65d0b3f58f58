// The connect widget's lifecycle, below any framework: a token, the widget's URL, the wait for its
// first word, its messages (checked, decoded, dispatched), and the ways out. An adapter renders
// the snapshot (a dialog with the frame, or the error with "Try again") and forwards what the
// user does; everything else happens here.
import type {
  ConnectSession,
  ConnectSessionOptions,
  ConnectSessionSnapshot,
  ConnectFrame,
} from './connect-session-types.js'
import { asIbvError } from './errors.js'
import {
  DEFAULT_READY_TIMEOUT_MS,
  decodeWidgetMessage,
  type ConnectExitError,
  type ConnectExitMetadata,
} from './frame-protocol.js'
import { assertFrameUrl, connectWidgetUrl } from './urls.js'
import {
  checkRedirectUri,
  forgetRedirectPath,
  noteRedirectPath,
  spendOAuthState,
  unusedOAuthState,
} from './connect-redirect.js'
import { assertServiceOrigin } from './service-origins.js'

export type {
  ConnectSession,
  ConnectSessionOptions,
  ConnectSessionSnapshot,
  ConnectFrame,
} from './connect-session-types.js'

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
    options.onExit?.(
      { code: 'WIDGET_UNAVAILABLE', message: 'The connect widget did not answer in time.' },
      { status: 'unavailable' },
    )
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
      show(
        (options.widgetUrl ?? connectWidgetUrl)(options.serviceUrl, token, location.origin, {
          locale,
          localeParam,
          redirectUri,
          oauthStateId,
        }),
      )
      // On the redirect path the bank may send this tab back; a resumed widget spends its state (its OAUTH_OPENED notes a new trip).
      if (oauthStateId) spendOAuthState(oauthStateId)
      else if (redirectUri !== undefined) noteRedirectPath()
    } catch (failure) {
      if (attempt !== loads) return
      const error = asIbvError(
        failure,
        'The bank connection could not be started: the token-fetcher failed.',
      )
      stop({ state: 'error', error })
      options.onError?.(error)
    }
  }

  const leave = ({ error, metadata }: Exit) => {
    forgetRedirectPath()
    session.close()
    options.onExit?.(error, metadata)
  }

  // Messages count only from the widget's origin and its frame's window, while it is shown.
  function receive(event: MessageEvent) {
    if (
      snapshot.state !== 'open' ||
      event.origin !== widgetOrigin ||
      !event.source ||
      event.source !== frame?.contentWindow
    )
      return
    // Any word from it (ready comes first) shows it is there.
    clearTimeout(readyTimer)
    if (!snapshot.ready) set({ ...snapshot, ready: true })
    const message = decodeWidgetMessage(event.data)
    if (!message) return options.onInvalidMessage?.(event.data)
    switch (message.type) {
      case 'ready':
        return
      case 'resize':
        return set({ ...snapshot, height: message.height })
      case 'event':
        // The widget sent the whole page to a bank: it may come back with a state.
        if (message.name === 'OAUTH_OPENED' && message.metadata.mode === 'redirect')
          noteRedirectPath()
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
