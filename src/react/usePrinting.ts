'use client'
import { useEffect, useState } from 'react'

/**
 * True between the browser's `beforeprint` and `afterprint`, so a view can render what it keeps
 * closed on screen (CSS cannot print rows that were never rendered). False on the server.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false)
  useEffect(() => {
    const start = () => setPrinting(true)
    const end = () => setPrinting(false)
    window.addEventListener('beforeprint', start)
    window.addEventListener('afterprint', end)
    return () => {
      window.removeEventListener('beforeprint', start)
      window.removeEventListener('afterprint', end)
    }
  }, [])
  return printing
}
