import { json } from './responses.js'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = /^application\/json\s*(;|$)/i

/**
 * Refuses a state-changing request that a page on another origin could send without a CORS
 * preflight (an auto-submitted form, a `no-cors` fetch): a body that is not
 * `application/json` is a 415; `Sec-Fetch-Site: cross-site` or `same-site`, or an `Origin` other
 * than the backend's own, is a 403, unless the origin is in `allowedOrigins`. Returns the answer
 * to send, or undefined to go on.
 */
export function refuseForeignRequest(request: Request, allowedOrigins: ReadonlySet<string>): Response | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined
  const origin = request.headers.get('origin')
  if (origin === null || !allowedOrigins.has(origin)) {
    const site = request.headers.get('sec-fetch-site')
    if (site === 'cross-site' || site === 'same-site' || (origin !== null && !ownOrigins(request).includes(origin))) {
      return json({ message: 'This request came from another site; it is not allowed here.', code: 'forbidden' }, 403)
    }
  }
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    return json(
      { message: 'Send this request as JSON (Content-Type: application/json).', code: 'invalid_request', fields: { body: ['must be application/json'] } },
      415,
    )
  }
  return undefined
}

/**
 * The origins this backend answers on: the request's own, and the one a proxy in front says the
 * browser used (`X-Forwarded-Host` and `-Proto`). A page cannot forge those headers without a
 * preflight, so trusting them here lets nothing cross-site through.
 */
function ownOrigins(request: Request): string[] {
  const url = new URL(request.url)
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim()
  const host = first('x-forwarded-host')
  const proto = first('x-forwarded-proto') ?? url.protocol.replace(/:$/, '')
  if (!host || !URL.canParse(`${proto}://${host}`)) return [url.origin]
  // Through URL, so a default port written out (`:443`) compares equal to the browser's Origin.
  return [url.origin, new URL(`${proto}://${host}`).origin]
}
