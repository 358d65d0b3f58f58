import { Hono, type Context } from 'hono'
import type { SandboxContext } from '../context.js'
import { banksPage } from '../pages/widget-banks.js'
import { widgetRefusedPage, type WidgetView } from '../pages/widget.js'
import { resolveLocale, textsFor } from '../pages/texts/index.js'
import { exitMessage } from './widget-outcomes.js'
import { actionOf, endedPage, liveSession, reconnecting } from './widget-sessions.js'
import { openWidget } from './widget-open.js'
import { widgetStep } from './widget-steps.js'

/**
 * The hosted connect widget: `GET /connect?token=&origin=` (or `?link=`), `&locale=` optional, and its
 * form posts. A session keeps the language it opened in. `&redirect_uri=` (on `origin`) sends OAuth
 * banks through the whole page rather than a popup; `&oauth_state_id=` takes such a visit back.
 */
export function widgetRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const html = (c: Context, body: string, status: 200 | 400 | 404 = 200) =>
    c.body(body, status, ctx.pageHeaders)
  const ended = (c: Context) =>
    html(c, endedPage(ctx, c.req.param('id') ?? '', resolveLocale(c.req.query('locale'))), 404)
  const live = (id: string) => liveSession(ctx, id)

  app.get('/connect', openWidget(ctx))

  // The search: the list again, with the banks that match `q`.
  app.get('/connect/sessions/:id', (c) => {
    const session = live(c.req.param('id'))
    if (!session) return ended(c)
    const view: WidgetView = {
      basePath: ctx.basePath,
      texts: textsFor(session.locale),
      origin: session.origin,
      messages: [],
    }
    // No step on the refusal: the consumer is past step 1 (at the code, or done).
    if (session.step !== 'credentials')
      return html(c, widgetRefusedPage(view, view.texts.widget.bankAlreadyChosen), 400)
    view.step = { at: 1, of: 3 }
    reconnecting.delete(session)
    view.exit = exitMessage(null, { status: 'credentials' })
    return html(
      c,
      banksPage(view, actionOf(ctx, session), (c.req.query('q') ?? '').trim().slice(0, 100)),
    )
  })

  app.post('/connect/sessions/:id', widgetStep(ctx))

  return app
}
