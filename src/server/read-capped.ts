import { IbvError } from '../core/index.js'

/** How many bytes of an upstream answer are read unless told otherwise: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024

/**
 * Reads an answer's body as text, at most `maxBytes` of it. A larger answer, declared by its
 * `content-length` or found while reading, has its stream cancelled and throws an `IbvError`
 * (`malformed_response`, with the answer's status): nothing beyond the cap is buffered, so a
 * hostile or broken upstream cannot grow the backend's memory. When `signal` aborts mid-body
 * (a stalled stream that a custom fetch does not end), the read stops with the signal's reason.
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<string> {
  const body = response.body
  if (!body) return ''
  const declared = Number(response.headers.get('content-length'))
  // Not awaited: a hostile source's cancel() could hang, and nothing more is wanted from it.
  if (declared > maxBytes) {
    body.cancel().catch(ignore)
    throw tooLarge(response.status, maxBytes)
  }
  // Already aborted: the listener below would never fire, and a stalled first read would hang.
  if (signal?.aborted) {
    body.cancel().catch(ignore)
    throw signal.reason
  }
  const reader = body.getReader()
  const stop = () => void reader.cancel(signal?.reason).catch(ignore)
  signal?.addEventListener('abort', stop, { once: true })
  const decoder = new TextDecoder()
  let received = 0
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (signal?.aborted) throw signal.reason
      if (done) return text + decoder.decode()
      received += value.byteLength
      if (received > maxBytes) {
        stop()
        throw tooLarge(response.status, maxBytes)
      }
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    signal?.removeEventListener('abort', stop)
  }
}

function tooLarge(status: number, maxBytes: number): IbvError {
  return new IbvError(
    'malformed_response',
    `The IBV service answered HTTP ${status} with a body larger than ${maxBytes} bytes (maxResponseBytes).`,
    { status },
  )
}

function ignore(): void {}
