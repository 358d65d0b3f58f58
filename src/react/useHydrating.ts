'use client'
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * True on the server and while React hydrates what the server rendered, false from the render
 * after: what the first client render shows must match the server's HTML, then it may differ.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  )
}
