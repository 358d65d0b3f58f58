import { IbvError } from '../core/index.js'

/** A JSON answer with the headers every backend answer carries. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}

/**
 * What the browser is told when a call to the service failed. The service refusing our key is a
 * 502 that names the problem but not the key (this backend's setup: its `source` is the backend);
 * the browser's own mistakes keep their 4xx. The service's failures say `source: 'service'`, so
 * the browser's `IbvError` blames the right side.
 */
export function upstreamFailure(error: unknown, onError?: (error: unknown) => void): Response {
  if (!(error instanceof IbvError)) {
    onError?.(error)
    return json(
      {
        message: 'The IBV backend failed to handle this request.',
        code: 'internal',
        source: 'backend',
      },
      500,
    )
  }
  switch (error.code) {
    case 'unauthorized':
    case 'forbidden':
      onError?.(error)
      return json(
        {
          message:
            "The IBV service refused this backend's credentials. Check the API key configured for this environment.",
          code: 'upstream_unauthorized',
          source: 'backend',
        },
        502,
      )
    case 'invalid_request':
      return json(
        {
          message: passedOn(error),
          code: error.code,
          source: 'service',
          fields: error.fields ?? {},
        },
        400,
      )
    case 'not_found':
      return json({ message: passedOn(error), code: error.code, source: 'service' }, 404)
    case 'rate_limited':
      return json({ message: passedOn(error), code: error.code, source: 'service' }, 429)
    case 'timeout':
      return json(
        {
          message: 'The IBV service did not answer in time. Try again.',
          code: error.code,
          source: 'service',
        },
        504,
      )
    default:
      onError?.(error)
      return json(
        {
          message: 'The IBV service could not be used just now. Try again.',
          code: error.code,
          source: 'service',
        },
        502,
      )
  }
}

/** The service's own message, as the browser is told it: cut to a length a person reads. */
function passedOn(error: IbvError): string {
  return error.message.length > 1000 ? `${error.message.slice(0, 1000)}…` : error.message
}
