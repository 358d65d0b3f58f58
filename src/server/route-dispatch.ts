import { Hono, type Context } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { BACKEND_ROUTES, BACKEND_ROUTE_NAMES, type BackendRouteName } from '../core/routes.js'
import { IbvError } from '../core/errors.js'
import { refuseForeignRequest } from './request-guard.js'
import { json, upstreamFailure } from './responses.js'

/** What answers one route. */
export type RouteHandler = (c: Context) => Response | Promise<Response>

/**
 * A handler for every route of core's table (`BACKEND_ROUTES`), so a route cannot be added to the
 * table without one; `undefined` leaves it unserved (the invite routes of a backend without invites).
 */
export type RouteHandlers = { readonly [K in BackendRouteName]: RouteHandler | undefined }

/**
 * The backend's Hono app under `basePath`: each route of the table at its method and path, a 405
 * naming the methods a path takes, a 404 for anything else, the origin check on every route a
 * browser calls, and the errors turned into answers.
 */
export function routeDispatch(
  basePath: string,
  allowedOrigins: ReadonlySet<string>,
  handlers: RouteHandlers,
  onError: (error: unknown) => void,
): Hono {
  const app = new Hono().basePath(basePath)
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allow) =>
        json(
          {
            message: `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`,
            code: 'invalid_request',
          },
          405,
          { allow: allow.join(', ') },
        ),
    }),
  )

  // Webhooks come from the service, not a browser: they are checked by `verifyWebhook` instead.
  const fromService = BACKEND_ROUTE_NAMES.filter(
    (name) => BACKEND_ROUTES[name].caller === 'service',
  )
  const servicePaths = new Set(fromService.map((name) => `${basePath}${BACKEND_ROUTES[name].path}`))
  app.use(async (c, next) =>
    servicePaths.has(c.req.path)
      ? next()
      : (refuseForeignRequest(c.req.raw, allowedOrigins) ?? next()),
  )

  for (const name of BACKEND_ROUTE_NAMES) {
    const handler = handlers[name]
    const { method, path } = BACKEND_ROUTES[name]
    if (handler) app.on(method, path, handler)
  }

  app.notFound((c: Context) =>
    json(
      {
        message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`,
        code: 'not_found',
      },
      404,
    ),
  )
  app.onError((error, c) => {
    // The browser went away and its calls were abandoned: no one reads this, and it is no failure.
    if (
      c.req.raw.signal.aborted &&
      error instanceof IbvError &&
      (error.code === 'network' || error.code === 'timeout')
    ) {
      return json({ message: 'The request was aborted by its client.', code: 'aborted' }, 499)
    }
    // The request's own faults found while reading it: not a JSON object (400), too slow (408),
    // too large (413), not JSON (415). The service's own 400s come with `source: 'service'`.
    if (
      error instanceof IbvError &&
      error.source !== 'service' &&
      (error.status === 400 || error.status === 408 || error.status === 413 || error.status === 415)
    ) {
      return json(
        { message: error.message, code: error.code, fields: error.fields ?? {} },
        error.status,
      )
    }
    return upstreamFailure(error, onError)
  })
  return app
}
