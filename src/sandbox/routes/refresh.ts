import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { requireApiKey } from '../http.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Operation 3: `POST /api/v1/ibv/requests/refresh/:client_consumer_id`, with the success body of
 * the service API and each of its five error cases. The 24-hour window runs from the last submitted
 * refresh. A refresh needs an earlier complete report; without one it fails to initiate.
 */
export function refreshRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/api/v1/ibv/requests/refresh/:consumerId', (c) => {
    requireApiKey(c, ctx.apiKey)
    const consumerId = c.req.param('consumerId')
    const { state, refreshStatus: codes } = ctx
    const consumer = state.consumers.get(consumerId)
    if (!consumer)
      return c.json(
        { message: `Consumer ID ${consumerId} does not exist.` },
        codes.consumer_not_found as 404,
      )

    const latest = state.latestComplete(consumer)
    if (!latest)
      return c.json(
        { message: 'The product request failed to initiate.' },
        codes.refresh_failed as 500,
      )
    const now = ctx.clock.now()
    const links = {
      ibv_report: state.reportLink(latest),
      product_request_id: latest.id,
      ibv_connection_link: state.connectionLink(consumer),
    }
    const fi = consumer.institution

    if (consumer.lastRefreshAt !== undefined && now - consumer.lastRefreshAt < DAY_MS) {
      const message = `Reports can only be refreshed once every 24 hours. Wait to refresh or ask the consumer to reconnect to ${fi} using the connection link.`
      return c.json(
        { ...links, ibv_report_status: 'initiated', message, status: 'refresh_not_ready' },
        codes.refresh_not_ready as 429,
      )
    }

    const setting = consumer.nextRefresh
    consumer.nextRefresh = 'submitted'
    switch (setting) {
      case 'invalid_connection':
        return c.json(
          {
            ...links,
            ibv_report_status: 'initiated',
            message: 'Connection no longer valid. Ask consumer to reconnect.',
          },
          codes.invalid_connection as 409,
        )
      case 'data_pull_failed': {
        const message = `Unable to pull IBV data. Ask the consumer to reconnect to ${fi} using the connection link.`
        ctx.webhooks.send(ctx.webhookTarget, {
          event: 'data_pull_via_connection_failed',
          consumer_id: consumer.id,
          product_request_id: latest.id,
          ibv_report_status: 'ibv_data_acquire_failed',
          ibv_connection_link: links.ibv_connection_link,
          message,
        })
        return c.json(
          {
            ibv_connection_link: links.ibv_connection_link,
            ibv_report_status: 'ibv_data_acquire_failed',
            message,
          },
          codes.data_pull_failed as 422,
        )
      }
      case 'refresh_failed':
        return c.json(
          { message: 'The product request failed to initiate.' },
          codes.refresh_failed as 500,
        )
      case 'submitted':
      case 'generation_failed': {
        consumer.lastRefreshAt = now
        const created = state.create({
          consumerId: consumer.id,
          institution: fi,
          outcome: setting === 'submitted' ? 'complete' : 'generation_failed',
          shape: latest.shape,
          viaRefresh: true,
        })
        return c.json(
          {
            ibv_report: state.reportLink(created),
            product_request_id: created.id,
            ibv_report_status: 'initiated',
            ibv_connection_link: links.ibv_connection_link,
            message: 'Refresh request submitted',
            status: 'in_progress',
          },
          200,
        )
      }
      default:
        return setting satisfies never
    }
  })

  return app
}
