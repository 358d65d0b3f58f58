'use client'
// The iframes of <EmbeddedReport>, as data. At most two: the current document, shown, and the
// next one, loading hidden behind it until its `load` event, so a renewal never shows a blank.
// A frame is known by its token: each token is loaded once.

export interface Frame {
  token: string
  /** Its document fired `load`. */
  loaded?: boolean
  /** Height the portal reported through `ibv:resize`, in CSS pixels. */
  height?: number
  /** The portal in this frame said its token expired (`ibv:token_expired`). */
  expired?: boolean
}

/**
 * A new token's frame: it loads hidden behind a loaded current one, or replaces one still loading.
 * `loaded`: it came in the server's HTML, already shown.
 */
export function withToken(frames: Frame[], token: string, loaded?: boolean): Frame[] {
  const next = { token, loaded }
  return frames[0]?.loaded ? [frames[0], next] : [next]
}

/**
 * The portal in the frame of `token` reported its height, or that its token expired. An expired
 * page forgets its height: it is short, but a page cannot measure itself smaller than the frame
 * it fills, so it could never report that.
 */
export function withReport(frames: Frame[], token: string, report: Partial<Frame>): Frame[] {
  return frames.map((frame) => (frame.token === token ? { ...frame, ...report } : frame))
}

/** The frame of `token` finished loading: it becomes the only one. */
export function withLoaded(frames: Frame[], token: string): Frame[] {
  return withReport(frames, token, { loaded: true }).filter((frame) => frame.token === token)
}

/**
 * The finite states of <EmbeddedReport>, exposed as `data-state`: `loading` (no document yet),
 * `ready` (a report is shown), `renewing` (a new token is being fetched or its document loads
 * hidden behind the shown one), `expired` (the shown document says its session expired; a new
 * token is on its way, at most every 10 s) and `error` (the token-fetcher failed, or sessions
 * expired three times in a row; "Try again" starts over).
 */
export type EmbeddedReportState = 'loading' | 'ready' | 'renewing' | 'expired' | 'error'

export function getEmbeddedReportState(frames: Frame[], failed: boolean, fetching: boolean): EmbeddedReportState {
  if (failed && !fetching) return 'error'
  if (!frames[0]) return 'loading'
  if (frames[1] || fetching) return 'renewing'
  return frames[0].expired ? 'expired' : 'ready'
}
