'use client'
import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * True between the browser's `beforeprint` and `afterprint`, so a view can render what it keeps
 * closed on screen (CSS cannot print rows that were never rendered). False on the server.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false)
  useEffect(() => {
    // Rendered before the listener returns: the browser lays the page out for print right after.
    const follow = (event: Event) => flushSync(() => setPrinting(event.type === 'beforeprint'))
    addEventListener('beforeprint', follow)
    addEventListener('afterprint', follow)
    return () => {
      removeEventListener('beforeprint', follow)
      removeEventListener('afterprint', follow)
    }
  }, [])
  return printing
}
