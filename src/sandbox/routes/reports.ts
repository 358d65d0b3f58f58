import { Hono } from 'hono'
import { describeStatus } from '../../core/index.js'
import type { SandboxContext } from '../context.js'
import { requireApiKey } from '../http.js'
import { buildReport } from '../report-data.js'
import type { ProductRequest } from '../service.js'

const PENDING_MESSAGE: Record<string, string> = {
  initiated: 'The report is not ready yet. Check for results later.',
  ibv_data_acquired:
    'Bank data is downloaded and the report is being generated. Check for results later.',
  reconnect_required: 'The consumer must reconnect the bank before the report can be generated.',
  ibv_data_acquire_failed:
    'Bank data could not be pulled. No report will be generated for this request.',
  generation_failed:
    'The report could not be generated. No report will be produced for this request.',
}

/**
 * Operation 4: `GET /api/v2/ibv/requests/:id` (and `/api/v1/`, used after a refresh webhook). A
 * complete report is a 200; every other state a 202 with the pending body, final failures
 * included (their status says they are final); an unknown id a 404.
 */
export function reportRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/api/:version{v[12]}/ibv/requests/:id', (c) => {
    requireApiKey(c, ctx.apiKey)
    const id = c.req.param('id')
    const request = ctx.state.requests.get(id)
    if (!request) return c.json({ message: `Product request ${id} does not exist.` }, 404)
    if (request.status === 'complete') return c.json(reportOf(ctx, request), 200)
    return c.json(pendingBody(ctx, request), 202)
  })

  return app
}

export function reportOf(ctx: SandboxContext, request: ProductRequest) {
  return buildReport({
    productRequestId: request.id,
    clientId: ctx.clientId,
    consumerId: request.consumerId,
    institution: request.institution,
    createdAt: request.createdAt,
    status: request.status,
    shape: request.shape,
  })
}

export function pendingBody(ctx: SandboxContext, request: ProductRequest): Record<string, string> {
  const consumer = ctx.state.consumer(request.consumerId, request.institution)
  return {
    product_request_id: request.id,
    ibv_report: ctx.state.reportLink(request),
    ibv_report_status: request.status,
    message: PENDING_MESSAGE[request.status] ?? describeStatus(request.status).description,
    ibv_connection_link: ctx.state.connectionLink(consumer),
  }
}
