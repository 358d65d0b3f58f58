import { act } from '@testing-library/react'

/** A `message` event as the browser delivers one: `data` from the window `source` at `origin`. */
export function dispatchMessage(data: unknown, origin: string, source: MessageEventSource | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
}

/** The same inside `act()`, so React applies whatever the message causes before the test goes on. */
export function postMessageFrom(data: unknown, origin: string, source: MessageEventSource | null) {
  return act(() => {
    dispatchMessage(data, origin, source)
  })
}

/**
 * The report page in `frame` speaks (`ibv:ready`, its first message), as the sandbox's portal does
 * once loaded: only then is the frame shown and called ready (its `load` event counts for nothing).
 */
export function portalSpeaks(frame: HTMLIFrameElement, origin: string) {
  return postMessageFrom({ type: 'ibv:ready' }, origin, frame.contentWindow)
}
