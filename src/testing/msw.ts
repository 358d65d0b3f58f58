import type { HttpHandler } from 'msw'
import type { IbvTestEnvironment } from './environment.js'
import { requirePeer } from './optional-peer.js'
import { msw } from './peers.js'

/**
 * Request handlers for MSW (`setupServer(...ibvHandlers(env))`), for apps that already mock their
 * network with it: your backend's routes (`${env.appOrigin}/api/ibv/*`) are answered by
 * `env.backend` and the service's (`${env.serviceUrl}/*`) by `env.sandbox`, both in process. Then
 * the app's own `createBackendFetchers()` (with the global `fetch`) reaches them unchanged.
 *
 * @example
 * const env = createIbvTestEnvironment()
 * const server = setupServer(...ibvHandlers(env))
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' })) // MSW 3: onUnhandledFrame
 */
export function ibvHandlers(env: IbvTestEnvironment): HttpHandler[] {
  const { http } = requirePeer(msw, 'msw', 'ibvHandlers')
  const answer = async ({ request }: { request: Request }) =>
    (await env.handle(request)) ?? Response.error()
  return [
    http.all(`${env.appOrigin}${env.backend.basePath}/*`, answer),
    http.all(`${env.serviceUrl}/*`, answer),
  ]
}
