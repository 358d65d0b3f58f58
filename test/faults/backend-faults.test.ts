import { describe, expect, it } from 'vitest'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import type { WebhookEvent } from '../../src/core/index.js'

function backend() {
  const sandbox = createSandbox({ clock: createManualClock() })
  const handled: WebhookEvent[] = []
  const ibv = createIbvBackend({
    client: createIbvClient({
      apiKey: 'sandbox-api-key',
      serviceUrl: 'https://s.test',
      fetch: sandbox.fetch,
    }),
    authorize: () => true,
    onWebhook: (event) => void handled.push(event),
  })
  const post = async (path: string, body: string, type = 'application/json') => {
    const response = await ibv.fetch(
      new Request(`https://lender.test/api/ibv${path}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      }),
    )
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  return { ibv, handled, post }
}

const webhook = (event: string, status: string, id = 'IBV-F1') =>
  JSON.stringify({
    consumer_id: 'LND-1',
    product_request_id: id,
    ibv_report: `https://s.test/api/v2/ibv/requests/${id}`,
    ibv_report_status: status,
    event,
  })

describe('the backend handler, fed garbage', () => {
  it.each([
    ['/tokens', '{"type":'],
    ['/tokens', '[]'],
    ['/tokens', 'null'],
    ['/webhooks', '{"event":'],
    ['/webhooks', '"report_generated"'],
  ])('bad JSON on %s: a 400 with a message', async (path, body) => {
    const answer = await backend().post(path, body)
    expect(answer.status).toBe(400)
    expect(typeof answer.body.message).toBe('string')
  })

  it('a huge body: 413 before it is read', async () => {
    const { post } = backend()
    const answer = await post(
      '/webhooks',
      JSON.stringify({ event: 'report_generated', padding: 'x'.repeat(2 * 1024 * 1024) }),
    )
    expect(answer).toMatchObject({
      status: 413,
      body: { message: 'The request body is larger than 65536 bytes.' },
    })
  })

  it.each(['/nope', '/tokens/extra', '/reports', '/../secrets'])(
    'an unknown route %s: 404 in JSON',
    async (path) => {
      const response = await backend().ibv.fetch(new Request(`https://lender.test/api/ibv${path}`))
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    },
  )

  it('duplicated and reordered webhooks: each event handled once, in the order received', async () => {
    const { post, handled } = backend()
    const deliveries = [
      webhook('report_generated', 'complete', 'IBV-B'),
      webhook('report_generation_failed', 'generation_failed', 'IBV-A'),
      webhook('report_generated', 'complete', 'IBV-B'),
      webhook('report_generated', 'complete', 'IBV-A'),
      webhook('report_generation_failed', 'generation_failed', 'IBV-A'),
      webhook('report_generated', 'complete', 'IBV-B'),
    ]
    const answers = []
    for (const body of deliveries) answers.push(await post('/webhooks', body))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.map((answer) => answer.body.duplicate === true)).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ])
    expect(handled.map((event) => `${event.event}:${event.productRequestId}`)).toEqual([
      'report_generated:IBV-B',
      'report_generation_failed:IBV-A',
      'report_generated:IBV-A',
    ])
  })

  it('100 deliveries of the same webhook at once: handled once', async () => {
    const { post, handled } = backend()
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/webhooks', webhook('report_generated', 'complete', 'IBV-C')),
      ),
    )
    // Copies that arrive while the first is being handled are asked to retry (503), not told "done".
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true)
    expect(handled).toHaveLength(1)
    const retried = await post('/webhooks', webhook('report_generated', 'complete', 'IBV-C'))
    expect(retried.status).toBe(200)
    expect(handled).toHaveLength(1)
  })
})
