// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { headerSecretVerifier, toNodeHandler } from '../../src/server/index.js'
import { backendUnderAttack } from './backend-under-attack.js'
import { slowUpload } from './raw-http.js'

// An early refusal (403, 413, 415, 401) of a body still uploading reset the socket: a client still
// writing got EPIPE or ECONNRESET instead of the JSON answer. Now the answer is sent with
// `Connection: close`, the rest of the body is read and dropped (up to a bound), then the
// connection is closed gracefully.
let server: Server | undefined

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

async function listening(options: { bodyTimeoutMs?: number } = {}) {
  const { backend } = backendUnderAttack({
    verifyWebhook: headerSecretVerifier('x-webhook-secret', 'hush'),
    ...options,
  })
  server = createServer(toNodeHandler(backend))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

// 40 chunks of 16 KiB, one every 25 ms: the upload goes on for about a second after the refusal.
const UPLOAD = { chunks: 40, chunkBytes: 16 * 1024, everyMs: 25 }

describe('an early refusal of a body still uploading', () => {
  it.each([
    ['413, a webhook over its cap', '/api/ibv/webhooks', { 'x-webhook-secret': 'hush' }, 413],
    [
      '401, a webhook a header-only verifier refuses',
      '/api/ibv/webhooks',
      { 'x-webhook-secret': 'guess' },
      401,
    ],
    ['403, a cross-site token request', '/api/ibv/tokens', { 'Sec-Fetch-Site': 'cross-site' }, 403],
    [
      '415, a token request that is not JSON',
      '/api/ibv/tokens',
      { 'Content-Type': 'text/plain' },
      415,
    ],
  ])(
    '%s: the client reads the JSON answer, and its upload is not reset',
    async (_, path, headers, status) => {
      const url = await listening()
      const outcome = await slowUpload(url, { path, headers, ...UPLOAD })
      expect(outcome).toMatchObject({
        status,
        error: undefined,
        uploaded: true,
        json: { message: expect.any(String), code: expect.any(String) },
      })
    },
  )

  it('a body that stalls under Node gets the 408 answer, and the server closes the connection', async () => {
    const url = await listening({ bodyTimeoutMs: 200 })
    const outcome = await slowUpload(url, {
      path: '/api/ibv/tokens',
      chunks: 4,
      chunkBytes: 1024,
      everyMs: 10,
      stallAfter: 1,
    })
    expect(outcome).toMatchObject({
      status: 408,
      error: undefined,
      uploaded: false,
      json: { code: 'timeout' },
    })
  })
})
