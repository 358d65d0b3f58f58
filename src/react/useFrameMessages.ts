'use client'
import { useEffect } from 'react'
import { useLatest } from './useLatest.js'

/**
 * Listens for `postMessage`s from the origin of `url` that come from a window (never from
 * nothing), and hands each to `onMessage` with its source, so the caller can accept only its own
 * iframes' windows. Everything else is ignored.
 */
export function useFrameMessages(url: string, onMessage: (data: unknown, source: MessageEventSource) => void) {
  const latest = useLatest(onMessage)
  useEffect(() => {
    const origin = new URL(url, location.href).origin
    const listener = (event: MessageEvent) => {
      if (event.origin === origin && event.source) latest.current(event.data, event.source)
    }
    addEventListener('message', listener)
    return () => removeEventListener('message', listener)
  }, [url, latest])
}
