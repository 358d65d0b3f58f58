import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { SandboxContext } from './context.js'
import { SandboxHttpError } from './http.js'
import { controlRoutes } from './routes/control.js'
import { oauthRoutes } from './routes/oauth.js'
import { portalRoutes } from './routes/portal.js'
import { refreshRoutes } from './routes/refresh.js'
import { reportRoutes } from './routes/reports.js'
import { tokenRoutes } from './routes/tokens.js'
import { widgetRoutes } from './routes/widget.js'
import { tooLargeWidgetPage } from './routes/widget-sessions.js'

// The sandbox as HTTP: every route under `basePath`, and what any route shares: the 1 MiB body
// limit (a widget form over it gets a widget page), due transitions run before each request,
// 405 with `Allow`, and JSON for a route that is not there or a failure.

const MAX_BODY_BYTES = 1024 * 1024

/**
 * The sandbox's Hono app over `ctx`. `seen` is told the origin of each request (the base of the
 * links the sandbox returns when no service URL was given); `reset` empties the sandbox (a control
 * route).
 */
export function sandboxApp(
  ctx: SandboxContext,
  seen: (origin: string) => void,
  reset: () => void,
): Hono {
  const { basePath, scheduler } = ctx
  const app = new Hono().basePath(basePath)
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        const widget = tooLargeWidgetPage(ctx, c.req.path)
        return widget
          ? c.body(widget.page, widget.status, ctx.pageHeaders)
          : c.json({ message: 'The request body is larger than 1 MiB.' }, 413)
      },
    }),
  )
  app.use(async (c, next) => {
    seen(new URL(c.req.url).origin)
    scheduler.runDue()
    await next()
  })
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allowed) => {
        c.header('allow', allowed.join(', '))
        return c.json(
          { message: `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.` },
          405,
        )
      },
    }),
  )
  for (const routes of [
    tokenRoutes(ctx),
    reportRoutes(ctx),
    refreshRoutes(ctx),
    portalRoutes(ctx),
    widgetRoutes(ctx),
    oauthRoutes(ctx),
    controlRoutes(ctx, reset),
  ]) {
    app.route('/', routes)
  }
  app.notFound((c) =>
    c.json({ message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404),
  )
  app.onError((error, c) => {
    if (error instanceof SandboxHttpError) return c.json(error.body, error.status)
    if (error instanceof HTTPException)
      return c.json({ message: error.message || 'Bad request.' }, error.status)
    console.error('ibv-sandbox: unexpected error', error)
    return c.json({ message: 'The sandbox failed to handle this request.' }, 500)
  })

  return app
}
