// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  hmacVerifier,
  standardWebhooksVerifier,
  toNodeHandler,
  type WebhookVerifier,
} from '../../src/server/index.js'
import { randomSecret, randomWebhookSecret } from '../secrets.js'
import { backendUnderAttack } from './backend-under-attack.js'
import { slowUpload } from './raw-http.js'

// L1 of issue 37: a stalled /webhooks body parked 133–145 KiB per connection for 10 s, because the
// body was read before the verifier's header checks ran. A verifier that can judge from headers
// alone (missing or malformed Standard Webhooks headers, a stale timestamp, a missing or
// malformed HMAC header) now refuses before one byte of the body is read: the 401 comes while the
// body is still stalled. Before, the route waited for the body and answered 408 at its deadline.
let server: Server | undefined

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

async function listening(verifyWebhook: WebhookVerifier) {
  // A body deadline of 5 s: a route that waits for the stalled body answers 408 then, not 401.
  const { backend, handled } = backendUnderAttack({ verifyWebhook, bodyTimeoutMs: 5_000 })
  server = createServer(toNodeHandler(backend))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handled }
}

/** Sends the headers and one 1 KiB chunk of a 4 KiB body, then stalls. */
const stalled = (url: string, headers: Record<string, string>) =>
  slowUpload(url, {
    path: '/api/ibv/webhooks',
    headers,
    chunks: 4,
    chunkBytes: 1024,
    everyMs: 10,
    stallAfter: 1,
  })

const now = () => Math.floor(Date.now() / 1000)
const SIGNATURE = `v1,${btoa('x'.repeat(32))}`
const standard = (overrides: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now()),
      'webhook-signature': SIGNATURE,
      ...overrides,
    }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>

describe(
  'standardWebhooksVerifier judges the headers before the body is read',
  { timeout: 30_000 },
  () => {
    it.each([
      ['no webhook-id', standard({ 'webhook-id': undefined })],
      ['a webhook-id of 300 characters', standard({ 'webhook-id': 'm'.repeat(300) })],
      ['no webhook-timestamp', standard({ 'webhook-timestamp': undefined })],
      ['a timestamp that is not a number', standard({ 'webhook-timestamp': 'yesterday' })],
      ['a timestamp an hour old', standard({ 'webhook-timestamp': String(now() - 3600) })],
      ['a timestamp an hour ahead', standard({ 'webhook-timestamp': String(now() + 3600) })],
      ['no webhook-signature', standard({ 'webhook-signature': undefined })],
      [
        'a signature of another version',
        standard({ 'webhook-signature': `v2,${btoa('x'.repeat(32))}` }),
      ],
      ['a signature that is not 32 bytes of base64', standard({ 'webhook-signature': 'v1,abc' })],
    ])('%s: 401 while the body is stalled', async (_, headers) => {
      const { url, handled } = await listening(
        standardWebhooksVerifier({ secret: randomWebhookSecret() }),
      )
      const outcome = await stalled(url, headers)
      expect(outcome).toMatchObject({
        status: 401,
        uploaded: false,
        json: { code: 'unauthorized' },
      })
      expect(handled).toEqual([])
    })

    it('well-formed, fresh headers: the body is awaited (here it stalls: 408), then judged', async () => {
      const { url } = await listening(standardWebhooksVerifier({ secret: randomWebhookSecret() }))
      expect(await stalled(url, standard({}))).toMatchObject({ status: 408 })
    })
  },
)

describe('hmacVerifier judges its header before the body is read', { timeout: 30_000 }, () => {
  it.each([
    ['no signature header', {}],
    ['an empty one', { 'x-ibv-signature': '' }],
    ['one that is not hex', { 'x-ibv-signature': 'z'.repeat(64) }],
    ['one of the wrong length', { 'x-ibv-signature': 'ab'.repeat(20) }],
  ])('%s: 401 while the body is stalled', async (_, headers) => {
    const { url } = await listening(
      hmacVerifier({ header: 'x-ibv-signature', secret: randomSecret() }),
    )
    expect(await stalled(url, headers)).toMatchObject({
      status: 401,
      uploaded: false,
      json: { code: 'unauthorized' },
    })
  })

  it('a well-formed signature: the body is awaited (here it stalls: 408)', async () => {
    const { url } = await listening(
      hmacVerifier({ header: 'x-ibv-signature', secret: randomSecret() }),
    )
    expect(await stalled(url, { 'x-ibv-signature': `sha256=${'ab'.repeat(32)}` })).toMatchObject({
      status: 408,
    })
  })
})

describe('a custom verifier', { timeout: 30_000 }, () => {
  it('can give checkHeaders, asked before the body; a throw there refuses too', async () => {
    const seen: string[] = []
    const verify: WebhookVerifier = Object.assign(() => true, {
      checkHeaders: (headers: Headers) => {
        seen.push(headers.get('x-token') ?? '')
        if (headers.get('x-token') === 'throw') throw new Error('bad header')
        return headers.get('x-token') === 'ok'
      },
    })
    const { url } = await listening(verify)
    expect(await stalled(url, { 'x-token': 'no' })).toMatchObject({ status: 401, uploaded: false })
    expect(await stalled(url, { 'x-token': 'throw' })).toMatchObject({
      status: 401,
      uploaded: false,
    })
    expect(await stalled(url, { 'x-token': 'ok' })).toMatchObject({ status: 408 })
    expect(seen).toEqual(['no', 'throw', 'ok'])
  })
})
