'use client'
import { useEffect, useRef } from 'react'

/**
 * A ref that always holds the latest `value`, for callbacks read when something happens (a
 * message, a timer) rather than when they change: a new callback alone re-subscribes nothing.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value)
  useEffect(() => {
    ref.current = value
  })
  return ref
}
