import type { WebhookEvent } from '../../src/core/index.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A `data_pull_via_connection_failed` event of about `bytes` of JSON, about `consumer`. */
export const bulky = (consumer: string, bytes: number): WebhookEvent => ({
  event: 'data_pull_via_connection_failed',
  consumerId: consumer,
  payload: {
    event: 'data_pull_via_connection_failed',
    consumer_id: consumer,
    filler: 'x'.repeat(bytes),
  },
})

/**
 * Reads an SSE stream slowly (a pause after each chunk), until `count` events arrived; answers
 * their ids in the order they came. Rejects if the stream ends first.
 */
export async function readSlowly(
  response: Response,
  count: number,
  pauseMs = 1,
): Promise<number[]> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let raw = ''
  const ids: number[] = []
  try {
    while (ids.length < count) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the stream ended after ${ids.length} events`)
      raw += decoder.decode(value, { stream: true })
      const blocks = raw.split('\n\n')
      raw = blocks.pop() ?? ''
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1]
        if (id) ids.push(Number(id))
      }
      await sleep(pauseMs)
    }
    return ids
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}
