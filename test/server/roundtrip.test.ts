// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { createIbvBackend, createIbvClient, toNodeHandler } from '../../src/server/index.js'
import type { WebhookEvent } from '../../src/core/index.js'
import { readSse } from './sse.js'
import { startCli } from '../sandbox/cli-process.js'

// sandbox CLI → (real HTTP) → backend /webhooks → (real HTTP, SSE) → a subscriber on /events.
let cli: ChildProcess
let server: Server
let sandboxUrl: string
let backendUrl: string
const handled: WebhookEvent[] = []
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }

beforeAll(async () => {
  ;({ cli, url: sandboxUrl } = await startCli(['--port', '0']))
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: 'sandbox-api-key', serviceUrl: sandboxUrl }),
    authorize: () => true,
    onWebhook: (event) => void handled.push(event),
  })
  server = createServer(toNodeHandler(backend))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  backendUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ibv`
  await fetch(`${sandboxUrl}/sandbox/webhook_url`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ url: `${backendUrl}/webhooks` }),
  })
}, 30_000)

afterAll(async () => {
  cli.kill('SIGTERM')
  await once(cli, 'exit')
  server.closeAllConnections()
  server.close()
})

describe('webhook round trip over HTTP', () => {
  it('a report generated in the sandbox reaches an SSE subscriber of the backend', async () => {
    const stream = await fetch(`${backendUrl}/events`)
    const reading = readSse(stream, (messages) => messages.length >= 1, 10_000)
    const created = await (
      await fetch(`${sandboxUrl}/sandbox/product_requests`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ consumer_id: 'LND-RT' }),
      })
    ).json()
    await fetch(`${sandboxUrl}/sandbox/clock/advance`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ seconds: 6 }),
    })
    const { messages } = await reading
    expect(messages[0]?.event).toBe('report_generated')
    expect(JSON.parse(messages[0]?.data ?? '{}')).toMatchObject({
      productRequestId: created.product_request_id,
      consumerId: 'LND-RT',
    })
    const report = await fetch(`${backendUrl}/reports/${created.product_request_id}`)
    expect(report.status).toBe(200)
  })

  it('a duplicated delivery reaches onWebhook once', async () => {
    const deliveries = (await (await fetch(`${sandboxUrl}/sandbox/webhooks`, { headers })).json())
      .deliveries
    const payload = deliveries[0].payload
    const again = await fetch(`${backendUrl}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(
      handled.filter((event) => event.productRequestId === payload.product_request_id),
    ).toHaveLength(1)
  })
})
