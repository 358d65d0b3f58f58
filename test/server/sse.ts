export interface SseMessage {
  id?: string
  event?: string
  data?: string
}

/**
 * Reads an SSE response until `until(messages, raw)` holds, then stops reading (which closes the
 * stream). Rejects after `timeoutMs` with what arrived, so a test fails instead of hanging.
 */
export async function readSse(
  response: Response,
  until: (messages: SseMessage[], raw: string) => boolean,
  timeoutMs = 5000,
): Promise<{ messages: SseMessage[]; raw: string }> {
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no body')
  const decoder = new TextDecoder()
  let raw = ''
  const messages: SseMessage[] = []
  const timer = setTimeout(() => void reader.cancel(new Error('timeout')), timeoutMs)
  try {
    while (!until(messages, raw)) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`stream ended; got ${JSON.stringify(raw)}`)
      raw += decoder.decode(value, { stream: true })
      messages.length = 0
      messages.push(...parseSse(raw))
    }
    return { messages, raw }
  } finally {
    clearTimeout(timer)
    await reader.cancel().catch(() => undefined)
  }
}

/** The complete messages in `raw` SSE text. */
function parseSse(raw: string): SseMessage[] {
  const messages: SseMessage[] = []
  for (const block of raw.split('\n\n').slice(0, -1)) {
    const message: SseMessage = {}
    for (const line of block.split('\n')) {
      const [field, ...rest] = line.split(': ')
      if (field === 'id' || field === 'event' || field === 'data') message[field] = rest.join(': ')
    }
    if (message.data !== undefined) messages.push(message)
  }
  return messages
}

/** Every message an SSE response sends within `ms`, then stops reading (which closes the stream). */
export async function readSseFor(response: Response, ms: number): Promise<SseMessage[]> {
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no body')
  const decoder = new TextDecoder()
  let raw = ''
  const timer = setTimeout(() => void reader.cancel(), ms)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return parseSse(raw)
      raw += decoder.decode(value, { stream: true })
    }
  } finally {
    clearTimeout(timer)
  }
}
