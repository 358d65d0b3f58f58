'use client'
import { useEffect, useRef } from 'react'

export interface PortalMessageHandlers {
  /** The frame (by key) reported its content height. */
  onResize(key: number, height: number): void
  /** The frame (by key) was opened with an expired token. */
  onTokenExpired(key: number): void
}

const MAX_HEIGHT = 100_000

/**
 * Listens for the portal's messages and accepts one only when `event.origin` is the service's
 * origin and `event.source` is the window of one of our iframes; everything else is ignored.
 * Returns a ref callback factory to register each iframe under its key.
 */
export function usePortalMessages(serviceUrl: string, handlers: PortalMessageHandlers) {
  const frames = useRef(new Map<number, HTMLIFrameElement>())
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    const origin = new URL(serviceUrl, window.location.href).origin
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source === null) return
      let key: number | undefined
      for (const [candidate, element] of frames.current) if (element.contentWindow === event.source) key = candidate
      const data: unknown = event.data
      if (key === undefined || typeof data !== 'object' || data === null) return
      const message = data as { type?: unknown; height?: unknown }
      if (message.type === 'ibv:resize' && typeof message.height === 'number' && message.height > 0 && message.height <= MAX_HEIGHT) {
        latest.current.onResize(key, Math.ceil(message.height))
      } else if (message.type === 'ibv:token_expired') {
        latest.current.onTokenExpired(key)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [serviceUrl])

  return (key: number) => (element: HTMLIFrameElement | null) => {
    if (element) frames.current.set(key, element)
    else frames.current.delete(key)
  }
}
