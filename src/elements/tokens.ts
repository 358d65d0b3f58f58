import type { HeldToken } from '../core/held-token.js'
import { createTokenStore } from '../core/token-store.js'
import type { TokenRequest } from '../core/fetchers.js'
import type { ElementSettings } from './config.js'

// The page's tokens, in core's token store, held in memory only: never in storage, a cookie or a
// URL of the page. Elements that ask for the same request at the same token route, for the same
// service, share one token, and one fetch under way.

const store = createTokenStore()

/** Tokens are kept apart by the route that gives them and the service they are shown by. */
const scopeOf = (settings: ElementSettings) =>
  JSON.stringify([settings.tokenUrl, settings.serviceUrl])

/** The token held for `request`, usable or not. */
export const heldFor = (settings: ElementSettings, request: TokenRequest): HeldToken | undefined =>
  store.peek(request, scopeOf(settings))

/**
 * A usable token for `request` other than `stale`: the one held while it has life left, else a new
 * one from `settings.fetchers` (joining a fetch under way). `renewLeadSeconds` sets a new one's renewAt.
 */
export function tokenFor(
  settings: ElementSettings,
  request: TokenRequest,
  stale?: string,
  renewLeadSeconds?: number,
): Promise<HeldToken> {
  const { fetchers } = settings
  return store.token(
    request,
    { fetch: () => fetchers.token(request), stale, renewLeadSeconds },
    scopeOf(settings),
  )
}

/** Forgets the token held for `request` (a used invite's, a refused one): the next ask fetches. */
export function forgetToken(settings: ElementSettings, request: TokenRequest): void {
  store.forget(request, scopeOf(settings))
}
