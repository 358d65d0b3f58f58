'use client'
// The iframes of <EmbeddedReport>, as data. At most two: the current document, shown, and the
// next one, loading hidden behind it until its `load` event, so a renewal never shows a blank.
// A frame is known by its token: each token is loaded once.

export interface Frame {
  token: string
  loaded: boolean
  /** Height the portal reported through `ibv:resize`, in CSS pixels. */
  height?: number
}

/** A new token's frame: it loads hidden behind a loaded current one, or replaces one still loading. */
export function withToken(frames: Frame[], token: string): Frame[] {
  const next = { token, loaded: false }
  return frames[0]?.loaded ? [frames[0], next] : [next]
}

/** The frame of `token` finished loading: it becomes the only one. */
export function withLoaded(frames: Frame[], token: string): Frame[] {
  return frames.filter((frame) => frame.token === token).map((frame) => ({ ...frame, loaded: true }))
}

/** The portal in the frame of `token` reported its height. */
export function withHeight(frames: Frame[], token: string, height: number): Frame[] {
  return frames.map((frame) => (frame.token === token ? { ...frame, height } : frame))
}

/** The finite states of <EmbeddedReport>, exposed as `data-state`. */
export type EmbeddedReportState = 'loading' | 'ready' | 'renewing' | 'error'

export function getEmbeddedReportState(frames: Frame[], failed: boolean, fetching: boolean): EmbeddedReportState {
  if (failed && !fetching) return 'error'
  if (frames.length === 0) return 'loading'
  return frames.length > 1 || fetching ? 'renewing' : 'ready'
}
