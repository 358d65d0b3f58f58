import { IbvError } from './errors.js'

/** Which retrieval path to use: v2 normally, v1 for fetching a report after a refresh webhook. */
export type ReportApiVersion = 'v1' | 'v2'

/**
 * Joins a service URL (an origin with an optional path prefix, such as
 * `https://api.example.com` or `/ibv-sandbox/`) and an absolute path, with exactly one slash.
 */
export function joinServiceUrl(serviceUrl: string, path: string): string {
  return `${serviceUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/**
 * Encodes one path segment: slashes, spaces and unicode are percent-encoded. An empty identifier,
 * `.` or `..` throws an `IbvError` (`invalid_request`): URL parsers resolve those (even encoded as
 * `%2E`) as dot segments, which would send the request to another path.
 */
export function encodePathSegment(value: string, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new IbvError('invalid_request', `${name} must be a non-empty string.`, {
      source: 'app',
      fields: { [name]: ['is required'] },
    })
  }
  if (value === '.' || value === '..') {
    throw new IbvError('invalid_request', `${name} cannot be "${value}".`, {
      source: 'app',
      fields: { [name]: ['cannot be a dot segment'] },
    })
  }
  return encodeURIComponent(value)
}

/** Operations 1 and 2: `POST {base}/api/v1/auth/tokens`. */
export function tokensUrl(serviceUrl: string): string {
  return joinServiceUrl(serviceUrl, '/api/v1/auth/tokens')
}

/** Operation 3: `POST {base}/api/v1/ibv/requests/refresh/{client_consumer_id}`. */
export function refreshUrl(serviceUrl: string, consumerId: string): string {
  return joinServiceUrl(
    serviceUrl,
    `/api/v1/ibv/requests/refresh/${encodePathSegment(consumerId, 'consumer_id')}`,
  )
}

/** Operation 4: `GET {base}/api/v2/ibv/requests/{product_request_id}` (or `/api/v1/` after a refresh). */
export function reportUrl(
  serviceUrl: string,
  productRequestId: string,
  version: ReportApiVersion = 'v2',
): string {
  const id = encodePathSegment(productRequestId, 'product_request_id')
  return joinServiceUrl(serviceUrl, `/api/${version === 'v1' ? 'v1' : 'v2'}/ibv/requests/${id}`)
}

/**
 * The language a hosted page (the report, the connect widget) is asked to speak. The service API is silent
 * on how the service learns it: a query parameter, `locale` unless the service wants another name.
 */
export interface HostedPageOptions {
  /** A BCP 47 tag (`es`, `fr-CA`). Without one, the page is asked for nothing (the service's default). */
  locale?: string
  /** The query parameter the locale goes in (never the page's own, `token` or `origin`); `null` sends none. @default 'locale' */
  localeParam?: string | null
}

/**
 * What the connect widget's address carries besides its token and origin: the locale, and the two
 * parameters of the redirect path of banks that sign in with OAuth.
 */
export interface ConnectWidgetUrlOptions extends HostedPageOptions {
  /**
   * The lender's page the bank sends the whole page back to (redirect mode), sent as
   * `redirect_uri`: an absolute http(s) URL on the embedding page's origin.
   */
  redirectUri?: string
  /** The OAuth state the bank returned with, sent as `oauth_state_id`: the widget reopens where it was left. */
  oauthStateId?: string
}

/**
 * A hosted page's address: `path` under the service, `query`, and the locale when one is given.
 * A `localeParam` naming one of the page's own parameters (the token, the origin) throws an
 * `IbvError` (`invalid_request`): the locale never replaces them.
 */
function hostedPageUrl(
  serviceUrl: string,
  path: string,
  query: Record<string, string>,
  { locale, localeParam = 'locale' }: HostedPageOptions = {},
): string {
  assertFrameUrl(serviceUrl)
  const search = new URLSearchParams(query)
  if (locale && localeParam) {
    if (search.has(localeParam))
      throw new IbvError('invalid_request', `localeParam cannot be "${localeParam}".`, {
        source: 'app',
      })
    search.set(localeParam, locale)
  }
  return `${joinServiceUrl(serviceUrl, path)}?${search}`
}

/**
 * Operation 5: the iframe source, `{base}/portal/embeddable_reports?token=<ACCESS_TOKEN>`, and
 * `&locale=<locale>` when one is given.
 *
 * @example
 * embeddedReportUrl('https://service.example', token, { locale: 'es' })
 */
export function embeddedReportUrl(
  serviceUrl: string,
  token: string,
  options?: HostedPageOptions,
): string {
  return hostedPageUrl(serviceUrl, '/portal/embeddable_reports', { token }, options)
}

/**
 * The hosted connect widget, `{base}/connect?token=<consumer token>&origin=<embedder origin>`, and
 * `&redirect_uri=…`, `&oauth_state_id=…` and `&locale=…` when given. The origin tells the widget
 * where it may post its messages. A `redirectUri` that is not an absolute http(s) URL on `origin`
 * throws an `IbvError` (`invalid_request`, `fields.redirectUri`).
 *
 * @example
 * connectWidgetUrl('https://service.example', token, location.origin, { redirectUri: `${location.origin}/bank-return` })
 */
export function connectWidgetUrl(
  serviceUrl: string,
  token: string,
  origin: string,
  options: ConnectWidgetUrlOptions = {},
): string {
  const { redirectUri, oauthStateId } = options
  const query: Record<string, string> = { token, origin }
  if (redirectUri !== undefined) {
    assertRedirectUri(redirectUri, origin)
    query.redirect_uri = redirectUri
  }
  if (oauthStateId) query.oauth_state_id = oauthStateId
  return hostedPageUrl(serviceUrl, '/connect', query, options)
}

/**
 * Throws an `IbvError` (`invalid_request`, `fields.redirectUri`) unless `redirectUri` is an
 * absolute http(s) URL on `origin`, the embedding page's: the bank sends the whole page there, and
 * the state it returns with is bound to that origin (a service accepts only the redirect pages
 * registered for it; the sandbox, only those on the page's origin).
 */
export function assertRedirectUri(redirectUri: unknown, origin: string): void {
  let same = false
  try {
    same =
      /^https?:\/\//i.test(redirectUri as string) &&
      new URL(redirectUri as string).origin === origin
  } catch {
    // Not a URL: refused below.
  }
  const rule = `must be an absolute http(s) URL on this page's origin, ${origin}`
  if (!same)
    throw new IbvError('invalid_request', `redirectUri ${rule}.`, {
      source: 'app',
      fields: { redirectUri: [rule] },
    })
}

/**
 * Whether `url` may be loaded in a frame of the lender's page: an http(s) URL, or a path on the
 * page's own origin. A `javascript:` or `data:` URL would run in, or spoof, the lender's page.
 */
export function isFrameUrl(url: unknown): boolean {
  try {
    // Any base will do: only the scheme is read, and a path takes the base's.
    return (
      typeof url === 'string' && /^https?:$/.test(new URL(url, 'https://base.invalid').protocol)
    )
  } catch {
    return false
  }
}

/** Throws an `IbvError` (`invalid_request`) unless `url` is an http(s) URL or a path. */
export function assertFrameUrl(url: unknown): void {
  if (!isFrameUrl(url)) {
    throw new IbvError('invalid_request', 'The service URL must be http(s) or a path.', {
      source: 'app',
      fields: { serviceUrl: ['must be http(s) or a path'] },
    })
  }
}
