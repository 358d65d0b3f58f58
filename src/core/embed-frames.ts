import { decodeReportMessage } from './frame-protocol.js'

// The iframes of an embedded report (the React component, the custom element), as data. At most two: the current document, shown, and the
// next one, loading hidden behind it until its page speaks, so a renewal never shows a blank.
// A frame is known by its token: each token is loaded once.

export interface Frame {
  token: string
  /**
   * Its page spoke the report's protocol (any `ibv:*` message from the service's origin and this
   * frame's window). Not its `load` event: the browser's own error page (nothing listening, a 500,
   * a frame the CSP refuses) fires that too.
   */
  spoke?: boolean
  /** It is shown: its page spoke, or it came in the server's HTML (asked, it speaks soon after). */
  ready?: boolean
  /** Its page said nothing within the ready timeout: hidden, unless it speaks after all. */
  unavailable?: boolean
  /** Height the portal reported through `ibv:resize`, in CSS pixels. */
  height?: number
  /** The portal in this frame said its token expired (`ibv:token_expired`). */
  expired?: boolean
}

/**
 * A new token's frame: it loads hidden behind a ready current one, or replaces one not ready.
 * `served`: it came in the server's HTML, already shown.
 */
export function withToken(
  frames: readonly Frame[],
  token: string,
  served?: boolean,
): readonly Frame[] {
  const next = { token, ready: served }
  return frames[0]?.ready ? [frames[0], next] : [next]
}

/**
 * The portal in the frame of `token` reported its height, or that its token expired. An expired
 * page forgets its height: it is short, but a page cannot measure itself smaller than the frame
 * it fills, so it could never report that.
 */
export function withReport(
  frames: readonly Frame[],
  token: string,
  report: Partial<Frame>,
): readonly Frame[] {
  return frames.map((frame) => (frame.token === token ? { ...frame, ...report } : frame))
}

/**
 * The page in the frame of `token` spoke, even after its timeout: it is shown, and replaces the
 * frames before it. A newer one, still loading behind it, stays (a page from the server's HTML
 * may speak after its renewal began).
 */
export function withReady(frames: readonly Frame[], token: string): readonly Frame[] {
  const spoke = frames.findIndex((frame) => frame.token === token)
  return withReport(frames, token, { ready: true, spoke: true, unavailable: false }).slice(spoke)
}

/**
 * A message of the report's protocol from the page in the frame of `token`: any shows the page is
 * there (the portal says its height at once); a resize sets the height; `token_expired` marks the
 * frame expired if it is the newest token's and has not said so before. An expired page forgets
 * its height: it is short, and cannot measure itself smaller than its frame.
 */
export function withPageMessage(
  frames: readonly Frame[],
  token: string,
  data: unknown,
  newest: string | undefined,
): readonly Frame[] {
  const frame = frames.find((candidate) => candidate.token === token)
  if (!frame) return frames
  let next = frame.spoke ? frames : withReady(frames, token)
  const said = decodeReportMessage(data)
  if (said?.type === 'resize') next = withReport(next, token, { height: said.height })
  if (said?.type === 'token_expired' && token === newest && !frame.expired)
    next = withReport(next, token, { expired: true, height: undefined })
  return next
}

/** The page in the frame of `token` said nothing in time: it is hidden (a served one too). */
export function withUnavailable(frames: readonly Frame[], token: string): readonly Frame[] {
  return withReport(frames, token, { ready: false, unavailable: true })
}

/** The token of the frame whose page has yet to speak, if any (at most one is). */
export function awaitedFrame(frames: readonly Frame[]): string | undefined {
  return frames.find((frame) => !frame.spoke && !frame.unavailable)?.token
}

/**
 * The finite states of an embedded report (`<EmbeddedReport>`), exposed as `data-state`: `loading` (no report page has
 * spoken yet), `ready` (a report is shown), `renewing` (a new token is being fetched or its
 * document loads hidden behind the shown one), `expired` (the shown document says its session
 * expired; a new token is on its way, at most every 10 s) and `error` (the token-fetcher failed,
 * the report page said nothing within the ready timeout, or sessions expired three times in a
 * row; "Try again" starts over).
 */
export type EmbeddedReportState = 'loading' | 'ready' | 'renewing' | 'expired' | 'error'

/** The state the frames, a failure and a token fetch under way make. */
export function getEmbeddedReportState(
  frames: readonly Frame[],
  failed: boolean,
  fetching: boolean,
): EmbeddedReportState {
  if (failed && !fetching) return 'error'
  if (!frames[0]?.ready) return 'loading'
  if (frames[1] || fetching) return 'renewing'
  return frames[0].expired ? 'expired' : 'ready'
}
