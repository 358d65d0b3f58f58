import { IbvError, errorFromResponse } from './errors.js'

// The one way the browser's fetchers talk to the lender's backend: JSON, with a deadline, and
// every failure an `IbvError` that says which side failed.

export interface BackendFetchersOptions {
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Extra headers on every call, such as a CSRF token. */
  headers?: Record<string, string>
  /** How long a call may take before it fails with `timeout` (and is retried where that helps). @default 15000 */
  timeoutMs?: number
}

/** A JSON call to the lender's backend: its status and parsed body, or an `IbvError`. */
export type BackendCall = (
  url: string,
  init: RequestInit,
) => Promise<{ status: number; body: unknown }>

/** A `BackendCall` with `options`' fetch, headers and deadline. */
export function backendCall(options: BackendFetchersOptions): BackendCall {
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 15_000

  return async function call(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown }> {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    // A race, not only the signal: a custom fetch that ignores the signal still cannot hang us.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new IbvError('timeout', 'Your backend did not answer in time. Try again.'))
      }, timeoutMs)
    })
    let response: Response
    let text: string
    try {
      // The body is read inside the race too: headers then a stalled body must not hang us.
      const exchange = send(url, {
        ...init,
        credentials: 'same-origin',
        signal: controller.signal,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      }).then(async (answer) => ({ answer, body: await answer.text().catch(() => '') }))
      ;({ answer: response, body: text } = await Promise.race([exchange, timeout]))
    } catch (cause) {
      if (cause instanceof IbvError) throw cause
      throw new IbvError(
        'network',
        'Your backend could not be reached. Check the connection and try again.',
        { cause },
      )
    } finally {
      clearTimeout(timer)
    }
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch (cause) {
      if (response.ok)
        throw new IbvError('malformed_response', 'Your backend sent an answer that is not JSON.', {
          status: response.status,
          cause,
        })
    }
    // A failure of the service, passed on by createIbvBackend, says so; anything else is the backend's own.
    if (!response.ok)
      throw errorFromResponse(
        response.status,
        body,
        (body as { source?: unknown } | undefined)?.source === 'service' ? 'service' : 'backend',
      )
    return { status: response.status, body }
  }
}
