import type { HttpHandler } from 'msw'
import type { IbvTestEnvironment } from './environment.js'

// MSW is an optional peer: loaded here once, so importing `ibv-kit/testing` works without it.
const msw = await import('msw').catch(() => undefined)

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
  if (!msw) throw new Error('ibvHandlers needs MSW: npm install --save-dev msw')
  const answer = async ({ request }: { request: Request }) => (await env.handle(request)) ?? Response.error()
  return [msw.http.all(`${env.appOrigin}${env.backend.basePath}/*`, answer), msw.http.all(`${env.serviceUrl}/*`, answer)]
}
