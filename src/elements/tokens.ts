import { heldToken, isUsable, type HeldToken } from '../core/held-token.js'
import type { TokenRequest } from '../core/fetchers.js'
import type { ElementSettings } from './config.js'

// The page's tokens, in core's one token model (parsed once, one renewAt), held in memory only:
// never in storage, a cookie or a URL of the page. Elements that ask for the same request at the
// same token route share one token, and one fetch under way.

/** A request's token, and the fetch of its next one while under way. */
interface Held {
  token?: HeldToken
  fetching?: Promise<HeldToken>
}

const held = new Map<string, Held>()

const keyOf = (settings: ElementSettings, request: TokenRequest) =>
  JSON.stringify([settings.tokenUrl, request])

/** The token held for `request`, usable or not. */
export const heldFor = (settings: ElementSettings, request: TokenRequest): HeldToken | undefined =>
  held.get(keyOf(settings, request))?.token

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
  const key = keyOf(settings, request)
  const entry = held.get(key) ?? {}
  held.set(key, entry)
  const { token } = entry
  if (isUsable(token) && token.accessToken !== stale) return Promise.resolve(token)
  entry.fetching ??= settings.fetchers
    .token(request)
    .then((body) => (entry.token = heldToken(body, Date.now(), renewLeadSeconds)))
    .finally(() => (entry.fetching = undefined))
  return entry.fetching
}

/** Forgets the token held for `request` (a used invite's, a refused one): the next ask fetches. */
export function forgetToken(settings: ElementSettings, request: TokenRequest): void {
  held.delete(keyOf(settings, request))
}
