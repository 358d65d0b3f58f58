import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { WEBHOOK_HOST_HINT } from '../hosts.js'
import { invalid, readJsonObject, requireApiKey, stringField } from '../http.js'
import { webhookHeaderProblems } from '../webhook-headers.js'
import { INSTITUTIONS } from '../report-data.js'
import {
  CONNECT_OUTCOMES,
  REFRESH_SETTINGS,
  type ConnectOutcome,
  type RefreshSetting,
} from '../service.js'

const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 60 * 60

/** The control routes under `/sandbox/` (docs/sandbox.md lists them), all behind the API key. */
export function controlRoutes(ctx: SandboxContext, reset: () => void): Hono {
  const app = new Hono()
  app.use('/sandbox/*', async (c, next) => {
    requireApiKey(c, ctx.apiKey)
    await next()
  })

  app.post('/sandbox/product_requests', async (c) => {
    const body = await readJsonObject(c)
    const consumerId = stringField(body, 'consumer_id')
    const outcome = body.outcome ?? 'complete'
    const id = body.product_request_id
    const fields: Record<string, string[]> = {}
    if (!consumerId) fields.consumer_id = ['consumer_id is required']
    if (!isOneOf(CONNECT_OUTCOMES, outcome))
      fields.outcome = [`outcome must be one of ${CONNECT_OUTCOMES.join(', ')}`]
    if (id !== undefined && (typeof id !== 'string' || !/^IBV[\w-]{1,60}$/.test(id))) {
      fields.product_request_id = [
        'product_request_id must start with IBV and use letters, digits, - or _',
      ]
    } else if (typeof id === 'string' && ctx.state.requests.has(id)) {
      fields.product_request_id = [`product request ${id} already exists`]
    }
    const accounts = count(body.accounts, 'accounts', 0, 50, fields)
    const features = count(body.features, 'features', 0, 2000, fields)
    const institution = stringField(body, 'institution') ?? INSTITUTIONS[0].name
    if (!consumerId || !isOneOf(CONNECT_OUTCOMES, outcome) || Object.keys(fields).length > 0)
      invalid(fields)
    const request = ctx.state.create({
      consumerId,
      institution,
      outcome: outcome as ConnectOutcome,
      shape: { accounts, features },
      id: typeof id === 'string' ? id : undefined,
    })
    const consumer = ctx.state.consumer(consumerId, institution)
    return c.json(
      {
        product_request_id: request.id,
        consumer_id: consumerId,
        ibv_report_status: request.status,
        ibv_report: ctx.state.reportLink(request),
        ibv_connection_link: ctx.state.connectionLink(consumer),
        institution,
      },
      201,
    )
  })

  app.post('/sandbox/consumers/:consumerId/next_refresh', async (c) => {
    const body = await readJsonObject(c)
    const outcome = body.outcome ?? 'submitted'
    if (!isOneOf(REFRESH_SETTINGS, outcome))
      invalid({ outcome: [`outcome must be one of ${REFRESH_SETTINGS.join(', ')}`] })
    const consumer = ctx.state.consumers.get(c.req.param('consumerId'))
    if (!consumer)
      return c.json({ message: `Consumer ID ${c.req.param('consumerId')} does not exist.` }, 404)
    consumer.nextRefresh = outcome as RefreshSetting
    return c.json({ consumer_id: consumer.id, next_refresh: consumer.nextRefresh }, 200)
  })

  app.get('/sandbox/clock', (c) => c.json(clockBody(ctx), 200))

  app.post('/sandbox/clock/advance', async (c) => {
    const body = await readJsonObject(c)
    const seconds = body.seconds
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      seconds > MAX_ADVANCE_SECONDS
    ) {
      invalid({ seconds: [`seconds must be a number from 0 to ${MAX_ADVANCE_SECONDS}`] })
    }
    await ctx.scheduler.advanceBy(seconds * 1000)
    return c.json(clockBody(ctx), 200)
  })

  app.post('/sandbox/tokens/expire', async (c) => {
    const body = await readJsonObject(c)
    const token = stringField(body, 'access_token')
    const productRequestId = stringField(body, 'product_request_id')
    if (productRequestId && !token) {
      // Every embedded report token of that product request (the demo's "expire the token now").
      return c.json(
        { expired: ctx.tokens.expireAll('embedded_report_token', productRequestId) > 0 },
        200,
      )
    }
    if (!token) invalid({ access_token: ['access_token (or product_request_id) is required'] })
    if (!ctx.tokens.expire(token)) return c.json({ message: 'No such token.' }, 404)
    return c.json({ expired: true }, 200)
  })

  app.put('/sandbox/webhook_url', async (c) => {
    const body = await readJsonObject(c)
    if (body.url === null) {
      ctx.webhookTarget = undefined
      return c.json({ url: null }, 200)
    }
    const url = stringField(body, 'url')
    if (!url || !/^https?:\/\//i.test(url) || !URL.canParse(url))
      invalid({ url: ['url must be an absolute http(s) URL, or null'] })
    if (!ctx.webhookAllowed(url))
      invalid({ url: [WEBHOOK_HOST_HINT] }, `Webhooks may not go to ${new URL(url).host}.`)
    const headers = body.headers
    if (headers !== undefined && !isStringRecord(headers))
      invalid({ headers: ['headers must map names to strings'] })
    const problems = headers === undefined ? [] : webhookHeaderProblems(headers)
    if (problems.length > 0) invalid({ headers: problems })
    // Without headers of its own, a URL carries the configured ones (`webhookHeaders`).
    ctx.webhookTarget = { url, headers: headers ?? ctx.webhookHeaders }
    return c.json({ url }, 200)
  })

  app.get('/sandbox/webhooks', (c) => c.json({ deliveries: ctx.webhooks.attempts }, 200))

  app.post('/sandbox/reset', (c) => {
    reset()
    return c.json({ reset: true }, 200)
  })

  return app
}

function clockBody(ctx: SandboxContext) {
  const now = ctx.clock.now()
  return { now: new Date(now).toISOString(), now_ms: now }
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  )
}

function count(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fields: Record<string, string[]>,
): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
    return value
  fields[name] = [`${name} must be a whole number from ${min} to ${max}`]
  return undefined
}
