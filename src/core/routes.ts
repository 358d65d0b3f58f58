// The lender's backend routes, written once: `createIbvBackend` serves each of them and
// `createBackendFetchers` calls the ones the browser's fetchers use. Paths are under the backend's
// base path (`/api/ibv` by default); a `:name` segment is a parameter.

/** Who calls a route: the browser's fetchers, the service (webhooks), an `EventSource`, a load balancer. */
export type BackendRouteCaller = 'fetchers' | 'service' | 'event-stream' | 'load-balancer'

/** One route: its method, its path under the base path, and who calls it. */
export interface BackendRoute {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly caller: BackendRouteCaller
}

/**
 * Every route of `createIbvBackend`. A route the fetchers call is named after its fetcher
 * (`IbvFetchers`), so the two cannot drift apart unseen (`test/server/routes.test.ts`).
 */
export const BACKEND_ROUTES = {
  /** A consumer, embedded report or invite token. */
  token: { method: 'POST', path: '/tokens', caller: 'fetchers' },
  /** The report (200) or where it stands (202). */
  report: { method: 'GET', path: '/reports/:productRequestId', caller: 'fetchers' },
  /** A refresh of the consumer's report, answered as a classified outcome. */
  refresh: { method: 'POST', path: '/refresh/:consumerId', caller: 'fetchers' },
  /** A new invite link for a consumer. */
  invite: { method: 'POST', path: '/invites', caller: 'fetchers' },
  /** The invites sent to a consumer (`?consumer_id=`), for staff. */
  invites: { method: 'GET', path: '/invites', caller: 'fetchers' },
  /** The borrower's page says a connection was completed with its invite. */
  completeInvite: { method: 'POST', path: '/invites/complete', caller: 'fetchers' },
  /** The service's webhooks. */
  webhooks: { method: 'POST', path: '/webhooks', caller: 'service' },
  /** The live events stream (Server-Sent Events) that `useIbvEvents` opens. */
  events: { method: 'GET', path: '/events', caller: 'event-stream' },
  /** Whether this instance can take work: counts only. */
  health: { method: 'GET', path: '/health', caller: 'load-balancer' },
} as const satisfies Record<string, BackendRoute>

/** The name of a backend route. */
export type BackendRouteName = keyof typeof BACKEND_ROUTES

/** The routes' names, in the table's order. */
export const BACKEND_ROUTE_NAMES = Object.keys(BACKEND_ROUTES) as BackendRouteName[]

/**
 * The URL of route `name` under `basePath`, its `:name` segments filled from `params` (encoded).
 *
 * @example
 * backendRouteUrl('/api/ibv', 'report', { productRequestId: 'IBV1' }) // '/api/ibv/reports/IBV1'
 */
export function backendRouteUrl(
  basePath: string,
  name: BackendRouteName,
  params: Record<string, string> = {},
): string {
  const path = BACKEND_ROUTES[name].path.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(params[param] ?? ''),
  )
  return `${basePath.replace(/\/+$/, '')}${path}`
}
