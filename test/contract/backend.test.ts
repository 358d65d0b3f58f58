// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest'
import {
  APP,
  WEBHOOK_SECRET,
  contractBackend,
  failingStore,
  unlistedStore,
} from './backend-setup.js'
import { loadContract, type Exchange } from './openapi.js'
import { randomSecret } from '../secrets.js'
import { readSse } from '../server/sse.js'

// Every answer of createIbvBackend, on every route and status it gives, checked against
// docs/public/openapi/ibv-backend.openapi.yaml; and every request, except those sent wrong on purpose.
const contract = loadContract('docs/public/openapi/ibv-backend.openapi.yaml', '/api/ibv')
const exchanges: Exchange[] = []
/** How many exchanges were recorded when each deliberate mistake was sent. */
const deliberate = new Set<number>()
const text = { 'content-type': 'text/plain' }
const big = { padding: 'x'.repeat(2048) }
const generated = (id: string, consumerId = 'LND-42') => ({
  consumer_id: consumerId,
  product_request_id: id,
  ibv_report: `https://service.test/api/v2/ibv/requests/${id}`,
  ibv_report_status: 'complete',
  event: 'report_generated',
})
const webhookHeaders = {
  'content-type': 'application/json',
  'x-webhook-secret': WEBHOOK_SECRET,
}

describe('the backend, against docs/public/openapi/ibv-backend.openapi.yaml', () => {
  const main = contractBackend(exchanges)
  const { call, deny } = main
  /** Sends a request the browser never would: its answer is checked, not the request. */
  const wrong = async (...args: Parameters<typeof call>) => {
    deliberate.add(exchanges.length)
    return (await call(...args)).status
  }

  afterAll(async () => {
    await main.stop()
    exchanges.length = 0
  })

  it('tokens', async () => {
    const id = await main.productRequest('LND-42')
    expect(
      (await call('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })).status,
    ).toBe(200)
    const embedded = { type: 'embedded_report_token', product_request_id: id }
    expect((await call('POST', '/tokens', embedded)).status).toBe(200)
    const invite = await main.invite('LND-42')
    expect((await call('POST', '/tokens', { type: 'invite', invite })).status).toBe(200)
    expect(await wrong('POST', '/tokens', { type: 'nope' })).toBe(400)
    const unknown = { type: 'embedded_report_token', product_request_id: 'IBVUNKNOWN' }
    expect((await call('POST', '/tokens', unknown)).body).toMatchObject({ source: 'service' })
    expect((await call('POST', '/tokens', { type: 'invite', invite: 'v1.x.y' })).status).toBe(401)
    deny.add('token')
    expect((await call('POST', '/tokens', embedded)).status).toBe(403)
    deny.clear()
    expect(await wrong('POST', '/tokens', { ...embedded, ...big })).toBe(413)
    expect(await wrong('POST', '/tokens', JSON.stringify(embedded), text)).toBe(415)
  })

  it('reports and refresh', async () => {
    const ready = await main.productRequest('LND-42')
    const pending = await main.productRequest('LND-42', false)
    expect((await call('GET', `/reports/${ready}`)).status).toBe(200)
    expect((await call('GET', `/reports/${ready}?version=v1`)).status).toBe(200)
    expect((await call('GET', `/reports/${pending}`)).status).toBe(202)
    expect((await call('GET', '/reports/IBVUNKNOWN')).status).toBe(404)
    expect(await wrong('GET', '/reports/not.an.id')).toBe(400)
    deny.add('report').add('refresh')
    expect((await call('GET', `/reports/${ready}`)).status).toBe(403)
    expect((await call('POST', '/refresh/LND-42', {})).status).toBe(403)
    deny.clear()
    const outcome = await call('POST', '/refresh/LND-42', {})
    expect(outcome.body).toMatchObject({ kind: 'submitted' })
    expect((await call('POST', '/refresh/LND-42', {})).body).toMatchObject({
      kind: 'refresh_not_ready',
    })
    expect(await wrong('POST', '/refresh/not.an.id', {})).toBe(400)
    expect(await wrong('POST', '/refresh/LND-42', big)).toBe(413)
    expect(await wrong('POST', '/refresh/LND-42', '{}', text)).toBe(415)
    expect(await wrong('GET', '/health', undefined, { 'sec-fetch-site': 'cross-site' })).toBe(403)
  })

  it('webhooks and the live stream', async () => {
    const stream = await main.backend.fetch(new Request(`${APP}/api/ibv/events?consumer_id=LND-7`))
    // One stream per user (`maxStreamsPerClient: 1`): a second one while it is open is a 429.
    expect((await call('GET', '/events')).status).toBe(429)
    await main.productRequest('LND-7') // the sandbox delivers report_generated
    const { messages } = await readSse(stream, (received) => received.length > 0)
    const data = '/paths/~1events/get/responses/200/content/text~1event-stream/x-sse-data'
    const events = messages.map((message) => JSON.parse(message.data ?? '') as unknown)
    expect(events.flatMap((event) => contract.check(data, event, 'event data'))).toEqual([])
    expect(events).toMatchObject([{ event: 'report_generated', consumerId: 'LND-7' }])
    expect((await call('GET', '/events?consumer_id=LND-42')).status).toBe(200)
    const headers = { 'content-type': 'application/json' }
    const copy = await call('POST', '/webhooks', generated('IBVCOPY1'), webhookHeaders)
    expect(copy.status).toBe(200)
    expect((await call('POST', '/webhooks', generated('IBVCOPY1'), webhookHeaders)).body).toEqual({
      received: true,
      duplicate: true,
    })
    const failing = generated('IBVFAILS1', 'LND-FAILS')
    expect((await call('POST', '/webhooks', failing, webhookHeaders)).status).toBe(500)
    expect(await wrong('POST', '/webhooks', { event: 'nope' }, webhookHeaders)).toBe(400)
    expect(await wrong('POST', '/webhooks', generated('IBVFORGED'), headers)).toBe(401)
    expect(await wrong('POST', '/webhooks', 'x'.repeat(70_000), webhookHeaders)).toBe(413)
    deny.add('events')
    expect((await call('GET', '/events')).status).toBe(403)
    deny.clear()
    expect((await call('GET', '/health')).status).toBe(200)
  })

  it('invites', async () => {
    const ready = await main.productRequest('LND-42')
    const another = await main.productRequest('LND-99')
    const pending = await main.productRequest('LND-42', false)
    expect((await call('POST', '/invites', { consumer_id: 'LND-42' })).status).toBe(201)
    expect((await call('GET', '/invites?consumer_id=LND-42')).status).toBe(200)
    expect(await wrong('POST', '/invites', {})).toBe(400)
    expect(await wrong('GET', '/invites')).toBe(400)
    expect(await wrong('POST', '/invites', { consumer_id: 'LND-42', ...big })).toBe(413)
    expect(await wrong('POST', '/invites', '{}', text)).toBe(415)
    deny.add('invite')
    expect((await call('POST', '/invites', { consumer_id: 'LND-42' })).status).toBe(403)
    expect((await call('GET', '/invites?consumer_id=LND-42')).status).toBe(403)
    deny.clear()
    const complete = (invite: string, productRequestId: string) =>
      call('POST', '/invites/complete', { invite, product_request_id: productRequestId })
    const first = await main.invite('LND-42')
    expect((await complete(first, ready)).status).toBe(200)
    expect((await complete(first, pending)).status).toBe(409)
    expect((await complete(await main.invite('LND-42'), pending)).status).toBe(202)
    expect((await complete(await main.invite('LND-42'), another)).status).toBe(403)
    expect((await complete('v1.x.y', ready)).status).toBe(401)
    expect(await wrong('POST', '/invites/complete', { invite: first })).toBe(400)
    expect(await wrong('POST', '/invites/complete', { invite: first, ...big })).toBe(413)
    expect(await wrong('POST', '/invites/complete', '{}', text)).toBe(415)
  })

  it('when the service refuses the key, does not answer, or the invite store fails', async () => {
    const wrongKey = contractBackend(exchanges, { upstream: 'wrong key' })
    const hung = contractBackend(exchanges, { upstream: 'hung' })
    const secret = randomSecret()
    const down = contractBackend(exchanges, { store: failingStore(), secret })
    const unlisted = contractBackend(exchanges, { store: unlistedStore(), secret })
    for (const [backend, status] of [
      [wrongKey, 502],
      [hung, 504],
    ] as const) {
      const consumer = { type: 'consumer', consumer_id: 'LND-42' }
      expect((await backend.call('POST', '/tokens', consumer)).status).toBe(status)
      expect((await backend.call('GET', '/reports/IBVANY')).status).toBe(status)
      expect((await backend.call('POST', '/refresh/LND-42', {})).status).toBe(status)
      const invite = await backend.invite('LND-42')
      const completion = { invite, product_request_id: 'IBVANY' }
      expect((await backend.call('POST', '/invites/complete', completion)).status).toBe(status)
    }
    expect((await down.call('POST', '/invites', { consumer_id: 'LND-42' })).status).toBe(503)
    expect((await down.call('GET', '/invites?consumer_id=LND-42')).status).toBe(503)
    expect((await unlisted.call('GET', '/invites?consumer_id=LND-42')).status).toBe(501)
    // An invite the store cannot check: signed with the secret both backends share.
    const invite = await unlisted.invite('LND-42')
    expect((await down.call('POST', '/tokens', { type: 'invite', invite })).status).toBe(503)
    const completion = { invite, product_request_id: 'IBVANY' }
    expect((await down.call('POST', '/invites/complete', completion)).status).toBe(503)
    await Promise.all([wrongKey, hung, down, unlisted].map((each) => each.stop()))
  })

  it('while it shuts down', async () => {
    const closing = contractBackend(exchanges)
    void closing.backend.close({ timeoutMs: 1000 })
    expect((await closing.call('GET', '/events')).status).toBe(503)
    expect(
      (await closing.call('POST', '/webhooks', generated('IBVLATE'), webhookHeaders)).status,
    ).toBe(503)
    expect((await closing.call('GET', '/health')).status).toBe(503)
    await closing.stop()
  })

  it('every request fits its route, and every answer its listed status and schema', () => {
    const problems = exchanges.flatMap((exchange, index) => [
      ...(deliberate.has(index) ? [] : contract.checkRequest(exchange)),
      ...contract.checkResponse(exchange),
    ])
    expect(problems.join('\n')).toBe('')
  })

  it('every status the document lists was seen, but those no test here can cause', () => {
    const seen = new Set(exchanges.map((exchange) => contract.seen(exchange)))
    const notSeen = contract.listed().filter((entry) => !seen.has(entry))
    // A body that stalls (408: test/server/ covers it), a service answering a token with 404 or
    // 429, a report read with 429 (also while an invite's use is recorded), and a bug in the
    // backend itself (500).
    expect(notSeen).toEqual([
      'createToken 404',
      'createToken 408',
      'createToken 429',
      'createToken 500',
      'getReport 429',
      'getReport 500',
      'refresh 408',
      'refresh 500',
      'receiveWebhook 408',
      'createInvite 408',
      'completeInvite 408',
      'completeInvite 429',
      'completeInvite 500',
    ])
  })
})
