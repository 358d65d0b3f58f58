'use client'
import { useEffect } from 'react'
import { useLatest } from './useLatest.js'

/**
 * How long a hosted page (the connect widget, the report) has to say it is ready, in its frame,
 * before the component shows its own error. The browser's error page (service down, a 500, a
 * Content-Security-Policy that refuses the frame) fires `load` like any page but never speaks the
 * `ibv:*` protocol, so only a message counts.
 */
export const DEFAULT_READY_TIMEOUT_MS = 10_000

/**
 * Calls `onTimeout(waiting)` once, `ms` after `waiting` was set, unless it changed or was cleared
 * (the frame spoke) first. `waiting` names what is awaited (a frame's document), so a new one
 * starts a new wait.
 */
export function useReadyTimeout(waiting: string | undefined, ms: number | undefined, onTimeout: (waiting: string) => void) {
  const latest = useLatest(onTimeout)
  useEffect(() => {
    if (waiting === undefined) return
    const timer = setTimeout(() => latest.current(waiting), ms ?? DEFAULT_READY_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [waiting, ms, latest])
}
