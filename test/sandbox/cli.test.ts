// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { readCliOptions } from '../../src/sandbox/cli-options.js'
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
const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

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
    ;({ cli, url, output } = await startCli([
      '--port',
      '0',
      '--webhook-url',
      hook,
      '--webhook-header',
      `X-Webhook-Secret=${SECRET}`,
      '--webhook-header',
      'x-lender=one=two',
    ]))
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
    const created = await (
      await post('/sandbox/product_requests', { consumer_id: 'LND-HTTP' })
    ).json()
    expect(created.ibv_report).toBe(`${url}/api/v2/ibv/requests/${created.product_request_id}`)
    await post('/sandbox/clock/advance', { seconds: 6 })
    expect(received).toContainEqual(
      expect.objectContaining({
        event: 'report_generated',
        product_request_id: created.product_request_id,
      }),
    )
    const report = await fetch(`${url}/api/v2/ibv/requests/${created.product_request_id}`, {
      headers,
    })
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
    const created = await (
      await post('/sandbox/product_requests', { consumer_id: 'LND-HTTP-2' })
    ).json()
    const token = await (
      await post('/api/v1/auth/tokens', {
        product_request_id: created.product_request_id,
        type: 'embedded_report_token',
      })
    ).json()
    const page = await fetch(`${url}/portal/embeddable_reports?token=${token.access_token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('answers bad JSON with a JSON error and keeps running', async () => {
    const response = await fetch(`${url}/api/v1/auth/tokens`, {
      method: 'POST',
      headers,
      body: '{nope',
    })
    expect(response.status).toBe(400)
    expect((await fetch(`${url}/sandbox/clock`, { headers })).status).toBe(200)
  })

  it('stops cleanly on SIGTERM', async () => {
    cli.kill('SIGTERM')
    const [code] = await once(cli, 'exit')
    expect(code).toBe(0)
  })
})

// Each refusal in-process (readCliOptions, what the bin runs first); then the bin itself, once per
// kind of refusal, for its exit code 2, the message and the usage on stderr.
const refusal = (args: string[]) => {
  const options = readCliOptions(args)
  if (typeof options !== 'object' || !('refused' in options))
    throw new Error(`not refused: ${args.join(' ')}`)
  return options.refused
}

describe('ibv-sandbox refuses bad flags, never echoing a value', () => {
  it('refuses a bad port', () => {
    expect(refusal(['--port', 'abc'])).toContain('--port must be a whole number')
    expect(refusal(['--port', '65536'])).toContain('--port must be a whole number')
  })

  it.each([['abc'], ['1.5'], [''], ['1e3'], ['99999999999999999999']])(
    'refuses --seed %j',
    (seed) => {
      expect(refusal(['--port', '0', '--seed', seed])).toContain('--seed must be a whole number')
    },
  )

  it.each([
    ['no equals sign', 'x-webhook-secret'],
    ['an empty name', '=hidden-value-1'],
    ['a name with a space', 'x webhook=hidden-value-2'],
    ['a name with a colon', 'x-webhook-secret:=hidden-value-3'],
    ['an empty value', 'x-webhook-secret='],
    ['a value with a line break', 'x-webhook-secret=hidden-value-4\r\nx-evil: 1'],
  ])('refuses a --webhook-header with %s, without echoing the value', (_case, header) => {
    const refused = refusal(['--port', '0', '--webhook-header', header])
    expect(refused).toContain('--webhook-header must be NAME=VALUE')
    expect(refused).not.toContain('hidden-value')
  })

  it.each([
    [
      'a --webhook-header written with a space',
      ['--webhook-header', 'x-webhook-secret', 'hidden-value-5'],
    ],
    ['an --api-key followed by a stray word', ['--api-key', 'k', 'hidden-value-6']],
    ['an --api-key written with a space after =', ['--api-key=', 'hidden-value-7']],
    ['an unknown option that may be a value', ['--api-key', 'k', '--hidden-value-8']],
  ])('refuses %s without echoing the argument', (_case, args) => {
    const refused = refusal(['--port', '0', ...args])
    expect(refused).toMatch(/not shown: it may hold a secret/)
    expect(refused).not.toContain('hidden-value')
  })

  it.each([
    ['a framing header', 'transfer-encoding=chunked', 'transfer-encoding'],
    ['a hop-by-hop header', 'connection=close', 'connection'],
    ['a proxy header', 'proxy-authorization=hidden-value-9', 'proxy-authorization'],
  ])('refuses a --webhook-header naming %s', (_case, header, name) => {
    const refused = refusal(['--port', '0', '--webhook-header', header])
    expect(refused).toContain(name)
    expect(refused).not.toContain('hidden-value')
  })

  it('refuses a --webhook-url off loopback unless its host is given with --webhook-host', () => {
    expect(refusal(['--webhook-url', 'https://hooks.example.com/ibv'])).toContain(
      '--webhook-url must be an http(s) URL on loopback',
    )
    expect(
      readCliOptions([
        '--webhook-url',
        'https://hooks.example.com/ibv',
        '--webhook-host',
        'hooks.example.com',
      ]),
    ).toMatchObject({ webhookUrl: 'https://hooks.example.com/ibv' })
  })

  it('reads what it is given: the defaults, the numbers, the header names in lower case', () => {
    expect(readCliOptions([])).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      webhookHeaders: {},
      seed: undefined,
    })
    expect(
      readCliOptions(['--port', '0', '--seed=-7', '--webhook-header', 'X-Lender=one=two']),
    ).toMatchObject({ port: 0, seed: -7, webhookHeaders: { 'x-lender': 'one=two' } })
    expect(readCliOptions(['--help'])).toBe('help')
  })

  it.each([
    ['a bad port', ['--port', 'abc'], '--port must be a whole number'],
    [
      'a malformed header, its value unsaid',
      ['--port', '0', '--webhook-header', 'x webhook=hidden-value-2'],
      '--webhook-header must be NAME=VALUE',
    ],
    [
      'a stray word, unsaid',
      ['--port', '0', '--api-key', 'k', 'hidden-value-6'],
      'not shown: it may hold a secret',
    ],
  ])(
    'the bin: %s exits with code 2, the reason and the usage on stderr',
    async (_case, args, reason) => {
      const { code, stdout, stderr } = await runRefused(args)
      expect(code).toBe(2)
      expect(stderr).toMatch(/^ibv-sandbox: /)
      expect(stderr).toContain(reason)
      expect(stderr).toContain('Usage: ibv-sandbox')
      expect(stdout + stderr).not.toContain('hidden-value')
    },
    15_000,
  )
})
