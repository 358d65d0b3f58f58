'use client'
// The iframes of <EmbeddedReport>, as data. At most two: the current document, shown, and the
// next one, loading hidden behind it until its page speaks, so a renewal never shows a blank.
// A frame is known by its token: each token is loaded once (again only by "Try again").

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
  /** Its page said nothing within the ready timeout. */
  unavailable?: boolean
  /** How many times "Try again" reloaded it: part of its key, so the iframe is made anew. */
  attempt?: number
  /** Height the portal reported through `ibv:resize`, in CSS pixels. */
  height?: number
  /** The portal in this frame said its token expired (`ibv:token_expired`). */
  expired?: boolean
}

/** A frame's React key, and what its ready timeout waits for. */
export const frameKey = (frame: Frame) => `${frame.token} ${frame.attempt ?? 0}`

/**
 * A new token's frame: it loads hidden behind a ready current one, or replaces one not ready.
 * `served`: it came in the server's HTML, already shown.
 */
export function withToken(frames: Frame[], token: string, served?: boolean): Frame[] {
  const next = { token, ready: served }
  return frames[0]?.ready ? [frames[0], next] : [next]
}

/**
 * The portal in the frame of `token` reported its height, or that its token expired. An expired
 * page forgets its height: it is short, but a page cannot measure itself smaller than the frame
 * it fills, so it could never report that.
 */
export function withReport(frames: Frame[], token: string, report: Partial<Frame>): Frame[] {
  return frames.map((frame) => (frame.token === token ? { ...frame, ...report } : frame))
}

/** The page in the frame of `token` spoke: it is shown, and becomes the only one. */
export function withReady(frames: Frame[], token: string): Frame[] {
  return withReport(frames, token, { ready: true, spoke: true }).filter((frame) => frame.token === token)
}

/** The frame waited on as `key` said nothing in time. */
export function withUnavailable(frames: Frame[], key: string): Frame[] {
  return frames.map((frame) => (frameKey(frame) === key ? { ...frame, unavailable: true } : frame))
}

/** "Try again": the frames that said nothing load again, in new iframes. */
export function withRetried(frames: Frame[]): Frame[] {
  return frames.map((frame) => (frame.unavailable ? { token: frame.token, attempt: (frame.attempt ?? 0) + 1 } : frame))
}

/** The key of the frame whose page has yet to speak, if any (at most one is). */
export function awaitedFrame(frames: Frame[]): string | undefined {
  const waiting = frames.find((frame) => !frame.spoke && !frame.unavailable)
  return waiting && frameKey(waiting)
}

/**
 * The finite states of <EmbeddedReport>, exposed as `data-state`: `loading` (no report page has
 * spoken yet), `ready` (a report is shown), `renewing` (a new token is being fetched or its
 * document loads hidden behind the shown one), `expired` (the shown document says its session
 * expired; a new token is on its way, at most every 10 s) and `error` (the token-fetcher failed,
 * the report page said nothing within the ready timeout, or sessions expired three times in a
 * row; "Try again" starts over).
 */
export type EmbeddedReportState = 'loading' | 'ready' | 'renewing' | 'expired' | 'error'

export function getEmbeddedReportState(frames: Frame[], failed: boolean, fetching: boolean): EmbeddedReportState {
  if (failed && !fetching) return 'error'
  if (!frames[0]?.ready || frames[0].unavailable) return 'loading'
  if (frames[1] || fetching) return 'renewing'
  return frames[0].expired ? 'expired' : 'ready'
}
