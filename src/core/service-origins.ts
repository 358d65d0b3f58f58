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
  if (typeof url !== 'string' || url.trim() === '') return undefined
  try {
    const parsed = new URL(url, pageBase())
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Throws an `IbvError` (`invalid_request`, `fields.serviceUrl`) unless `serviceUrl`, resolved
 * against the page, is on an allowed origin: one of `allowedServiceOrigins` when given, else the
 * configured `serviceUrl`'s, else (nothing configured) the page's own.
 */
export function assertServiceOrigin(serviceUrl: unknown, policy: ServiceOriginPolicy): void {
  const origin = originOf(serviceUrl)
  const allowed = (policy.allowedServiceOrigins ?? [policy.serviceUrl ?? pageBase()]).map(originOf)
  if (origin && allowed.includes(origin)) return
  const rule = `must be on an allowed service origin (${allowed.filter(Boolean).join(', ') || 'none'}): add it to allowedServiceOrigins if it is yours`
  const shown = origin ?? (typeof serviceUrl === 'string' ? JSON.stringify(serviceUrl.slice(0, 100)) : typeof serviceUrl)
  throw new IbvError('invalid_request', `The service URL ${shown} is refused: it ${rule}.`, { fields: { serviceUrl: [rule] } })
}

/**
 * Throws a `TypeError` naming `where` unless `value` is undefined or a non-empty list of http(s)
 * origins or URLs (a path stands for the page's origin). No wildcard: each origin is written out.
 */
export function checkAllowedServiceOrigins(value: unknown, where: string): void {
  if (value === undefined) return
  const example = "of http(s) origins, such as ['https://ibv.example.com']"
  if (!Array.isArray(value) || value.length === 0) throw new TypeError(`${where}: allowedServiceOrigins must be a non-empty array ${example}.`)
  const at = value.findIndex((entry) => typeof entry !== 'string' || entry.includes('*') || !originOf(entry))
  if (at >= 0) throw new TypeError(`${where}: allowedServiceOrigins has ${JSON.stringify(value[at]) ?? String(value[at])}, which is not an http(s) origin: it must be an array ${example}.`)
}
