import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { SandboxHttpError, hasApiKey, invalid, readJsonObject, stringField } from '../http.js'

/** Operations 1 and 2: `POST /api/v1/auth/tokens`, consumer and embedded report tokens. */
export function tokenRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/api/v1/auth/tokens', async (c) => {
    let body: Record<string, unknown> | SandboxHttpError
    try {
      body = await readJsonObject(c)
    } catch (error) {
      if (!(error instanceof SandboxHttpError)) throw error
      body = error
    }
    const embedded =
      !(body instanceof SandboxHttpError) && ('type' in body || 'product_request_id' in body)
    // The two operations word their 401 differently: `message` for op 1, `error` for op 2.
    if (!hasApiKey(c, ctx.apiKey)) {
      return embedded
        ? c.json({ error: 'Invalid token: the x-api-key header is missing or wrong.' }, 401)
        : c.json({ message: 'Invalid credentials: the x-api-key header is missing or wrong.' }, 401)
    }
    if (body instanceof SandboxHttpError) throw body
    return embedded
      ? embeddedToken(ctx, body, c.json.bind(c))
      : consumerToken(ctx, body, c.json.bind(c))
  })

  return app
}

type Json = (body: Record<string, unknown>, status?: 200) => Response

function consumerToken(ctx: SandboxContext, body: Record<string, unknown>, json: Json): Response {
  const consumerId = stringField(body, 'consumer_id')
  if (!consumerId)
    invalid({ consumer_id: ['consumer_id is required for generation of a consumer token'] })
  const token = ctx.tokens.issue('consumer', consumerId, ctx.lifetimes.consumer)
  return json({ access_token: token, expires_in: expiresIn(ctx, ctx.lifetimes.consumer) })
}

function embeddedToken(ctx: SandboxContext, body: Record<string, unknown>, json: Json): Response {
  const fields: Record<string, string[]> = {}
  const productRequestId = stringField(body, 'product_request_id')
  if (!productRequestId) {
    fields.product_request_id = [
      'product_request_id is required for generation of an embedded report token',
    ]
  } else if (!ctx.state.requests.has(productRequestId)) {
    fields.product_request_id = [
      `product_request_id ${productRequestId} does not match any product request`,
    ]
  }
  if (body.type !== 'embedded_report_token') fields.type = ['type must equal embedded_report_token']
  if (!productRequestId || Object.keys(fields).length > 0) invalid(fields)
  const token = ctx.tokens.issue('embedded_report_token', productRequestId, ctx.lifetimes.embedded)
  return json({ access_token: token, expires_in: expiresIn(ctx, ctx.lifetimes.embedded) })
}

function expiresIn(ctx: SandboxContext, seconds: number): number | string {
  return ctx.expiresInFormat === 'string' ? String(seconds) : seconds
}
