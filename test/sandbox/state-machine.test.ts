import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { parseWebhook, type WebhookEvent } from '../../src/core/index.js'
import { call } from './call.js'

// The states table of the service API, driven by the sandbox clock (acquire 3 s, generate 3 s).
function receiver() {
  const events: WebhookEvent[] = []
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    events.push(parseWebhook(String(init?.body)))
    return new Response(null, { status: 204 })
  }
  return { events, fetch: fetch as typeof globalThis.fetch }
}

async function statusOf(sandbox: Sandbox, id: string) {
  return (await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)).body.ibv_report_status
}

async function start(outcome: string) {
  const hook = receiver()
  const sandbox = createSandbox({
    clock: createManualClock(),
    webhookUrl: 'http://lender.test/hooks',
    fetch: hook.fetch,
  })
  const { body } = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: 'LND-7',
    outcome,
  })
  return { sandbox, id: body.product_request_id as string, events: hook.events }
}

describe('state machine', () => {
  it('initiated → ibv_data_acquired → complete, with report_generated', async () => {
    const { sandbox, id, events } = await start('complete')
    expect(await statusOf(sandbox, id)).toBe('initiated')
    await sandbox.advance(2.999)
    expect(await statusOf(sandbox, id)).toBe('initiated')
    await sandbox.advance(0.001)
    expect(await statusOf(sandbox, id)).toBe('ibv_data_acquired')
    expect(events).toEqual([])
    await sandbox.advance(3)
    expect(await statusOf(sandbox, id)).toBe('complete')
    expect(events).toEqual([
      expect.objectContaining({
        event: 'report_generated',
        productRequestId: id,
        consumerId: 'LND-7',
        status: 'complete',
      }),
    ])
  })

  it('initiated → ibv_data_acquired → generation_failed, with report_generation_failed', async () => {
    const { sandbox, id, events } = await start('generation_failed')
    await sandbox.advance(3)
    expect(await statusOf(sandbox, id)).toBe('ibv_data_acquired')
    await sandbox.advance(3)
    expect(await statusOf(sandbox, id)).toBe('generation_failed')
    expect(events.map((event) => event.event)).toEqual(['report_generation_failed'])
    await sandbox.advance(86_400)
    expect(await statusOf(sandbox, id)).toBe('generation_failed')
  })

  it('initiated → ibv_data_acquire_failed, final, no event (the service API lists none)', async () => {
    const { sandbox, id, events } = await start('ibv_data_acquire_failed')
    await sandbox.advance(3)
    expect(await statusOf(sandbox, id)).toBe('ibv_data_acquire_failed')
    await sandbox.advance(86_400)
    expect(await statusOf(sandbox, id)).toBe('ibv_data_acquire_failed')
    expect(events).toEqual([])
  })

  it('reconnect_required waits, whatever the clock does', async () => {
    const { sandbox, id, events } = await start('reconnect_required')
    await sandbox.advance(7 * 86_400)
    expect(await statusOf(sandbox, id)).toBe('reconnect_required')
    expect(events).toEqual([])
  })

  it('with the real clock, transitions happen on their own', async () => {
    const sandbox = createSandbox({ timings: { acquireSeconds: 0.01, generateSeconds: 0.01 } })
    const { body } = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-7',
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await statusOf(sandbox, body.product_request_id as string)).toBe('complete')
    sandbox.close()
  })
})
