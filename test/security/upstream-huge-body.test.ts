// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

// Attack (finding 9): the service (or whatever answers in its place) sends a 100 MiB token
// answer. Before, the client read it whole (`response.text()`: RSS +432 MiB) and the backend
// forwarded the token to the browser. Now the body is read with a cap and the stream cancelled.
const KEY = 'sk_test_huge-body'
const MiB = 1024 * 1024
const CHUNK = 64 * 1024
const DEFAULT_CAP = 4 * MiB

/** A valid JSON token answer of `size` bytes, produced lazily; `pulled` counts what was read. */
function hugeTokenBody(size: number) {
  const head = new TextEncoder().encode('{"expires_in":3600,"access_token":"')
  const tail = new TextEncoder().encode('"}')
  const filler = new Uint8Array(CHUNK).fill(0x61) // "a"
  const state = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const left = size - state.pulled
        if (left <= 0) return controller.close()
        const chunk =
          state.pulled === 0
            ? head
            : left <= tail.length
              ? tail.subarray(tail.length - left)
              : filler.subarray(0, Math.min(CHUNK, left - tail.length))
        state.pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
      cancel() {
        state.cancelled = true
      },
    },
    // Nothing is produced before it is asked for.
    { highWaterMark: 0 },
  )
  return { stream, state }
}

/** The real sandbox, with its token answers replaced by `answer()`. */
function setup(answer: () => Response, clientOptions: { maxResponseBytes?: number } = {}) {
  const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
  const fetch = async (request: Request) => {
    const real = await sandbox.fetch(request)
    return new URL(request.url).pathname.endsWith('/auth/tokens') && real.ok ? answer() : real
  }
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch,
    retry: { attempts: 1 },
    ...clientOptions,
  })
  const errors: unknown[] = []
  const backend = createIbvBackend({
    client,
    authorize: () => true,
    verifyWebhook: () => false,
    onError: (error) => errors.push(error),
  })
  const postToken = () =>
    backend.fetch(
      new Request('https://lender.test/api/ibv/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'consumer', consumer_id: 'LND-42' }),
      }),
    )
  return { client, postToken, errors }
}

async function failure(promise: Promise<unknown>): Promise<IbvError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IbvError)
  return error as IbvError
}

describe('a huge upstream answer', () => {
  it('is read up to the 4 MiB cap, then cancelled: a typed error, not a token', async () => {
    const { stream, state } = hugeTokenBody(100 * MiB)
    const { client } = setup(
      () => new Response(stream, { headers: { 'content-type': 'application/json' } }),
    )
    const error = await failure(client.createConsumerToken('LND-42'))
    expect(error).toMatchObject({ code: 'malformed_response', status: 200 })
    expect(error.message).toMatch(/larger than 4194304 bytes/)
    expect(state.pulled).toBeLessThan(DEFAULT_CAP + CHUNK + 1)
    expect(state.cancelled).toBe(true)
  })

  it('makes the backend answer a small 502 JSON error, and tells onError', async () => {
    const { stream, state } = hugeTokenBody(100 * MiB)
    const { postToken, errors } = setup(
      () => new Response(stream, { headers: { 'content-type': 'application/json' } }),
    )
    const response = await postToken()
    expect(response.status).toBe(502)
    const text = await response.text()
    expect(text.length).toBeLessThan(1000)
    expect(JSON.parse(text)).toMatchObject({ code: 'malformed_response' })
    expect(errors).toEqual([expect.objectContaining({ code: 'malformed_response' })])
    expect(state.pulled).toBeLessThan(DEFAULT_CAP + CHUNK + 1)
    expect(state.cancelled).toBe(true)
  })

  it('honours maxResponseBytes', async () => {
    const { stream, state } = hugeTokenBody(100 * MiB)
    const { client } = setup(() => new Response(stream), { maxResponseBytes: MiB })
    expect(await failure(client.createConsumerToken('LND-42'))).toMatchObject({
      code: 'malformed_response',
    })
    expect(state.pulled).toBeLessThan(MiB + CHUNK + 1)
    expect(() =>
      createIbvClient({ apiKey: KEY, serviceUrl: 'https://s.test', maxResponseBytes: 0 }),
    ).toThrow(/maxResponseBytes/)
    expect(() =>
      createIbvClient({ apiKey: KEY, serviceUrl: 'https://s.test', maxResponseBytes: Number.NaN }),
    ).toThrow(/maxResponseBytes/)
  })

  it('refuses a too-large content-length before reading anything', async () => {
    const { stream, state } = hugeTokenBody(100 * MiB)
    const { client } = setup(
      () => new Response(stream, { headers: { 'content-length': String(100 * MiB) } }),
    )
    expect(await failure(client.createConsumerToken('LND-42'))).toMatchObject({
      code: 'malformed_response',
    })
    expect(state.pulled).toBe(0)
    expect(state.cancelled).toBe(true)
  })

  it('still reads an answer just under the cap', async () => {
    const { stream } = hugeTokenBody(DEFAULT_CAP)
    const { client } = setup(() => new Response(stream))
    // Read whole (under the cap); refused only for its token's length.
    const error = await failure(client.createConsumerToken('LND-42'))
    expect(error.message).toMatch(/access_token/)
  })
})

describe('a stalled upstream answer', () => {
  it('ends with timeout, even when the fetch given does not end its body on abort', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"access_token":"'))
      },
      // Never anything more, never closed: a trickling or hung upstream.
    })
    const client = createIbvClient({
      apiKey: KEY,
      serviceUrl: 'https://s.test',
      fetch: async () => new Response(stream),
      timeoutMs: 50,
      retry: { attempts: 1 },
    })
    expect(await failure(client.createConsumerToken('LND-42'))).toMatchObject({ code: 'timeout' })
  })
})

describe('a huge access_token', () => {
  it('of 100,000 characters is a typed error, and never reaches the browser', async () => {
    const token = 'a'.repeat(100_000)
    const { client, postToken } = setup(() =>
      Response.json({ access_token: token, expires_in: 3600 }),
    )
    const error = await failure(client.createConsumerToken('LND-42'))
    expect(error).toMatchObject({ code: 'malformed_response' })
    expect(error.message).toMatch(/longer than 4096/)
    const response = await postToken()
    expect(response.status).toBe(502)
    expect(await response.text()).not.toContain(token)
  })

  it('of 4,096 characters is still accepted', async () => {
    const token = 'a'.repeat(4096)
    const { client } = setup(() => Response.json({ access_token: token, expires_in: 3600 }))
    expect((await client.createConsumerToken('LND-42')).access_token).toBe(token)
  })
})

describe('a long upstream message', () => {
  it('reaches the browser cut to 1,000 characters', async () => {
    const message = `Invalid consumer: ${'x'.repeat(3 * MiB)}`
    const { postToken } = setup(() =>
      Response.json({ message, fields: { consumer_id: ['is invalid'] } }, { status: 400 }),
    )
    const response = await postToken()
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string; fields: unknown }
    expect(body.message).toHaveLength(1001)
    expect(body.message.startsWith('Invalid consumer: xxx')).toBe(true)
    expect(body.fields).toEqual({ consumer_id: ['is invalid'] })
  })
})
