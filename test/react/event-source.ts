/**
 * A minimal EventSource (jsdom has none) that reads a real SSE response, here the backend's
 * `/events` stream in process. `drop()` ends the stream as a network failure would.
 */
export function eventSourceOver(open: (url: string, signal: AbortSignal) => Promise<Response>) {
  const instances: Array<{ url: string; readyState: number; drop(): void }> = []

  class StreamEventSource extends EventTarget {
    static readonly CONNECTING = 0
    static readonly OPEN = 1
    static readonly CLOSED = 2
    readyState = 0
    onopen: ((event: Event) => void) | null = null
    onerror: ((event: Event) => void) | null = null
    readonly url: string
    private readonly controller = new AbortController()

    constructor(url: string) {
      super()
      this.url = url
      instances.push(this)
      void this.run()
    }

    drop() {
      if (this.readyState === 2) return
      this.readyState = 2
      this.controller.abort()
      this.onerror?.(new Event('error'))
    }

    close() {
      this.readyState = 2
      this.controller.abort()
    }

    private async run() {
      try {
        const response = await open(this.url, this.controller.signal)
        if (!response.ok || !response.body) return this.drop()
        this.readyState = 1
        this.onopen?.(new Event('open'))
        const reader = response.body.getReader()
        const decoder = new TextDecoder()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += decoder.decode(value, { stream: true })
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const fields = Object.fromEntries(
              buffer
                .slice(0, end)
                .split('\n')
                .filter((line) => !line.startsWith(':'))
                .map((line) => [
                  line.slice(0, line.indexOf(': ')),
                  line.slice(line.indexOf(': ') + 2),
                ]),
            )
            buffer = buffer.slice(end + 2)
            if (fields.data !== undefined)
              this.dispatchEvent(
                new MessageEvent(fields.event ?? 'message', {
                  data: fields.data,
                  lastEventId: fields.id,
                }),
              )
          }
        }
        this.drop()
      } catch {
        this.drop()
      }
    }
  }

  return { EventSource: StreamEventSource as unknown as typeof EventSource, instances }
}
