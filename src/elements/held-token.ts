import { lifetimeFrom, parseTokenResponse } from '../core/token-lifetime.js'
import type { IbvFetchers, TokenRequest } from '../core/fetchers.js'

/** A token is used for a new load only with this much life left (as the React components do). */
const MIN_LIFE_MS = 5_000

/** One element's token: minted when asked for, kept in memory only, reused while it has life left. */
export interface HeldToken {
  /** A usable token for `request`: the one held, if it is for the same request and has life left, else a new one. */
  get(fetchers: Pick<IbvFetchers, 'token'>, request: TokenRequest): Promise<string>
  /** Forgets the token held: the next `get` mints a new one. */
  forget(): void
}

/** A token holder for one element. Never written to storage, a cookie or the URL of this page. */
export function holdToken(): HeldToken {
  let held: { key: string; accessToken: string; expiresAt: number } | undefined
  return {
    async get(fetchers, request) {
      const key = JSON.stringify(request)
      if (held?.key === key && held.expiresAt - Date.now() > MIN_LIFE_MS) return held.accessToken
      const { access_token, expires_in } = parseTokenResponse(await fetchers.token(request))
      held = { key, accessToken: access_token, expiresAt: lifetimeFrom(expires_in, Date.now()).expiresAt }
      return access_token
    },
    forget() {
      held = undefined
    },
  }
}
