// What the tests need of the service and of a browser's stream, over real HTTP.
import { generated } from '../security/backend-under-attack.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A `report_generated` delivery for `id`, as the service posts it. */
export const delivery = (id: string) => JSON.stringify(generated(id))

/** One POST of `body` to `/api/ibv/webhooks` on `base`: its status, or 0 when the connection failed. */
export async function postWebhook(
  base: string,
  body: string,
): Promise<{ status: number; json?: unknown }> {
  try {
    const response = await fetch(`${base}/api/ibv/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    return { status: response.status, json: await response.json().catch(() => undefined) }
  } catch {
    return { status: 0 }
  }
}

/**
 * Delivers `body` as the service does: tries again after a refused connection or any answer
 * other than 2xx, until one is accepted or `timeoutMs` runs out. Resolves to the attempts made.
 */
export async function deliver(
  bases: () => string,
  body: string,
  timeoutMs = 60_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (let attempt = 1; ; attempt++) {
    const { status } = await postWebhook(bases(), body)
    if (status >= 200 && status < 300) return attempt
    if (Date.now() > deadline)
      throw new Error(`not delivered after ${attempt} attempts (last status ${status})`)
    await sleep(100)
  }
}

/** An `/events` message as a stream received it. */
export interface Received {
  id: number
  productRequestId: string
}

/** An open `/events` stream that keeps every message; `close()` ends it. */
export interface OpenStream {
  received: Received[]
  close(): void
  /** Resolves once the response headers arrived (the instance has subscribed it). */
  opened: Promise<void>
}

/** Opens `GET /api/ibv/events` on `base` and records what arrives until closed. */
export function openStream(base: string): OpenStream {
  const controller = new AbortController()
  const received: Received[] = []
  let markOpened = () => {}
  const opened = new Promise<void>((resolve) => (markOpened = resolve))
  void (async () => {
    const response = await fetch(`${base}/api/ibv/events`, { signal: controller.signal })
    markOpened()
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffered = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffered += value
      const blocks = buffered.split('\n\n')
      buffered = blocks.pop() ?? ''
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (id && data)
          received.push({
            id: Number(id),
            productRequestId: (JSON.parse(data) as { productRequestId: string }).productRequestId,
          })
      }
    }
  })().catch(() => undefined)
  return { received, opened, close: () => controller.abort() }
}

/** Waits until `condition` holds, checking every 20 ms; fails with `what` after `ms`. */
export async function until(
  condition: () => boolean,
  what: () => string,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`)
    await sleep(20)
  }
}
