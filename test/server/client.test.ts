import { afterEach, describe, expect, it } from 'vitest'
import { createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { IbvError } from '../../src/core/index.js'

// Every error these tests see is checked for the key at the end.
const KEY = 'sk_test_7Qz-never-show-me'
const seen: unknown[] = []
afterEach(() => {
  for (const error of seen) {
    expect(JSON.stringify(error)).not.toContain(KEY)
    expect(String(error)).not.toContain(KEY)
    expect(String((error as { cause?: unknown }).cause)).not.toContain(KEY)
  }
  seen.length = 0
})

async function failure(promise: Promise<unknown>): Promise<IbvError> {
  try {
    await promise
  } catch (error) {
    seen.push(error)
    if (error instanceof IbvError) return error
    throw error
  }
  throw new Error('expected a failure')
}

function setup(options: Parameters<typeof createSandbox>[0] = {}) {
  const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY, ...options })
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test/',
    fetch: sandbox.fetch,
  })
  return { sandbox, client }
}

async function productRequest(sandbox: Sandbox, consumer: string, outcome = 'complete') {
  const response = await sandbox.fetch(
    new Request('https://service.test/sandbox/product_requests', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: consumer, outcome }),
    }),
  )
  return ((await response.json()) as { product_request_id: string }).product_request_id
}

describe('createIbvClient', () => {
  it('refuses to start without a key or a service URL', () => {
    expect(() => createIbvClient({ apiKey: '', serviceUrl: 'https://s.test' })).toThrow(
      'apiKey is required',
    )
    expect(() => createIbvClient({ apiKey: 'k', serviceUrl: '' })).toThrow('serviceUrl is required')
    for (const key of [`${KEY}\n`, 'sk test', 'clé-ümlaut']) {
      let message = ''
      try {
        createIbvClient({ apiKey: key, serviceUrl: 'https://s.test' })
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toMatch(/cannot be sent in an HTTP header/)
      expect(message).not.toContain(key.trim())
    }
  })

  it('creates a consumer token with expires_in as a number and its expiry', async () => {
    const { client } = setup({ expiresInFormat: 'string' })
    const before = Date.now()
    const token = await client.createConsumerToken('LND-42')
    expect(token.expires_in).toBe(3600)
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000)
    expect(token.access_token).toMatch(/^sbx_c_/)
  })

  it('creates an embedded report token, and passes the 400 fields on', async () => {
    const { sandbox, client } = setup()
    const id = await productRequest(sandbox, 'LND-42')
    expect((await client.createEmbeddedReportToken(id)).expires_in).toBe(1800)
    const error = await failure(client.createEmbeddedReportToken('IBVNOPE'))
    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      fields: { product_request_id: [expect.stringContaining('IBVNOPE')] },
    })
  })

  it('gets a report: pending (202) while the clock has not moved, ready (200) after', async () => {
    const { sandbox, client } = setup()
    const id = await productRequest(sandbox, 'LND-42')
    const pending = await client.getReport(id)
    expect(pending).toMatchObject({
      kind: 'pending',
      status: 'initiated',
      final: false,
      pending: { product_request_id: id },
    })
    await sandbox.advance(3)
    expect(await client.getReport(id)).toMatchObject({
      kind: 'pending',
      status: 'ibv_data_acquired',
    })
    await sandbox.advance(3)
    const ready = await client.getReport(id)
    expect(ready.kind).toBe('ready')
    if (ready.kind === 'ready') expect(ready.report.product_request_id).toBe(id)
    expect((await client.getReport(id, { version: 'v1' })).kind).toBe('ready')
  })

  it('marks a final failure as final', async () => {
    const { sandbox, client } = setup()
    const id = await productRequest(sandbox, 'LND-42', 'generation_failed')
    await sandbox.advance(6)
    expect(await client.getReport(id)).toMatchObject({
      kind: 'pending',
      status: 'generation_failed',
      final: true,
    })
  })

  it('fails with not_found for an unknown report', async () => {
    const { client } = setup()
    expect(await failure(client.getReport('IBVNOPE'))).toMatchObject({
      code: 'not_found',
      status: 404,
    })
  })

  it('returns every refresh outcome', async () => {
    const { sandbox, client } = setup()
    await productRequest(sandbox, 'LND-42')
    await sandbox.advance(6)
    const setNext = (outcome: string) =>
      sandbox.fetch(
        new Request('https://service.test/sandbox/consumers/LND-42/next_refresh', {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ outcome }),
        }),
      )
    await setNext('invalid_connection')
    expect((await client.refresh('LND-42')).kind).toBe('invalid_connection')
    await setNext('data_pull_failed')
    expect((await client.refresh('LND-42')).kind).toBe('data_pull_failed')
    await setNext('refresh_failed')
    expect((await client.refresh('LND-42')).kind).toBe('refresh_failed')
    expect((await client.refresh('LND-404')).kind).toBe('consumer_not_found')
    const submitted = await client.refresh('LND-42')
    expect(submitted).toMatchObject({
      kind: 'submitted',
      productRequestId: expect.stringMatching(/^IBV/),
    })
    expect((await client.refresh('LND-42')).kind).toBe('refresh_not_ready')
    await sandbox.advance(86_400)
    expect((await client.refresh('LND-42')).kind).toBe('submitted')
  })

  it('fails with unauthorized when the service refuses the key, and never shows the key', async () => {
    const { sandbox } = setup()
    const wrong = createIbvClient({
      apiKey: `${KEY}-old`,
      serviceUrl: 'https://service.test',
      fetch: sandbox.fetch,
    })
    expect(await failure(wrong.createConsumerToken('LND-42'))).toMatchObject({
      code: 'unauthorized',
      status: 401,
    })
    expect(await failure(wrong.createEmbeddedReportToken('IBV1'))).toMatchObject({
      code: 'unauthorized',
      status: 401,
    })
    expect(await failure(wrong.getReport('IBV1'))).toMatchObject({ code: 'unauthorized' })
    expect(await failure(wrong.refresh('LND-42'))).toMatchObject({ code: 'unauthorized' })
    for (const error of seen) expect(JSON.stringify(error)).not.toContain(`${KEY}-old`)
  })

  it('reports a network failure with the service origin only', async () => {
    const client = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'http://127.0.0.1:9/base',
      retry: { attempts: 1 },
    })
    const error = await failure(client.getReport('IBV1'))
    expect(error).toMatchObject({
      code: 'network',
      message: 'The IBV service could not be reached at http://127.0.0.1:9.',
    })
  })

  it('calls a report answer that is not JSON malformed', async () => {
    const client = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'https://s.test',
      fetch: async () => new Response('<html>', { status: 200 }),
    })
    expect(await failure(client.getReport('IBV1'))).toMatchObject({
      code: 'malformed_response',
      status: 200,
    })
    const wrongShape = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'https://s.test',
      fetch: async () => Response.json({ access_token: 'x', expires_in: 'soon' }),
    })
    expect(await failure(wrongShape.createConsumerToken('c'))).toMatchObject({
      code: 'malformed_response',
    })
  })
})

describe('createIbvClient with a fetch that ignores the abort signal', () => {
  // A custom fetch (a proxy, an instrumented fetch) that never settles and never looks at
  // `request.signal`: the call must still end at `timeoutMs`, with a typed error.
  it('ends each call at timeoutMs with a timeout error', async () => {
    const client = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      timeoutMs: 50,
      retry: { attempts: 1 },
      fetch: () => new Promise<Response>(() => {}),
    })
    const failure = await client.createConsumerToken('LND-1').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(IbvError)
    expect(failure).toMatchObject({ code: 'timeout' })
  })
})
