import { IbvError } from './errors.js'
import {
  DEFAULT_READY_TIMEOUT_MS,
  HELLO_MESSAGE,
  decodeReportMessage,
  isFrameMessage,
} from './frame-protocol.js'
import { isUsable, prefetchedToken } from './held-token.js'
import { prefetchedFor } from './prefetched.js'
import { assertFrameUrl, embeddedReportUrl } from './urls.js'
import { assertServiceOrigin, type ServiceOriginPolicy } from './service-origins.js'
import {
  awaitedFrame,
  getEmbeddedReportState,
  withReady,
  withReport,
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
  EmbedSession,
  EmbedSessionOptions,
  EmbedSnapshot,
} from './embed-session-types.js'

// The embedded report's engine, framework-free: its frames, the renewal of its token, the portal's
// messages, its timeouts and its state. An adapter (the React component, the custom element) feeds
// it events (the page's messages, its frames, a wake-up, "Try again") and renders its snapshots.

/**
 * Re-mint for an expired document at most this often, so a clock skew cannot loop: a complaint
 * inside the window is deferred to its end, never dropped, and counts as a failed renewal.
 */
export const EXPIRED_REMINT_MS = 10_000

/** Failed renewals in a row after which the error state and "Try again" are shown. */
export const MAX_FAILED_RENEWALS = 3

/** The session's own failures, by `IbvError` code. */
const FAILURES = {
  invalid_request: 'An embedded report needs a non-empty productRequestId.',
  unauthorized: 'The report token expired.',
  timeout: 'The report page did not answer in time.',
} as const

/** Why a report cannot be asked for, if it cannot. */
function invalidRequest(
  productRequestId: unknown,
  serviceUrl: unknown,
  serviceOrigins: ServiceOriginPolicy | undefined,
): IbvError | undefined {
  if (typeof productRequestId !== 'string' || productRequestId === '') {
    return new IbvError('invalid_request', FAILURES.invalid_request, {
      source: 'app',
      fields: { productRequestId: ['is required'] },
    })
  }
  try {
    assertFrameUrl(serviceUrl)
    if (serviceOrigins) assertServiceOrigin(serviceUrl, serviceOrigins)
    return undefined
  } catch (error) {
    return error as IbvError
  }
}

export function createEmbedSession(options: EmbedSessionOptions): EmbedSession {
  const {
    productRequestId,
    serviceUrl,
    getToken,
    hydrating = false,
    readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS,
  } = options
  // A request that cannot be made (no report named, a service URL that is not http(s) or not on an
  // allowed origin): nothing is fetched or loaded, and the error is the session's own.
  const invalid = invalidRequest(productRequestId, serviceUrl, options.serviceOrigins)
  const valid = !invalid
  const listeners = new Set<() => void>()
  const elements = new Map<string, EmbedFrameElement>()
  // A fired timer stays here with its key, so the same key does not arm it again.
  const timers = new Map<string, { key: unknown; id: ReturnType<typeof setTimeout> }>()
  // The newest token, shown or not: only its document's complaint counts.
  let token = isUsable(options.token)
    ? options.token
    : prefetchedToken(
        prefetchedFor(options.prefetched, productRequestId)?.token,
        options.renewLeadSeconds,
        hydrating,
      )
  const replaced = options.replaces?.getSnapshot().frames[0]
  let frames: readonly Frame[] = replaced?.ready ? [replaced] : []
  if (token && valid)
    frames = withToken(frames, token.accessToken, hydrating && token !== options.token)
  let fetching = false
  let fetchError: unknown
  // The session's own failure: made once, so an adapter reports each once.
  let ownError: IbvError | undefined
  let failedRenewals = 0
  // When a token was last minted because a document said it expired.
  let remintedAt = 0
  let running = false
  let origin: string | undefined
  let snapshot: EmbedSnapshot
  // What the callbacks were last told.
  let reported: EmbedSnapshot | undefined

  const gaveUp = () => !!frames[0]?.expired && failedRenewals >= MAX_FAILED_RENEWALS

  /** Keeps timer `name` armed for `key` (a new key re-arms it); no delay: none. */
  function arm(name: string, key: unknown, delay: number | undefined, run: () => void) {
    const timer = timers.get(name)
    if (timer?.key === key) return
    clearTimeout(timer?.id)
    timers.delete(name)
    // Capped: a longer delay would overflow and fire at once; the wake checks cover the rest.
    if (delay !== undefined)
      timers.set(name, { key, id: setTimeout(run, Math.min(delay, 2 ** 31 - 1)) })
  }

  function update() {
    const code = !valid
      ? 'invalid_request'
      : gaveUp()
        ? 'unauthorized'
        : frames.some((frame) => frame.unavailable)
          ? 'timeout'
          : undefined
    // The report page said nothing, or its sessions kept expiring: the service's side.
    if (code !== ownError?.code)
      ownError = invalid ?? (code && new IbvError(code, FAILURES[code], { source: 'service' }))
    const error = ownError ?? fetchError
    snapshot = {
      frames: frames.map((frame) => ({
        ...frame,
        src: embeddedReportUrl(serviceUrl, frame.token, options),
      })),
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
    // Renewal at the token's renewAt; the wake checks cover timers that slept.
    arm('renew', token, token && token.renewAt - Date.now(), renewIfDue)
    // A shown document that says it expired is replaced, now or when the re-mint window ends,
    // unless the renewals failed too often in a row.
    const replace = !gaveUp() && !frames[1] && !!frames[0]?.expired
    arm(
      'remint',
      replace,
      replace ? remintedAt + EXPIRED_REMINT_MS - Date.now() : undefined,
      () => {
        remintedAt = Date.now()
        renew()
      },
    )
    // A page that says nothing in time is hidden: an error, until it speaks or "Try again".
    const awaited = awaitedFrame(frames)
    arm('ready', awaited, awaited === undefined ? undefined : readyTimeoutMs, () => {
      frames = withUnavailable(frames, awaited as string)
      update()
    })
  }

  function renewIfDue() {
    if (token && Date.now() >= token.renewAt) renew()
  }

  /** Fetches a token other than the one held, unless a fetch is under way already (or there is no report to ask for). */
  function renew() {
    if (fetching || !valid) return
    fetching = true
    fetchError = undefined
    update()
    getToken(token?.accessToken).then(
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
    // Any message of the protocol shows the page is there (the portal says its height at once).
    if (!frame.spoke) frames = withReady(frames, frame.token)
    const said = decodeReportMessage(data)
    if (said?.type === 'resize') frames = withReport(frames, frame.token, { height: said.height })
    // Only the newest token's first complaint counts; one soon after a re-mint means it failed.
    // An expired page forgets its height: it is short, and cannot measure itself smaller than its frame.
    if (said?.type === 'token_expired' && frame.token === token?.accessToken && !frame.expired) {
      frames = withReport(frames, frame.token, { expired: true, height: undefined })
      failedRenewals = Date.now() - remintedAt < EXPIRED_REMINT_MS ? failedRenewals + 1 : 0
    }
    // Noise (a message of no use, a repeated one) changes nothing, and renders nothing.
    if (frames !== before) update()
  }

  update()
  const session: EmbedSession = {
    options,
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
        for (const timer of timers.values()) clearTimeout(timer.id)
        timers.clear()
      }
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
      if (!gaveUp()) return renew()
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
