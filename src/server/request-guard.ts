import { json } from './responses.js'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = /^application\/json\s*(;|$)/i

/**
 * Refuses a request that a page on another site could make with the borrower's cookies: a
 * request from another site is a 403, unless its `Origin` is in `allowedOrigins`, whatever its
 * method (so another site can neither post nor open `/events` streams nor spend report reads);
 * a state-changing one whose body is not `application/json` (an auto-submitted form, a
 * `no-cors` fetch) is a 415. Returns the answer to send, or undefined to go on.
 *
 * "Another site" is what the browser says in `Sec-Fetch-Site` (`cross-site` or `same-site`), which
 * every current browser sends and no page can forge; `same-origin` and `none` (a typed URL) pass.
 * Only without it (an older browser, or no browser at all) is the `Origin`, when there is one,
 * compared with the request's own URL; behind a proxy that rewrites the URL, such browsers need
 * the public origin in `allowedOrigins`. Forwarded headers are never trusted here: a page given a
 * permissive CORS policy elsewhere could send them.
 */
export function refuseForeignRequest(
  request: Request,
  allowedOrigins: ReadonlySet<string>,
): Response | undefined {
  const origin = request.headers.get('origin')
  const site = request.headers.get('sec-fetch-site')
  const foreign =
    site !== null
      ? site === 'cross-site' || site === 'same-site'
      : origin !== null && origin !== new URL(request.url).origin
  if (foreign && (origin === null || !allowedOrigins.has(origin))) {
    return json(
      {
        message: 'This request came from another site; it is not allowed here.',
        code: 'forbidden',
      },
      403,
    )
  }
  if (SAFE_METHODS.has(request.method)) return undefined
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    return json(
      {
        message: 'Send this request as JSON (Content-Type: application/json).',
        code: 'invalid_request',
        fields: { body: ['must be application/json'] },
      },
      415,
    )
  }
  return undefined
}
