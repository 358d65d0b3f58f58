import { IbvError } from '../core/index.js'
import { readCapped } from './read-capped.js'
import type { createRedactor } from './redact.js'
import { anySignal, deadlineSignal, stoppedBy, untilAborted } from './upstream-signal.js'

/** What one call to the service needs from the client that makes it. */
export interface ServiceCallParts {
  apiKey: string
  send: (request: Request) => Promise<Response>
  /** How long one attempt may take, in milliseconds. */
  timeoutMs: number
  maxResponseBytes: number
  redact: ReturnType<typeof createRedactor>
}

/**
 * One attempt at a call to the service: the key and JSON headers set, bounded by `timeoutMs` and
 * by the caller's `signal`, the answer read up to `maxResponseBytes`, parsed, and redacted. Fails
 * with a typed `IbvError` (`timeout`, `network`, `malformed_response`) that never quotes the body.
 */
export function serviceCaller({
  apiKey,
  send,
  timeoutMs,
  maxResponseBytes,
  redact,
}: ServiceCallParts) {
  return async function call(
    url: string,
    init: RequestInit,
    signal?: AbortSignal,
    onStatus?: (code: number) => void,
  ): Promise<{ status: number; body: unknown }> {
    // Checked before anything is sent: a custom fetch might not look at an aborted signal.
    if (signal?.aborted) throw stoppedBy(signal)
    const timeout = deadlineSignal(timeoutMs)
    const combined = signal ? anySignal([signal, timeout]) : timeout
    const request = new Request(url, {
      ...init,
      headers: {
        'x-api-key': apiKey,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: combined,
    })
    let response: Response
    let text: string
    try {
      // Raced with the signal: a custom fetch that ignores it still ends at the timeout.
      response = await untilAborted(send(request), combined)
      onStatus?.(response.status)
      text = await readCapped(response, maxResponseBytes, combined)
    } catch (cause) {
      // readCapped's refusal of an oversized answer: already the error to give.
      if (cause instanceof IbvError) throw cause
      if (signal?.aborted) throw stoppedBy(signal)
      if (timeout.aborted)
        throw new IbvError('timeout', `The IBV service did not answer within ${timeoutMs} ms.`, {
          cause,
        })
      throw new IbvError(
        'network',
        `The IBV service could not be reached at ${new URL(url).origin}.`,
        { cause },
      )
    }
    if (text.trim() === '') return { status: response.status, body: undefined }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      if (!response.ok) return { status: response.status, body: undefined }
      // No cause: JSON.parse's SyntaxError quotes the start of the body, which may hold the key.
      throw new IbvError(
        'malformed_response',
        `The IBV service answered HTTP ${response.status} with a body that is not JSON.`,
        { status: response.status },
      )
    }
    return { status: response.status, body: redact.value(parsed) }
  }
}
