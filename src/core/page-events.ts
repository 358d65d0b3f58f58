// The page's events a session listens to, in a browser: what adapters hand it. The sessions
// themselves touch no `window`, so they load anywhere and their tests drive them by hand.

/** What a session hears from the page. */
export interface PageListener {
  /** A `message` event: its data, origin and source window. */
  message(data: unknown, origin: string, source: unknown): void
  /** The tab was shown, gained focus or came back online: timers sleep in background tabs and laptops sleep. */
  wake(): void
}

/** Feeds `listener` the page's messages and wake-ups; returns what stops it. */
export function listenToPage(listener: PageListener): () => void {
  const stop = new AbortController()
  const listening = { signal: stop.signal }
  const wake = () => listener.wake()
  addEventListener(
    'message',
    (event) => listener.message(event.data, event.origin, event.source),
    listening,
  )
  document.addEventListener('visibilitychange', wake, listening)
  addEventListener('focus', wake, listening)
  addEventListener('online', wake, listening)
  return () => stop.abort()
}
