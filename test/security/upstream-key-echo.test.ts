// @vitest-environment node
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { createRedactor } from '../../src/server/redact.js'

// Attack (finding 8): the service (a debug build, a proxy, a misconfigured gateway) echoes the
// request's `x-api-key` in what it answers. Before, the backend passed a 400's message and
// fields, a 404's message, report and pending bodies and refresh outcomes to the browser as they
// came, and gave onError errors holding the raw text. Nothing the browser or onError gets may
// hold the key, plainly or in a JSON-escaped or URL-encoded form, in another case, or behind HTML
// entities or `\x` / `\u{}` escapes; base64 and hex echoes are checked where they are sent.
const KEY = 'sk_live/7Qz+never=show~me!'
const APP = 'https://lender.test/api/ibv'

const unicodeEscaped = [...KEY]
  .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  .join('')
const lowerHex = encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())

/** `text`, and what it becomes after each of up to five rounds of URL-, JSON-, JS- and HTML-unescaping. */
function decodings(text: string): string[] {
  const levels = [text]
  for (let round = 0; round < 5; round++) {
    const last = levels[levels.length - 1] ?? ''
    const next = last.replace(
      /%([0-9a-f]{2})|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|\\u\{([0-9a-f]{1,6})\}|&#x([0-9a-f]{1,6});?|&#([0-9]{1,7});?|\\(.)/gi,
      (_, ...groups: Array<string | undefined>) => {
        const [percent, unicode, x, brace, entity, decimal, char] = groups
        if (char !== undefined) return char
        const hex = percent ?? unicode ?? x ?? brace ?? entity
        return String.fromCodePoint(hex === undefined ? Number(decimal) : parseInt(hex, 16))
      },
    )
    if (next === last) break
    levels.push(next)
  }
  return levels
}

function expectNoKey(what: string, value: unknown): void {
  const views = [
    typeof value === 'string' ? value : JSON.stringify(value),
    String(value),
    inspect(value, { depth: 20 }),
  ]
  for (const view of views) {
    for (const level of decodings(view ?? ''))
      expect(level.toLowerCase(), `${what}: ${view}`).not.toContain(KEY.toLowerCase())
  }
}

type Alter = (request: Request, answer: Response) => Response | Promise<Response>

/** The real sandbox behind a fetch that alters its answers; a backend in front of both. */
async function setup(alter: Alter) {
  const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
  const fetch = async (request: Request) => alter(request, await sandbox.fetch(request))
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch,
    retry: { attempts: 1 },
  })
  const errors: unknown[] = []
  const backend = createIbvBackend({
    client,
    authorize: () => true,
    verifyWebhook: () => false,
    onError: (error) => errors.push(error),
  })
  const created = await sandbox.fetch(
    new Request('https://service.test/sandbox/product_requests', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: 'LND-42' }),
    }),
  )
  const { product_request_id: id } = (await created.json()) as { product_request_id: string }
  /** Calls the backend as the browser would; checks its answer and every onError value. */
  const browser = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
    if (method === 'POST') init.body = JSON.stringify(body ?? {})
    const response = await backend.fetch(new Request(`${APP}${path}`, init))
    const text = await response.text()
    expectNoKey(`${method} ${path} answer`, text)
    for (const error of errors) expectNoKey('onError', error)
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> }
  }
  return { sandbox, client, browser, errors, id }
}

const isPath = (request: Request, part: string) => new URL(request.url).pathname.includes(part)

async function failure(promise: Promise<unknown>): Promise<IbvError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IbvError)
  expectNoKey('thrown', error)
  return error as IbvError
}

describe('an upstream that does not echo the key', () => {
  it('a normal report, pending body, token and 400 from the sandbox come through unchanged', async () => {
    const raws: string[] = []
    const { client, sandbox, browser, id } = await setup(async (_request, answer) => {
      raws.push(await answer.clone().text())
      return answer
    })
    expect((await browser('GET', `/reports/${id}`)).status).toBe(202)
    await sandbox.advance(6)
    const ready = await browser('GET', `/reports/${id}`)
    expect(ready.status).toBe(200)
    expect(
      (await browser('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })).status,
    ).toBe(200)
    expect(
      (
        await browser('POST', '/tokens', {
          type: 'embedded_report_token',
          product_request_id: 'IBVNOPE',
        })
      ).status,
    ).toBe(400)
    expect(raws).toHaveLength(4)
    const [, report] = raws.map((raw) => JSON.parse(raw) as unknown)
    expect(ready.body).toEqual(report)
    // The same answers through redactors of keys shaped otherwise: hex-like, digits, base64-like.
    const keys = [
      KEY,
      'sk_test_0123456789abcdef',
      '4c7a1f0e9b3d2a6f',
      '12345678',
      'c2tfbGl2ZV8wMTIz',
      'Bearer-LND-42-key',
    ]
    for (const key of keys) {
      for (const raw of raws)
        expect(createRedactor(key).value(JSON.parse(raw)), key).toEqual(JSON.parse(raw))
    }
    expect(client.redact?.(report)).toEqual(report)
  })
})

describe('an upstream that echoes the API key', () => {
  it('400: in the message and in fields (values and names), plain and URL-encoded', async () => {
    const { browser } = await setup(async (_request, answer) => {
      if (answer.status !== 400) return answer
      const body = (await answer.json()) as { message: string; fields: Record<string, string[]> }
      body.message = `${body.message} (x-api-key: ${KEY})`
      body.fields.product_request_id?.push(
        `sent with key ${KEY}`,
        `key=${encodeURIComponent(KEY)}`,
        `key=${lowerHex}`,
      )
      body.fields[KEY] = ['is not a field']
      return Response.json(body, { status: 400 })
    })
    const answer = await browser('POST', '/tokens', {
      type: 'embedded_report_token',
      product_request_id: 'IBVNOPE',
    })
    expect(answer.status).toBe(400)
    // Still useful: the service's own words survive, only the key is gone.
    expect(answer.body).toMatchObject({
      code: 'invalid_request',
      fields: { product_request_id: expect.arrayContaining([expect.stringContaining('IBVNOPE')]) },
    })
    expect(String(answer.body.message)).toContain('[redacted]')
  })

  it('404: in the message, JSON-escaped in the raw body and inside an echoed JSON document', async () => {
    const raws = [
      // \u-escaped in the body itself, and "\/"-escaped in a JSON document the message quotes.
      JSON.stringify({
        message: `No request IBVNOPE for key @KEY@; request was {"headers":{"x-api-key":"${KEY.replace('/', '\\/')}"}}`,
      }).replace('@KEY@', unicodeEscaped),
      // Escaped twice: where the key sits can no longer be told, so the message is withheld whole.
      JSON.stringify({
        message: `No request IBVNOPE; request was ${JSON.stringify(JSON.stringify({ 'x-api-key': KEY.replace('/', '\\/') }))}`,
      }),
    ]
    const { browser } = await setup((_request, answer) => {
      if (answer.status !== 404) return answer
      return new Response(raws.shift(), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    })
    expect(await browser('GET', '/reports/IBVNOPE')).toMatchObject({
      status: 404,
      body: {
        code: 'not_found',
        message:
          'No request IBVNOPE for key [redacted]; request was {"headers":{"x-api-key":"[redacted]"}}',
      },
    })
    expect(await browser('GET', '/reports/IBVNOPE')).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: '[redacted]' },
    })
  })

  it('400: in another case, as base64 / base64url / hex, behind HTML entities or \\x / \\u{} escapes', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64')
    const eachChar = (escape: (code: number) => string) =>
      [...KEY].map((c) => escape(c.charCodeAt(0))).join('')
    const echoes: Record<string, string> = {
      upper: `sent ${KEY.toUpperCase()}`,
      hex: `sent 0x${Buffer.from(KEY).toString('hex')}`,
      HEX: `sent ${Buffer.from(KEY).toString('hex').toUpperCase()}`,
      base64: `sent ${base64(KEY)}`,
      basic: `Basic ${base64(`${KEY}:`)}`,
      json: base64(JSON.stringify({ headers: { 'x-api-key': KEY } })),
      base64url: Buffer.from(`ab${KEY}`).toString('base64url'),
      entities: KEY.replace(/_/g, '&#95;'),
      hexEntities: eachChar((code) => `&#x${code.toString(16)};`),
      xEscapes: eachChar((code) => `\\x${code.toString(16)}`),
      braceEscapes: eachChar((code) => `\\u{${code.toString(16)}}`),
    }
    const { browser } = await setup(async (_request, answer) => {
      if (answer.status !== 400) return answer
      const body = (await answer.json()) as { message: string; fields: Record<string, string[]> }
      body.message = `${body.message} (x-api-key: ${KEY.toUpperCase()})`
      body.fields = {
        ...body.fields,
        ...Object.fromEntries(Object.entries(echoes).map(([name, echo]) => [name, [echo]])),
      }
      return Response.json(body, { status: 400 })
    })
    const answer = await browser('POST', '/tokens', {
      type: 'embedded_report_token',
      product_request_id: 'IBVNOPE',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/\(x-api-key: \[redacted\]\)$/)
    // Forms that can be cut are replaced where they stand; the others take their whole text.
    const whole = ['[redacted]']
    expect(answer.body.fields).toEqual({
      product_request_id: [expect.stringContaining('IBVNOPE')],
      upper: ['sent [redacted]'],
      hex: ['sent 0x[redacted]'],
      HEX: ['sent [redacted]'],
      base64: whole,
      basic: whole,
      json: whole,
      base64url: whole,
      entities: whole,
      hexEntities: whole,
      xEscapes: whole,
      braceEscapes: whole,
    })
  })

  it('200: anywhere in a report body, object keys included', async () => {
    const { browser, sandbox, id } = await setup(async (request, answer) => {
      if (!isPath(request, '/ibv/requests/') || answer.status !== 200) return answer
      const report = (await answer.json()) as {
        client_id: string
        accounts: Array<
          Record<string, unknown> & { items: Array<{ data: Record<string, unknown> }> }
        >
      }
      report.client_id = KEY
      const [account] = report.accounts
      if (!account) throw new Error('the sandbox report has no account')
      account.account_name = `Checking (${encodeURIComponent(KEY)})`
      account.owner_name = `\\u00${KEY.charCodeAt(0).toString(16)}${KEY.slice(1)}`
      const [item] = account.items
      if (item) item.data[KEY] = 1
      return Response.json(report)
    })
    await sandbox.advance(6)
    const answer = await browser('GET', `/reports/${id}`)
    expect(answer.status).toBe(200)
    expect(answer.body.product_request_id).toBe(id)
  })

  it('202: in a pending body, double URL-encoded in the link', async () => {
    const { browser, id } = await setup(async (_request, answer) => {
      if (answer.status !== 202) return answer
      const pending = (await answer.json()) as Record<string, string>
      pending.ibv_connection_link = `https://service.test/connect?k=${encodeURIComponent(encodeURIComponent(KEY))}`
      pending.message = `Check later. ${KEY}`
      return Response.json(pending, { status: 202 })
    })
    const answer = await browser('GET', `/reports/${id}`)
    expect(answer).toMatchObject({
      status: 202,
      body: { product_request_id: id, ibv_report_status: 'initiated' },
    })
  })

  it('refresh: in the outcome message, institution name, links and body', async () => {
    const { browser, sandbox } = await setup(async (request, answer) => {
      if (!isPath(request, '/refresh/')) return answer
      return Response.json(
        {
          ibv_report_status: 'ibv_data_acquire_failed',
          ibv_connection_link: `https://service.test/connect/${KEY}`,
          message: `Unable to pull IBV data. Ask the consumer to reconnect to ${KEY} using the connection link.`,
        },
        { status: 400 },
      )
    })
    await sandbox.advance(6)
    const answer = await browser('POST', '/refresh/LND-42')
    expect(answer.body).toMatchObject({ kind: 'data_pull_failed', institutionName: '[redacted]' })
  })

  it('a token answer: as the access_token itself', async () => {
    const { browser } = await setup((request, answer) =>
      isPath(request, '/auth/tokens') && answer.ok
        ? Response.json({ access_token: KEY, expires_in: 3600 })
        : answer,
    )
    const answer = await browser('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })
    expect(answer.status).toBe(200)
  })

  it('401 and 500: in errors that reach onError', async () => {
    const { browser, errors } = await setup((request, answer) => {
      if (isPath(request, '/auth/tokens'))
        return Response.json({ message: `Invalid x-api-key ${KEY}` }, { status: 401 })
      if (isPath(request, '/refresh/'))
        return Response.json({ error: `upstream failed for ${KEY}` }, { status: 500 })
      return answer
    })
    expect(
      (await browser('POST', '/tokens', { type: 'consumer', consumer_id: 'LND-42' })).status,
    ).toBe(502)
    expect((await browser('POST', '/refresh/LND-42')).status).toBe(502)
    expect(errors).toEqual([
      expect.objectContaining({ code: 'unauthorized' }),
      expect.objectContaining({ code: 'server_error' }),
    ])
  })

  it('a body that is not JSON: the error keeps no quote of it', async () => {
    const { client } = await setup((request, answer) =>
      isPath(request, '/auth/tokens') ? new Response(KEY, { status: 200 }) : answer,
    )
    const error = await failure(client.createConsumerToken('LND-42'))
    expect(error.code).toBe('malformed_response')
    // A JSON.parse SyntaxError as the cause would quote the body's first characters.
    expect(inspect(error, { depth: 20 })).not.toContain(KEY.slice(0, 10))
  })

  it('a failing fetch: the network error keeps neither the Request (with its key header) nor the key in a cause', async () => {
    const errors: unknown[] = []
    const client = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'https://service.test',
      retry: { attempts: 1 },
      fetch: async (request) => {
        throw Object.assign(new TypeError('fetch failed'), {
          request,
          cause: new Error(`proxy refused the header x-api-key: ${KEY}`),
        })
      },
    })
    const backend = createIbvBackend({
      client,
      authorize: () => true,
      verifyWebhook: () => false,
      onError: (error) => errors.push(error),
    })
    const error = await failure(client.getReport('IBV1'))
    expect(error.code).toBe('network')
    const response = await backend.fetch(new Request(`${APP}/reports/IBV1`))
    expect(response.status).toBe(502)
    expect(errors).toHaveLength(1)
    expectNoKey('onError', errors[0])
    // What is left of the cause still says what happened.
    expect(inspect(error, { depth: 20 })).toContain('fetch failed')
  })

  it('a webhook that echoes the key: onWebhook and the /events stream get it redacted', async () => {
    const client = createIbvClient({ apiKey: KEY, serviceUrl: 'https://service.test' })
    const handled: unknown[] = []
    const backend = createIbvBackend({
      client,
      authorize: () => true,
      verifyWebhook: () => true,
      onWebhook: (event) => void handled.push(event),
    })
    const stream = await backend.fetch(new Request(`${APP}/events`))
    const reader = stream.body!.getReader()
    const payload = {
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      message: `debug: x-api-key=${KEY}`,
      detail: { escaped: lowerHex },
    }
    const answer = await backend.fetch(
      new Request(`${APP}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      }),
    )
    expect(answer.status).toBe(200)
    expect(handled).toHaveLength(1)
    expectNoKey('onWebhook', handled[0])
    expect(JSON.stringify(handled[0])).toContain('[redacted]')
    let streamed = ''
    while (!streamed.includes('event: data_pull'))
      streamed += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expectNoKey('/events', streamed)
  })
})
