'use client'
import { useEffect } from 'react'
import { DEFAULT_READY_TIMEOUT_MS } from '../core/embed-session.js'
import { useLatest } from './useLatest.js'

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
