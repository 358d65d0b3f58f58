import { IbvError } from './errors.js'
import { DEFAULT_READY_TIMEOUT_MS, HELLO_MESSAGE, isFrameMessage } from './frame-protocol.js'
import { isUsable, prefetchedToken, renewAtOf } from './held-token.js'
import { prefetchedFor } from './prefetched.js'
import { embeddedReportUrl } from './urls.js'
import {
  EMBED_FAILURES,
  EXPIRED_REMINT_MS,
  gaveUp,
  invalidRequest,
  ownFailure,
} from './embed-failures.js'
import { createTimers } from './embed-timers.js'
import {
  awaitedFrame,
  getEmbeddedReportState,
  withPageMessage,
  withToken,
  withUnavailable,
  type Frame,
} from './embed-frames.js'
import type {
  EmbedFrameElement,
  EmbedSession,
  EmbedSessionOptions,
  EmbedSnapshot,
} from './embed-session-types.js'

export type {
  EmbedFrame,
  EmbedFrameElement,
  EmbedLiveOptions,
  EmbedSession,
  EmbedSessionOptions,
  EmbedSnapshot,
} from './embed-session-types.js'

// The embedded report's engine, framework-free: its frames, the renewal of its token, the portal's
// messages, its timeouts and its state. An adapter (the React component, the custom element) feeds
// it events (the page's messages, its frames, a wake-up, "Try again") and renders its snapshots.

export { EXPIRED_REMINT_MS, MAX_FAILED_RENEWALS } from './embed-failures.js'

/**
 * The embedded report's session: start it, render `getSnapshot()` whenever a `subscribe`r is told,
 * attach the frames, hand it the page's messages; `setOptions` with each render's live options.
 *
 * @example
 * const session = createEmbedSession({ productRequestId, serviceUrl, getToken: (stale) => store.token(request, { fetch, stale }) })
 * session.subscribe(() => render(session.getSnapshot()))
 * const stop = session.start(listenToPage)
 */
export function createEmbedSession(initial: EmbedSessionOptions): EmbedSession {
  let options = initial
  const { productRequestId, serviceUrl, hydrating = false } = options
  // A request that cannot be made (no report named, a service URL that is not http(s) or not on an
  // allowed origin): nothing is fetched or loaded, and the error is the session's own.
  const invalid = invalidRequest(productRequestId, serviceUrl, options.serviceOrigins)
  const valid = !invalid
  const listeners = new Set<() => void>()
  const elements = new Map<string, EmbedFrameElement>()
  const timers = createTimers()
  // Each frame's address, made when it first appears: a new language loads a new frame, it does
  // not move a shown one (that would reload it, blank).
  const srcs = new Map<string, string>()
  // The newest token, shown or not: only its document's complaint counts.
  let token = isUsable(options.token)
    ? options.token
    : prefetchedToken(
        prefetchedFor(options.prefetched, productRequestId)?.token,
        options.renewLeadSeconds,
        hydrating,
      )
  // When the held token is renewed: its renewAt, or as `renewLeadSeconds` says now.
  let renewal: { at: number } | undefined
  const replaced = options.replaces?.getSnapshot().frames[0]
  let frames: readonly Frame[] = replaced?.ready ? [replaced] : []
  if (replaced?.ready) srcs.set(replaced.token, replaced.src)
  if (token && valid)
    frames = withToken(frames, token.accessToken, hydrating && token !== options.token)
  let fetching = false
  let fetchError: unknown
  // The session's own failure: made once, so an adapter reports each once.
  let ownError: IbvError | undefined
  let failedRenewals = 0
  // When a token was last minted because a document said it expired.
  let remintedAt = 0
  // The frame awaited to speak, and since when.
  let awaited: { token: string; since: number } | undefined
  let running = false
  let origin: string | undefined
  let snapshot: EmbedSnapshot
  // What the callbacks were last told.
  let reported: EmbedSnapshot | undefined

  const givenUp = () => gaveUp(frames, failedRenewals)

  function update() {
    const code = ownFailure(valid, frames, failedRenewals)
    if (code !== ownError?.code)
      ownError =
        invalid ?? (code && new IbvError(code, EMBED_FAILURES[code], { source: 'service' }))
    const error = ownError ?? fetchError
    for (const key of srcs.keys())
      if (!frames.some((frame) => frame.token === key)) srcs.delete(key)
    snapshot = {
      frames: frames.map((frame) => {
        let src = srcs.get(frame.token)
        if (!src) srcs.set(frame.token, (src = embeddedReportUrl(serviceUrl, frame.token, options)))
        return { ...frame, src }
      }),
      state: getEmbeddedReportState(frames, !!error, fetching),
      error,
      canRetry: valid,
    }
    if (running) {
      schedule()
      report()
    }
    for (const listener of listeners) listener()
  }

  function report() {
    const { state, error } = snapshot
    if (state !== reported?.state) options.onStateChange?.(state)
    if (error && error !== reported?.error) options.onError?.(error)
    reported = snapshot
  }

  function schedule() {
    const at = token && renewAtOf(token, options.renewLeadSeconds)
    if (at !== renewal?.at) renewal = at === undefined ? undefined : { at }
    // Renewal at the token's renewAt; the wake checks cover timers that slept.
    timers.arm('renew', renewal, renewal && renewal.at - Date.now(), renewIfDue)
    // A shown document that says it expired is replaced, now or when the re-mint window ends,
    // unless the renewals failed too often in a row.
    const replace = !givenUp() && !frames[1] && !!frames[0]?.expired
    const remintIn = replace ? remintedAt + EXPIRED_REMINT_MS - Date.now() : undefined
    timers.arm('remint', replace, remintIn, () => {
      remintedAt = Date.now()
      renew()
    })
    // A page that says nothing in time is hidden: an error, until it speaks or "Try again".
    const waiting = awaitedFrame(frames)
    if (waiting !== awaited?.token)
      awaited = waiting === undefined ? undefined : { token: waiting, since: Date.now() }
    const timeout = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS
    const quiet = awaited
    timers.arm('ready', quiet && `${timeout}`, quiet && quiet.since + timeout - Date.now(), () => {
      frames = withUnavailable(frames, (quiet as { token: string }).token)
      update()
    })
  }

  function renewIfDue() {
    if (renewal && Date.now() >= renewal.at) renew()
  }

  /** Fetches a token other than the one held, unless a fetch is under way already (or there is no report to ask for). */
  function renew() {
    if (fetching || !valid) return
    fetching = true
    fetchError = undefined
    update()
    options.getToken(token?.accessToken).then(
      (next) => {
        fetching = false
        token = next
        // The iframe appears with a usable token, loading behind a shown one.
        if (isUsable(next) && !frames.some((frame) => frame.token === next.accessToken))
          frames = withToken(frames, next.accessToken)
        update()
      },
      (error: unknown) => {
        fetching = false
        fetchError = error
        update()
      },
    )
  }
  function message(data: unknown, from: string, source: unknown) {
    // Computed when needed: a relative serviceUrl resolves against the page, which a server has not.
    origin ??= new URL(serviceUrl, globalThis.location?.href).origin
    const frame = source
      ? frames.find((candidate) => elements.get(candidate.token)?.contentWindow === source)
      : undefined
    if (from !== origin || !frame || !isFrameMessage(data)) return
    const before = frames
    frames = withPageMessage(frames, frame.token, data, token?.accessToken)
    // One soon after a re-mint means it failed.
    if (!frame.expired && frames.find((candidate) => candidate.token === frame.token)?.expired)
      failedRenewals = Date.now() - remintedAt < EXPIRED_REMINT_MS ? failedRenewals + 1 : 0
    // Noise (a message of no use, a repeated one) changes nothing, and renders nothing.
    if (frames !== before) update()
  }

  update()
  const session: EmbedSession = {
    start(listen) {
      running = true
      const unlisten = listen?.(session)
      if (!valid) console.error((ownError as IbvError).message)
      // A frame from the server's HTML may have loaded, and said its height, before anyone
      // listened: it is asked to say it again (a frame still loading ignores it: another origin).
      for (const element of elements.values())
        element.contentWindow?.postMessage(HELLO_MESSAGE, element.src)
      if (valid && !token) renew()
      else update()
      return () => {
        running = false
        unlisten?.()
        timers.clear()
      }
    },
    get options() {
      return options
    },
    setOptions(next) {
      const before = options
      options = { ...options, ...next }
      const relanguaged =
        options.locale !== before.locale || options.localeParam !== before.localeParam
      // In another language: a new token's document, loading behind the shown one. Otherwise
      // only the timers may move: nothing to render, so an adapter can hand over every render's.
      if (!running) return
      if (relanguaged && frames.length) renew()
      else schedule()
    },
    frameAttached(frameToken, element) {
      if (element) elements.set(frameToken, element)
      else elements.delete(frameToken)
    },
    message,
    wake: renewIfDue,
    retry() {
      // After giving up, "Try again" starts over (the count and the window both at 0), so the
      // expired document is replaced at once, not when the window ends.
      if (!givenUp()) return renew()
      failedRenewals = remintedAt = 0
      update()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
  }
  return session
}
