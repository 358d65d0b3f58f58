import { IbvError, parseJsonObjectBody } from '../core/index.js'

/** How much of a request body a route reads, and for how long. */
export interface BodyLimits {
  /** Bytes the body may have; more is a 413. */
  maxBytes: number
  /** Milliseconds the whole body may take to arrive; longer is a 408. */
  timeoutMs: number
}

/**
 * Reads a request body's bytes, at most `maxBytes` of them and within `timeoutMs`. A larger body,
 * declared by its `Content-Length` or found while reading, throws an `IbvError`
 * (`invalid_request`, status 413) without reading the rest; one that stalls throws a `timeout`
 * (status 408). Either way the body stream is cancelled, so a stalled client holds at most
 * `maxBytes`, and only until the deadline.
 */
export async function readBody(
  request: Request,
  { maxBytes, timeoutMs }: BodyLimits,
): Promise<Uint8Array> {
  const body = request.body
  if (!body) return new Uint8Array()
  if (Number(request.headers.get('content-length')) > maxBytes) {
    body.cancel().catch(ignore)
    throw tooLarge(maxBytes)
  }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new IbvError('timeout', `The request body did not arrive within ${timeoutMs} ms.`, {
            status: 408,
          }),
        ),
      timeoutMs,
    )
  })
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late])
      if (done) break
      received += value.byteLength
      if (received > maxBytes) throw tooLarge(maxBytes)
      chunks.push(value)
    }
  } catch (error) {
    // Not awaited: a stalled source's cancel() could hang, and nothing more is wanted from it.
    reader.cancel().catch(ignore)
    throw error
  } finally {
    clearTimeout(timer)
  }
  const bytes = new Uint8Array(received)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** Reads a JSON object body within `limits`, or throws an `IbvError` (400, 408, 413 or 415) saying what is wrong. */
export async function readJsonObject(
  request: Request,
  limits: BodyLimits,
): Promise<Record<string, unknown>> {
  return parseJsonObjectBody(
    new TextDecoder().decode(await readBody(request, limits)),
    request.headers.get('content-type'),
  )
}

function tooLarge(maxBytes: number): IbvError {
  return new IbvError('invalid_request', `The request body is larger than ${maxBytes} bytes.`, {
    status: 413,
    fields: { body: [`must be at most ${maxBytes} bytes`] },
  })
}

function ignore(): void {}
