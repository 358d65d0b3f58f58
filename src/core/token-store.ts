import { isRetryable } from './errors.js'
import { heldToken, isUsable, type HeldToken } from './held-token.js'
import type { TokenRequest } from './fetchers.js'

// The browser's tokens, framework-free: every adapter (the React components, the custom elements)
// asks this one store, so "reuse a usable token, else fetch, joining a fetch under way" is written
// once. The wire answer is validated here, once, into a HeldToken; nothing else parses it.

/** How a token is asked for. */
export interface TokenAsk {
  /** The token-fetcher's call: the backend's answer as sent, `{ access_token, expires_in }`. */
  fetch: () => Promise<unknown>
  /** A token that will not do (the one the asker holds): another is fetched unless one is held. */
  stale?: string
  /** Seconds before expiry to renew a new token (capped at half its lifetime). @default 120 */
  renewLeadSeconds?: number
  /** Retries after a retryable failure (`isRetryable`: network, timeout, 408, 429, 5xx). @default 3 */
  retries?: number
}

/** Where a store keeps its tokens: a `Map` unless told (React keeps them in its query cache). */
export interface TokenHolding {
  get(request: TokenRequest, scope: string): HeldToken | undefined
  set(request: TokenRequest, scope: string, token: HeldToken): void
  delete(request: TokenRequest, scope: string): void
}

export interface TokenStoreOptions {
  holding?: TokenHolding
  /** The wait before retry `attempt` (0 for the first). @default 1 s, 2 s, 4 s, … up to 30 s */
  retryDelay?: (attempt: number) => number
}

/**
 * The tokens of one page (or one `QueryClient`), by request and scope (whatever else tells tokens
 * apart, such as the elements' token route). In memory only.
 */
export interface TokenStore {
  /**
   * A usable token for `request` other than `ask.stale`: the one held while it has over 5 s left,
   * else a new one (joining a fetch under way: any number of askers cause one fetch).
   */
  token(request: TokenRequest, ask: TokenAsk, scope?: string): Promise<HeldToken>
  /** The token held for `request`, usable or not. */
  peek(request: TokenRequest, scope?: string): HeldToken | undefined
  /** Forgets the token held, and any fetch under way for it: the next ask fetches. */
  forget(request: TokenRequest, scope?: string): void
  /** Holds `token` (a prefetched one), unless a usable one is held already. */
  seed(request: TokenRequest, token: HeldToken, scope?: string): void
}

const backoff = (attempt: number) => Math.min(1_000 * 2 ** attempt, 30_000)

const keyOf = (request: TokenRequest, scope: string) => JSON.stringify([scope, request])

function mapHolding(): TokenHolding {
  const held = new Map<string, HeldToken>()
  return {
    get: (request, scope) => held.get(keyOf(request, scope)),
    set: (request, scope, token) => held.set(keyOf(request, scope), token),
    delete: (request, scope) => held.delete(keyOf(request, scope)),
  }
}

/**
 * A token store: usable-token reuse, one fetch for many askers, the renewal point (`renewAt`) and
 * retries of what is worth retrying.
 *
 * @example
 * const store = createTokenStore()
 * const token = await store.token(request, { fetch: () => fetchers.token(request) })
 */
export function createTokenStore(options: TokenStoreOptions = {}): TokenStore {
  const { holding = mapHolding(), retryDelay = backoff } = options
  const fetching = new Map<string, Promise<HeldToken>>()

  async function attempt(ask: TokenAsk): Promise<HeldToken> {
    const retries = ask.retries ?? 3
    for (let failures = 0; ; failures++) {
      try {
        const body = await ask.fetch()
        // Timed from its arrival, not from the ask: retries and waits do not age it.
        return heldToken(body, Date.now(), ask.renewLeadSeconds)
      } catch (error) {
        if (failures >= retries || !isRetryable(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)))
      }
    }
  }

  return {
    token(request, ask, scope = '') {
      const held = holding.get(request, scope)
      if (isUsable(held) && held.accessToken !== ask.stale) return Promise.resolve(held)
      const key = keyOf(request, scope)
      const under = fetching.get(key)
      if (under) return under
      const pending = attempt(ask).then((token) => {
        // Kept only if nobody forgot the request meanwhile.
        if (fetching.get(key) === pending) holding.set(request, scope, token)
        return token
      })
      fetching.set(key, pending)
      const done = () => {
        if (fetching.get(key) === pending) fetching.delete(key)
      }
      pending.then(done, done)
      return pending
    },
    peek: (request, scope = '') => holding.get(request, scope),
    forget(request, scope = '') {
      fetching.delete(keyOf(request, scope))
      holding.delete(request, scope)
    },
    seed(request, token, scope = '') {
      if (!isUsable(holding.get(request, scope))) holding.set(request, scope, token)
    },
  }
}
