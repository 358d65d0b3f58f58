import { lifetimeFrom } from '../core/index.js'
import type { IbvClient, IssuedToken } from './client.js'
import { sharedFlights } from './shared-flights.js'
import { countCached } from './telemetry.js'
import { asCachedToken, type TokenCache } from './token-cache.js'

/**
 * Embedded report tokens, through the cache when there is one: a cached token until its renewal
 * time, answered with the seconds it has left; misses for one product request in this process
 * share one upstream mint. Called only after `authorize` said yes. `signal` is the asking request's
 * (its deadline, or its going away): a shared mint is aborted only once every asker has gone.
 */
export function sharedEmbeddedTokens(
  client: IbvClient,
  cache: TokenCache | undefined,
  report: (error: unknown) => void,
) {
  const mint = async (productRequestId: string, signal?: AbortSignal) => {
    const token = await client.createEmbeddedReportToken(productRequestId, { signal })
    return { access_token: token.access_token, expires_in: token.expires_in }
  }
  if (!cache) return mint
  const inFlight = sharedFlights<IssuedToken>()
  const renewAt = (token: IssuedToken) =>
    lifetimeFrom(token.expires_in, token.expiresAt - token.expires_in * 1000).renewAt

  const mintAndKeep = async (
    productRequestId: string,
    signal: AbortSignal,
  ): Promise<IssuedToken> => {
    const token = await client.createEmbeddedReportToken(productRequestId, { signal })
    const ttlMs = Math.floor(renewAt(token) - Date.now())
    if (ttlMs > 0) {
      try {
        await cache.set(
          productRequestId,
          {
            access_token: token.access_token,
            expires_in: token.expires_in,
            expiresAt: token.expiresAt,
          },
          ttlMs,
        )
      } catch (error) {
        report(error)
      }
    }
    return token
  }

  return async (productRequestId: string, signal?: AbortSignal) => {
    let cached: IssuedToken | undefined
    try {
      cached = asCachedToken(await cache.get(productRequestId))
    } catch (error) {
      report(error)
    }
    let token = cached && renewAt(cached) > Date.now() ? cached : undefined
    if (token) countCached('cache')
    else {
      if (inFlight.has(productRequestId)) countCached('in_flight')
      token = await inFlight.join(
        productRequestId,
        (shared) => mintAndKeep(productRequestId, shared),
        signal,
      )
    }
    const left = Math.floor((token.expiresAt - Date.now()) / 1000)
    return {
      access_token: token.access_token,
      expires_in: Math.max(1, Math.min(token.expires_in, left)),
    }
  }
}
