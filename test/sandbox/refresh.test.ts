import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { classifyRefresh, parseWebhook, type WebhookEvent } from '../../src/core/index.js'
import { call } from './call.js'

const DAY = 86_400

async function consumerWithReport() {
  const events: WebhookEvent[] = []
  const sandbox = createSandbox({
    clock: createManualClock(),
    webhookUrl: 'http://lender.test/hooks',
    fetch: (async (_url: unknown, init?: RequestInit) => {
      events.push(parseWebhook(String(init?.body)))
      return new Response(null, { status: 200 })
    }) as typeof fetch,
  })
  const { body } = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: 'LND-42',
    institution: 'Platypus Bank',
  })
  await sandbox.advance(6)
  events.length = 0
  return { sandbox, first: body.product_request_id as string, events }
}

const refresh = (sandbox: Parameters<typeof call>[0], consumer = 'LND-42') =>
  call(sandbox, 'POST', `/api/v1/ibv/requests/refresh/${encodeURIComponent(consumer)}`)

describe('POST /api/v1/ibv/requests/refresh/:client_consumer_id (operation 3)', () => {
  it('submits: the service API success body, a new request that ends in report_generated, fetched through v1', async () => {
    const { sandbox, first, events } = await consumerWithReport()
    const { status, body } = await refresh(sandbox)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual([
      'ibv_connection_link',
      'ibv_report',
      'ibv_report_status',
      'message',
      'product_request_id',
      'status',
    ])
    const id = body.product_request_id as string
    expect(id).not.toBe(first)
    expect(body).toMatchObject({
      ibv_report: `http://sandbox.test/api/v1/ibv/requests/${id}`,
      ibv_report_status: 'initiated',
      message: 'Refresh request submitted',
      status: 'in_progress',
    })
    expect(classifyRefresh(status, body)).toMatchObject({ kind: 'submitted', productRequestId: id })
    await sandbox.advance(6)
    expect(events).toEqual([
      expect.objectContaining({
        event: 'report_generated',
        productRequestId: id,
        reportUrl: body.ibv_report,
      }),
    ])
    expect((await call(sandbox, 'GET', `/api/v1/ibv/requests/${id}`)).status).toBe(200)
  })

  it('refuses a second refresh inside 24 hours: one second before refused, at 24 hours allowed', async () => {
    const { sandbox } = await consumerWithReport()
    expect((await refresh(sandbox)).status).toBe(200)
    await sandbox.advance(DAY - 1)
    const early = await refresh(sandbox)
    expect(early.status).toBe(429)
    expect(early.body).toMatchObject({
      status: 'refresh_not_ready',
      ibv_report_status: 'initiated',
      message:
        'Reports can only be refreshed once every 24 hours. Wait to refresh or ask the consumer to reconnect to Platypus Bank using the connection link.',
    })
    expect(early.body).toHaveProperty('ibv_connection_link')
    expect(early.body).toHaveProperty('ibv_report')
    expect(classifyRefresh(early.status, early.body)).toMatchObject({
      kind: 'refresh_not_ready',
      institutionName: 'Platypus Bank',
    })
    await sandbox.advance(1)
    expect((await refresh(sandbox)).status).toBe(200)
  })

  it('invalid connection: the sample fields, no status field', async () => {
    const { sandbox, first } = await consumerWithReport()
    await call(sandbox, 'POST', '/sandbox/consumers/LND-42/next_refresh', {
      outcome: 'invalid_connection',
    })
    const { status, body } = await refresh(sandbox)
    expect(Object.keys(body).sort()).toEqual([
      'ibv_connection_link',
      'ibv_report',
      'ibv_report_status',
      'message',
      'product_request_id',
    ])
    expect(body).toMatchObject({
      product_request_id: first,
      ibv_report_status: 'initiated',
      message: 'Connection no longer valid. Ask consumer to reconnect.',
    })
    expect(classifyRefresh(status, body).kind).toBe('invalid_connection')
    expect((await refresh(sandbox)).status).toBe(200)
  })

  it('data pull failure: ibv_data_acquire_failed, the link, and the data_pull_via_connection_failed event', async () => {
    const { sandbox, events } = await consumerWithReport()
    await call(sandbox, 'POST', '/sandbox/consumers/LND-42/next_refresh', {
      outcome: 'data_pull_failed',
    })
    const { status, body } = await refresh(sandbox)
    expect(body).toMatchObject({
      ibv_report_status: 'ibv_data_acquire_failed',
      message:
        'Unable to pull IBV data. Ask the consumer to reconnect to Platypus Bank using the connection link.',
    })
    expect(body.ibv_connection_link).toMatch(/\/connect\?link=/)
    expect(classifyRefresh(status, body)).toMatchObject({
      kind: 'data_pull_failed',
      institutionName: 'Platypus Bank',
    })
    await sandbox.settle()
    expect(events).toEqual([
      expect.objectContaining({ event: 'data_pull_via_connection_failed', consumerId: 'LND-42' }),
    ])
  })

  it('consumer not found: message only, naming the consumer', async () => {
    const { sandbox } = await consumerWithReport()
    const { status, body } = await refresh(sandbox, 'LND-404')
    expect(status).toBe(404)
    expect(body).toEqual({ message: 'Consumer ID LND-404 does not exist.' })
    expect(classifyRefresh(status, body).kind).toBe('consumer_not_found')
  })

  it('refresh failed: message only', async () => {
    const { sandbox } = await consumerWithReport()
    await call(sandbox, 'POST', '/sandbox/consumers/LND-42/next_refresh', {
      outcome: 'refresh_failed',
    })
    const { status, body } = await refresh(sandbox)
    expect(body).toEqual({ message: 'The product request failed to initiate.' })
    expect(classifyRefresh(status, body).kind).toBe('refresh_failed')
  })

  it('fails to initiate for a consumer with no complete report yet', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-1',
      outcome: 'reconnect_required',
    })
    expect((await refresh(sandbox, 'LND-1')).body).toEqual({
      message: 'The product request failed to initiate.',
    })
  })

  it('lets a lender pick the status codes the service API leaves open', async () => {
    const sandbox = createSandbox({
      clock: createManualClock(),
      refreshErrorStatus: { consumer_not_found: 400 },
    })
    expect((await refresh(sandbox, 'nobody')).status).toBe(400)
  })
})
