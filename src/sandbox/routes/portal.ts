import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { pendingPage, refusedPage, reportPage } from '../pages/portal.js'
import { ASSETS } from '../assets.js'
import { reportOf } from './reports.js'
import { resolveLocale, textsFor } from '../pages/texts/index.js'

/**
 * Operation 5: the embeddable report page, `GET /portal/embeddable_reports?token=` (`&locale=`
 * optional), and the static
 * assets of the sandbox's pages. Unknown, expired and consumer-kind tokens get a 401 page.
 */
export function portalRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/portal/embeddable_reports', (c) => {
    const basePath = ctx.basePath
    // Embedded in the app that asked: its language (the `locale` parameter), else English.
    const texts = textsFor(resolveLocale(c.req.query('locale')))
    const checked = ctx.tokens.check(c.req.query('token'), 'embedded_report_token')
    if (typeof checked === 'string')
      return c.body(refusedPage(basePath, checked, texts), 401, ctx.pageHeaders)
    const request = ctx.state.requests.get(checked.subject)
    if (!request) return c.body(refusedPage(basePath, 'unknown', texts), 401, ctx.pageHeaders)
    const html =
      request.status === 'complete'
        ? reportPage(basePath, reportOf(ctx, request), texts)
        : pendingPage(basePath, request.id, request.status, texts)
    return c.body(html, 200, ctx.pageHeaders)
  })

  // The open portal page asks this every few seconds, so that a session ends when its token
  // does, as the service API says it must (the page then tells its embedder), and a page waiting for the
  // report reloads when its status moves.
  app.get('/portal/token_status', (c) => {
    const checked = ctx.tokens.check(c.req.query('token'), 'embedded_report_token')
    const valid = typeof checked !== 'string'
    // The report's status too, so a page waiting for it reloads when it moves.
    const status = valid ? ctx.state.requests.get(checked.subject)?.status : undefined
    return c.json(
      {
        valid,
        expires_in: valid
          ? Math.max(0, Math.floor((checked.expiresAt - ctx.clock.now()) / 1000))
          : 0,
        status,
      },
      200,
      {
        'cache-control': 'no-store',
      },
    )
  })

  app.get('/assets/:name', (c) => {
    const asset = ASSETS[c.req.param('name')]
    if (!asset) return c.json({ message: `No asset ${c.req.param('name')}.` }, 404)
    return c.body(asset.body, 200, {
      'content-type': asset.type,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    })
  })

  return app
}
