import { IbvError } from './errors.js'

// Which service origins the components may load a hosted page from, and so ask a token for: an
// element's `service-url` is page content, which an HTML injection can write. One check, here;
// the React provider, `configureIbv` and the sessions only pass it what they were configured with.

/** What the service URL of a component is checked against. */
export interface ServiceOriginPolicy {
  /** The configured service URL (the provider's, `configureIbv`'s): its origin is the one allowed by default. */
  serviceUrl?: string
  /** The origins allowed instead, when given (http(s) origins or URLs; a path means the page's own origin). */
  allowedServiceOrigins?: readonly string[]
}

/** Where relative URLs resolve: the page, or on a server a stand-in that every path shares. */
const pageBase = () => globalThis.location?.href ?? 'https://page.invalid/'

/** The http(s) origin of `url` resolved against the page, or undefined. */
function originOf(url: unknown): string | undefined {
  try {
    const { protocol, origin } = new URL(url as string, pageBase())
    return (url as string).trim() && /^https?:$/.test(protocol) ? origin : undefined
  } catch {
    // Not a string, or not a URL.
    return undefined
  }
}

/**
 * Throws an `IbvError` (`invalid_request`, `fields.serviceUrl`) unless `serviceUrl`, resolved
 * against the page, is on an allowed origin: one of `allowedServiceOrigins` when given, else the
 * configured `serviceUrl`'s, else (nothing configured) the page's own. A malformed list throws
 * `checkAllowedServiceOrigins`'s TypeError.
 */
export function assertServiceOrigin(serviceUrl: unknown, policy: ServiceOriginPolicy): void {
  checkAllowedServiceOrigins(policy.allowedServiceOrigins, 'The service origins')
  const origin = originOf(serviceUrl)
  const allowed = (policy.allowedServiceOrigins ?? [policy.serviceUrl ?? pageBase()]).map(originOf)
  if (origin && allowed.includes(origin)) return
  const rule = `must be on an origin of allowedServiceOrigins (${allowed.join(', ')})`
  throw new IbvError(
    'invalid_request',
    `The service URL ${origin ?? 'given'} is refused: it ${rule}.`,
    { source: 'app', fields: { serviceUrl: [rule] } },
  )
}

/**
 * Throws a `TypeError` naming `where` unless `value` is undefined or a non-empty list of http(s)
 * origins or URLs (a path stands for the page's origin). No wildcard: each origin is written out.
 */
export function checkAllowedServiceOrigins(value: unknown, where: string): void {
  if (
    value === undefined ||
    (Array.isArray(value) &&
      value.length &&
      value.every((entry) => !entry.includes?.('*') && originOf(entry)))
  )
    return
  throw new TypeError(
    `${where}: allowedServiceOrigins must be a non-empty array of http(s) origins, such as ['https://ibv.example.com'], not ${JSON.stringify(value)}.`,
  )
}
