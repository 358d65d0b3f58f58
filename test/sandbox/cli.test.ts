// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { runRefused, startCli } from './cli-process.js'

// The bin as a lender runs it, over real HTTP on 127.0.0.1, stopped by the test.
const SECRET = 'cli-secret-value-7f3c'
let cli: ChildProcess
let url: string
let output: () => string
let receiver: Server
const received: unknown[] = []
const receivedSecrets: Array<string | undefined> = []

const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

describe('ibv-sandbox --port', () => {
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk))
      request.on('end', () => {
        received.push(JSON.parse(body))
        receivedSecrets.push(request.headers['x-webhook-secret'] as string | undefined)
        response.writeHead(200).end()
      })
    })
    receiver.listen(0, '127.0.0.1')
    await once(receiver, 'listening')
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    ;({ cli, url, output } = await startCli(['--port', '0', '--webhook-url', hook, '--webhook-header', `X-Webhook-Secret=${SECRET}`, '--webhook-header', 'x-lender=one=two']))
  }, 30_000)

  afterAll(async () => {
    if (cli && cli.exitCode === null) {
      cli.kill('SIGTERM')
      await once(cli, 'exit')
    }
    receiver?.close()
  })

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

  it('sends the --webhook-header headers with every delivery, and never prints their values', async () => {
    expect(receivedSecrets.length).toBeGreaterThan(0)
    expect(receivedSecrets.every((secret) => secret === SECRET)).toBe(true)
    expect(output()).toContain('x-webhook-secret')
    expect(output()).not.toContain(SECRET)
    expect(output()).not.toContain('one=two')
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

})

describe('ibv-sandbox refuses bad flags with exit code 2 and its usage', () => {
  it('refuses a bad port with its usage line', async () => {
    const { code, stderr } = await runRefused(['--port', 'abc'])
    expect(code).toBe(2)
    expect(stderr).toContain('--port must be a whole number')
    expect(stderr).toContain('Usage: ibv-sandbox')
  })

  it.each([['abc'], ['1.5'], [''], ['1e3'], ['99999999999999999999']])('refuses --seed %j with its usage line', async (seed) => {
    const { code, stderr } = await runRefused(['--port', '0', '--seed', seed])
    expect(code).toBe(2)
    expect(stderr).toContain('--seed must be a whole number')
    expect(stderr).toContain('Usage: ibv-sandbox')
  }, 15_000)

  it.each([
    ['no equals sign', 'x-webhook-secret'],
    ['an empty name', '=hidden-value-1'],
    ['a name with a space', 'x webhook=hidden-value-2'],
    ['a name with a colon', 'x-webhook-secret:=hidden-value-3'],
    ['an empty value', 'x-webhook-secret='],
    ['a value with a line break', 'x-webhook-secret=hidden-value-4\r\nx-evil: 1'],
  ])('refuses a --webhook-header with %s, with its usage line and without echoing the value', async (_case, header) => {
    const { code, stdout, stderr } = await runRefused(['--port', '0', '--webhook-header', header])
    expect(code).toBe(2)
    expect(stderr).toContain('--webhook-header must be NAME=VALUE')
    expect(stderr).toContain('Usage: ibv-sandbox')
    expect(stdout + stderr).not.toContain('hidden-value')
  }, 15_000)

  it.each([
    ['a --webhook-header written with a space', ['--webhook-header', 'x-webhook-secret', 'hidden-value-5']],
    ['an --api-key followed by a stray word', ['--api-key', 'k', 'hidden-value-6']],
    ['an --api-key written with a space after =', ['--api-key=', 'hidden-value-7']],
    ['an unknown option that may be a value', ['--api-key', 'k', '--hidden-value-8']],
  ])('refuses %s without echoing the argument', async (_case, args) => {
    const { code, stdout, stderr } = await runRefused(['--port', '0', ...args])
    expect(code).toBe(2)
    expect(stderr).toMatch(/not shown: it may hold a secret/)
    expect(stderr).toContain('Usage: ibv-sandbox')
    expect(stdout + stderr).not.toContain('hidden-value')
  }, 15_000)

  it.each([
    ['a framing header', 'transfer-encoding=chunked', 'transfer-encoding'],
    ['a hop-by-hop header', 'connection=close', 'connection'],
    ['a proxy header', 'proxy-authorization=hidden-value-9', 'proxy-authorization'],
  ])('refuses a --webhook-header naming %s', async (_case, header, name) => {
    const { code, stdout, stderr } = await runRefused(['--port', '0', '--webhook-header', header])
    expect(code).toBe(2)
    expect(stderr).toContain(name)
    expect(stdout + stderr).not.toContain('hidden-value')
  }, 15_000)
})
