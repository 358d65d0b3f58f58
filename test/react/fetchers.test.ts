import { describe, expect, it } from 'vitest'
import { createBackendFetchers } from '../../src/index.js'
import { IbvError } from '../../src/core/index.js'
import { createChain } from './chain.js'

describe('createBackendFetchers', () => {
  it('gets both token kinds from the backend routes', async () => {
    const { fetchers, control } = createChain()
    const { product_request_id: id } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    expect(await fetchers.token({ type: 'consumer', consumerId: 'LND-1' })).toEqual({
      access_token: expect.stringMatching(/^sbx_c_/),
      expires_in: 3600,
    })
    expect(
      await fetchers.token({ type: 'embedded_report_token', productRequestId: id ?? '' }),
    ).toMatchObject({ expires_in: 1800 })
  })

  it('reads a report as pending, then ready', async () => {
    const { fetchers, control, sandbox } = createChain()
    const { product_request_id: id = '' } = await control('/sandbox/product_requests', {
      consumer_id: 'LND-1',
    })
    expect(await fetchers.report(id)).toMatchObject({
      kind: 'pending',
      pending: { ibv_report_status: 'initiated' },
    })
    await sandbox.advance(6)
    expect(await fetchers.report(id)).toMatchObject({
      kind: 'ready',
      report: { product_request_id: id },
    })
  })

  it('returns the classified refresh outcome', async () => {
    const { fetchers } = createChain()
    expect(await fetchers.refresh('nobody')).toMatchObject({ kind: 'consumer_not_found' })
  })

  it('turns failures into IbvErrors that say whether to retry', async () => {
    const refused = createChain({}, () =>
      Response.json({ message: 'Not yours', code: 'forbidden' }, { status: 403 }),
    ).fetchers
    const error = await refused
      .token({ type: 'consumer', consumerId: 'x' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(IbvError)
    expect(error).toMatchObject({
      code: 'forbidden',
      status: 403,
      message: 'Not yours',
      retryable: false,
    })

    const offline = createChain({}, () => new TypeError('Failed to fetch')).fetchers
    expect(
      await offline.token({ type: 'consumer', consumerId: 'x' }).catch((caught: unknown) => caught),
    ).toMatchObject({ code: 'network', retryable: true })

    const garbled = createChain({}, () => new Response('<html>', { status: 200 })).fetchers
    expect(
      await garbled.token({ type: 'consumer', consumerId: 'x' }).catch((caught: unknown) => caught),
    ).toMatchObject({ code: 'malformed_response' })

    const badToken = createChain({}, () =>
      Response.json({ access_token: 't', expires_in: 'later' }),
    ).fetchers
    expect(
      await badToken
        .token({ type: 'consumer', consumerId: 'x' })
        .catch((caught: unknown) => caught),
    ).toMatchObject({ code: 'malformed_response' })

    const noAccounts = createChain({}, () =>
      Response.json({ product_request_id: 'IBV1', ibv_report_status: 'complete' }),
    ).fetchers
    expect(await noAccounts.report('IBV1').catch((caught: unknown) => caught)).toMatchObject({
      code: 'malformed_response',
    })
  })

  it('times out when the answer starts but its body never ends', async () => {
    const stalled = createBackendFetchers('/api/ibv', {
      timeoutMs: 50,
      fetch: async () => new Response(new ReadableStream({ start() {} }), { status: 200 }),
    })
    await expect(stalled.token({ type: 'consumer', consumerId: 'c' })).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
    })
  })

  it('sends the extra headers on every call', async () => {
    const seen: Array<string | null> = []
    const fetchers = createBackendFetchers('/api/ibv/', {
      headers: { 'x-csrf-token': 'abc' },
      fetch: async (input, init) => {
        seen.push(new Headers(init?.headers).get('x-csrf-token'), String(input))
        return Response.json({ access_token: 't', expires_in: 60 })
      },
    })
    await fetchers.token({ type: 'consumer', consumerId: 'c' })
    expect(seen).toEqual(['abc', '/api/ibv/tokens'])
  })
})
