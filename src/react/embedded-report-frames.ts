'use client'
// The iframes of <EmbeddedReport>, as data. At most two: the current document, shown, and the
// next one, loading hidden behind it until its `load` event, so a renewal never shows a blank.

export interface Frame {
  key: number
  token: string
  src: string
  loaded: boolean
  /** Height the portal reported through `ibv:resize`, in CSS pixels. */
  height?: number
}

export interface FramesState {
  frames: Frame[]
  nextKey: number
}

export type FramesAction =
  | { type: 'token'; token: string; src: string }
  | { type: 'loaded'; key: number }
  | { type: 'resized'; key: number; height: number }
  | { type: 'reset' }

export const initialFrames: FramesState = { frames: [], nextKey: 1 }

export function framesReducer(state: FramesState, action: FramesAction): FramesState {
  switch (action.type) {
    case 'token': {
      if (state.frames.some((frame) => frame.token === action.token)) return state
      const frame: Frame = { key: state.nextKey, token: action.token, src: action.src, loaded: false }
      const [current] = state.frames
      // A loaded document stays visible while the next loads; one still loading is just replaced.
      return { nextKey: state.nextKey + 1, frames: current?.loaded ? [current, frame] : [frame] }
    }
    case 'loaded': {
      const frame = state.frames.find((candidate) => candidate.key === action.key)
      if (!frame) return state
      return { ...state, frames: [{ ...frame, loaded: true }] }
    }
    case 'resized':
      return {
        ...state,
        frames: state.frames.map((frame) => (frame.key === action.key ? { ...frame, height: action.height } : frame)),
      }
    case 'reset':
      return { ...state, frames: [] }
    default:
      return action satisfies never
  }
}

/** The finite states of <EmbeddedReport>, exposed as `data-state`. */
export type EmbeddedReportState = 'loading' | 'ready' | 'renewing' | 'error'

export function getEmbeddedReportState(frames: Frame[], failed: boolean, fetching: boolean): EmbeddedReportState {
  if (failed && !fetching) return 'error'
  if (frames.length === 0) return 'loading'
  return frames.length > 1 || fetching ? 'renewing' : 'ready'
}
