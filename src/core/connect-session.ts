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
import { createConnectScope, type ConnectScope } from './connect-session-scope.js'

export type {
  ConnectSession,
  ConnectSessionOptions,
  ConnectSessionSnapshot,
  ConnectFrame,
} from './connect-session-types.js'
export { createConnectScope, type ConnectScope } from './connect-session-scope.js'

type Exit = { error: ConnectExitError | null; metadata: ConnectExitMetadata }

const IDLE: ConnectSessionSnapshot = { state: 'idle' }
/** What leaving reports when the widget said nothing more: the consumer closed it. */
const closedByUser = (): Exit => ({ error: null, metadata: { status: 'closed_by_user' } })

/**
 * A connect widget's session: call `open()`, render `getSnapshot()` whenever a `subscribe`r is
 * told, attach the frame, forward the dialog's close and "Try again". Creating one has no effect
 * of its own; it listens for messages only while its widget is shown. Sessions of one `scope`
 * (the adapter's: a provider, the elements' registration) show one widget at a time and use an
 * OAuth state once; without one, the session has a scope of its own.
 *
 * @example
 * const session = createConnectSession({ serviceUrl, getToken, listen: listenToPage, onSuccess }, scope)
 * session.subscribe(() => render(session.getSnapshot()))
 * button.onclick = () => session.open()
 */
export function createConnectSession(
  options: ConnectSessionOptions,
  scope: ConnectScope = createConnectScope(),
): ConnectSession {
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
  // The token the widget was last loaded with, and one not to be handed out again: it failed to
  // open the widget, or its invite was used.
  let shownToken: string | undefined
  let staleToken: string | undefined
  let stopListening: (() => void) | undefined

  const set = (next: ConnectSessionSnapshot) => {
    snapshot = next
    for (const listener of listeners) listener()
  }

  const stop = (next: ConnectSessionSnapshot) => {
    loads++
    clearTimeout(readyTimer)
    stopListening?.()
    stopListening = undefined
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
    stopListening ??= options.listen?.({ message: receive, wake() {} })
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
      const token = (await options.getToken(staleToken)).accessToken
      if (attempt !== loads) return
      shownToken = token
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
      if (oauthStateId) spendOAuthState(oauthStateId, scope)
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
  function receive(data: unknown, origin: string, source: unknown) {
    if (
      snapshot.state !== 'open' ||
      origin !== widgetOrigin ||
      !source ||
      source !== frame?.contentWindow
    )
      return
    // Any word from it (ready comes first) shows it is there.
    clearTimeout(readyTimer)
    if (!snapshot.ready) set({ ...snapshot, ready: true })
    const message = decodeWidgetMessage(data)
    if (!message) return options.onInvalidMessage?.(data)
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
          // Used: its token is not handed out again, and the backend told, so the link is refused from now on.
          staleToken = shownToken
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
    // One widget at a time among the sessions of this scope.
    scope.claim(session)
    oauthStateId = state
    set({ state: 'loading' })
    await load()
  }

  const session: ConnectSession = {
    open: () => start(undefined),
    async resume() {
      const state = unusedOAuthState(options.receivedRedirectUri, scope)
      if (state) await start(state)
    },
    close() {
      scope.release(session)
      stop(IDLE)
    },
    dismiss() {
      // After the error, `onExit` has been told already.
      if (snapshot.state === 'open') leave(pending)
      else session.close()
    },
    async retry() {
      if (snapshot.state !== 'unavailable') return
      staleToken = shownToken
      await load()
    },
    attachFrame(next) {
      frame = next
    },
    message: receive,
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
