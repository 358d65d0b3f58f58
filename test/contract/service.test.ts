// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { loadContract, observed, type Exchange } from './openapi.js'

// Every request createIbvClient sends, and every answer the sandbox gives it, checked against
// docs/public/openapi/ibv-service.openapi.yaml; the sandbox's webhooks against its `webhooks`.
const contract = loadContract('docs/public/openapi/ibv-service.openapi.yaml')
const KEY = 'sk_test_contract'
const SERVICE = 'https://service.test'

const exchanges: Exchange[] = []
/** Requests the test sends wrong on purpose: only their answers are checked. */
const deliberate = new Set<Exchange>()
const webhooks: unknown[] = []

function setup(options: { expiresInFormat?: 'number' | 'string' } = {}) {
  const sandbox = createSandbox({
    clock: createManualClock(Date.UTC(2026, 0, 15, 9)),
    apiKey: KEY,
    webhookUrl: 'https://lender.test/api/ibv/webhooks',
    fetch: async (_url, init) => {
      webhooks.push(JSON.parse(String(init?.body)))
      return new Response('{}', { status: 200 })
    },
    ...options,
  })
  const send = observed(sandbox.fetch, exchanges)
  const client = (apiKey = KEY) => createIbvClient({ apiKey, serviceUrl: SERVICE, fetch: send })
  /** A request the client could never send, through the same observation. */
  const raw = async (path: string, init: RequestInit) => {
    const before = exchanges.length
    await send(new Request(`${SERVICE}${path}`, init))
    deliberate.add(exchanges[before] as Exchange)
  }
  /** Sandbox set-up (its control routes are not the service's API). */
  const control = (path: string, body: unknown) =>
    sandbox
      .fetch(
        new Request(`${SERVICE}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      .then((answer) => answer.json() as Promise<{ product_request_id: string }>)
  return { sandbox, client, raw, control }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof IbvError ? error.code : String(error)),
  )

describe('the client and the sandbox, against docs/public/openapi/ibv-service.openapi.yaml', () => {
  afterAll(() => {
    exchanges.length = 0
    webhooks.length = 0
  })

  it('tokens: operation 1 and 2, their 400s, 401s and 415', async () => {
    const { client, raw, control, sandbox } = setup()
    const ok = client()
    expect((await ok.createConsumerToken('LND-42')).expires_in).toBe(3600)
    const { product_request_id: id } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    expect((await ok.createEmbeddedReportToken(id)).expires_in).toBe(1800)
    expect(await failure(ok.createEmbeddedReportToken('IBVUNKNOWN0001'))).toBe('invalid_request')
    const wrongKey = client('sk_test_wrong')
    expect(await failure(wrongKey.createConsumerToken('LND-42'))).toBe('unauthorized')
    expect(await failure(wrongKey.createEmbeddedReportToken(id))).toBe('unauthorized')
    const json = { 'x-api-key': KEY, 'content-type': 'application/json' }
    await raw('/api/v1/auth/tokens', { method: 'POST', headers: json, body: '{}' })
    await raw('/api/v1/auth/tokens', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ type: 'embedded_report_token' }),
    })
    await raw('/api/v1/auth/tokens', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'text/plain' },
      body: 'consumer_id=LND-42',
    })
    sandbox.close()
  })

  it('tokens: expires_in as a string, as the service documents it', async () => {
    const { client, sandbox } = setup({ expiresInFormat: 'string' })
    expect((await client().createConsumerToken('LND-7')).expires_in).toBe(3600)
    sandbox.close()
  })

  it('reports: pending, ready, final failure, v1, unknown id and wrong key; the webhooks', async () => {
    const { client, control, sandbox } = setup()
    const ok = client()
    const { product_request_id: id } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    expect((await ok.getReport(id)).kind).toBe('pending')
    expect((await ok.getReport(id, { version: 'v1' })).kind).toBe('pending')
    await sandbox.advance(6)
    expect((await ok.getReport(id)).kind).toBe('ready')
    expect((await ok.getReport(id, { version: 'v1' })).kind).toBe('ready')
    const { product_request_id: failed } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-43',
      outcome: 'generation_failed',
    })
    await sandbox.advance(6)
    expect(await ok.getReport(failed)).toMatchObject({ kind: 'pending', final: true })
    expect(await failure(ok.getReport('IBVUNKNOWN0002'))).toBe('not_found')
    expect(await failure(ok.getReport('IBVUNKNOWN0002', { version: 'v1' }))).toBe('not_found')
    const wrongKey = client('sk_test_wrong')
    expect(await failure(wrongKey.getReport(id))).toBe('unauthorized')
    expect(await failure(wrongKey.getReport(id, { version: 'v1' }))).toBe('unauthorized')
    await sandbox.settle()
    expect(webhooks.map((payload) => (payload as { event: string }).event)).toEqual(
      expect.arrayContaining(['report_generated', 'report_generation_failed']),
    )
    sandbox.close()
  })

  it('refresh: success and each of the five error cases, and a wrong key', async () => {
    const { client, control, sandbox } = setup()
    const ok = client()
    for (const consumer of ['LND-1', 'LND-2', 'LND-3', 'LND-4']) {
      await control('/sandbox/product_requests', { consumer_id: consumer })
    }
    await sandbox.advance(6)
    const outcomes: string[] = []
    outcomes.push((await ok.refresh('LND-1')).kind)
    outcomes.push((await ok.refresh('LND-1')).kind)
    for (const [consumer, outcome] of [
      ['LND-2', 'invalid_connection'],
      ['LND-3', 'data_pull_failed'],
      ['LND-4', 'refresh_failed'],
    ] as const) {
      await control(`/sandbox/consumers/${consumer}/next_refresh`, { outcome })
      outcomes.push((await ok.refresh(consumer)).kind)
    }
    outcomes.push((await ok.refresh('LND-404')).kind)
    expect(outcomes).toEqual([
      'submitted',
      'refresh_not_ready',
      'invalid_connection',
      'data_pull_failed',
      'refresh_failed',
      'consumer_not_found',
    ])
    expect(await failure(client('sk_test_wrong').refresh('LND-1'))).toBe('unauthorized')
    await sandbox.settle()
    expect(webhooks).toContainEqual(
      expect.objectContaining({ event: 'data_pull_via_connection_failed' }),
    )
    sandbox.close()
  })

  it('the hosted report and the widget, opened with their tokens', async () => {
    const { client, control, sandbox } = setup()
    const { product_request_id: id } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    await sandbox.advance(6)
    const report = await client().createEmbeddedReportToken(id)
    const consumer = await client().createConsumerToken('LND-42')
    const page = async (path: string) => {
      const response = await observed(sandbox.fetch, exchanges)(new Request(`${SERVICE}${path}`))
      return response.status
    }
    expect(await page(`/portal/embeddable_reports?token=${report.access_token}`)).toBe(200)
    expect(await page('/portal/embeddable_reports?token=rt_not-a-token')).toBe(401)
    const origin = encodeURIComponent('https://lender.test')
    expect(await page(`/connect?token=${consumer.access_token}&origin=${origin}`)).toBe(200)
    expect(await page(`/connect?token=ct_not-a-token&origin=${origin}`)).toBe(401)
    sandbox.close()
  })

  it('every request fits its operation, and every answer its listed status and schema', () => {
    const problems = exchanges.flatMap((exchange) => [
      ...(deliberate.has(exchange) ? [] : contract.checkRequest(exchange)),
      ...contract.checkResponse(exchange),
    ])
    expect(problems.join('\n')).toBe('')
    expect(exchanges.length).toBeGreaterThan(25)
  })

  it('every webhook the sandbox sent fits the webhooks of the document', () => {
    const pointer = '/webhooks/ibvEvent/post/requestBody/content/application~1json/schema'
    expect(webhooks.length).toBeGreaterThanOrEqual(3)
    expect(webhooks.flatMap((payload) => contract.check(pointer, payload, 'webhook'))).toEqual([])
  })

  it('every status the document lists for the client’s operations was seen', () => {
    const seen = new Set(exchanges.map((exchange) => contract.seen(exchange)))
    const notSeen = contract.listed().filter((entry) => !seen.has(entry))
    expect(notSeen).toEqual([])
  })
})
