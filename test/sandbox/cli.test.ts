// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { startCli } from './cli-process.js'

// The bin as a lender runs it, over real HTTP on 127.0.0.1, stopped by the test.
const tsx = 'node_modules/.bin/tsx'
let cli: ChildProcess
let url: string
let receiver: Server
const received: unknown[] = []

const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      received.push(JSON.parse(body))
      response.writeHead(200).end()
    })
  })
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  ;({ cli, url } = await startCli(['--port', '0', '--webhook-url', hook]))
}, 30_000)

afterAll(async () => {
  if (cli.exitCode === null) {
    cli.kill('SIGTERM')
    await once(cli, 'exit')
  }
  receiver.close()
})

describe('ibv-sandbox --port', () => {
  it('listens on 127.0.0.1 and issues tokens', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await post('/api/v1/auth/tokens', { consumer_id: 'LND-HTTP' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ expires_in: 3600 })
  })

  it('runs a report to complete and delivers the webhook over HTTP, with links on its own address', async () => {
    const created = await (await post('/sandbox/product_requests', { consumer_id: 'LND-HTTP' })).json()
    expect(created.ibv_report).toBe(`${url}/api/v2/ibv/requests/${created.product_request_id}`)
    await post('/sandbox/clock/advance', { seconds: 6 })
    expect(received).toContainEqual(expect.objectContaining({ event: 'report_generated', product_request_id: created.product_request_id }))
    const report = await fetch(`${url}/api/v2/ibv/requests/${created.product_request_id}`, { headers })
    expect(report.status).toBe(200)
  })

  it('serves the embeddable report page', async () => {
    const created = await (await post('/sandbox/product_requests', { consumer_id: 'LND-HTTP-2' })).json()
    const token = await (await post('/api/v1/auth/tokens', { product_request_id: created.product_request_id, type: 'embedded_report_token' })).json()
    const page = await fetch(`${url}/portal/embeddable_reports?token=${token.access_token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('answers bad JSON with a JSON error and keeps running', async () => {
    const response = await fetch(`${url}/api/v1/auth/tokens`, { method: 'POST', headers, body: '{nope' })
    expect(response.status).toBe(400)
    expect((await fetch(`${url}/sandbox/clock`, { headers })).status).toBe(200)
  })

  it('stops cleanly on SIGTERM', async () => {
    cli.kill('SIGTERM')
    const [code] = await once(cli, 'exit')
    expect(code).toBe(0)
  })

  it('refuses a bad port with its usage line', async () => {
    const bad = spawn(tsx, ['src/sandbox/cli.ts', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    bad.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
    const [code] = await once(bad, 'exit')
    expect(code).toBe(2)
    expect(stderr).toContain('--port must be a whole number')
  })
})
