import {
  createIbvBackend,
  createIbvClient,
  headerSecretVerifier,
  type AuthorizeContext,
  type TokenCache,
} from '../../src/server/index.js'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'

const KEY = 'sk_test_token-cache'
const APP = 'https://lender.test'

/** A backend over a sandbox, counting the embedded report tokens minted upstream. */
export function tokenBackend(
  options: {
    sandbox?: Sandbox
    tokenCache?: TokenCache
    authorize?: (context: AuthorizeContext) => boolean
    onError?: (error: unknown) => void
  } = {},
) {
  const sandbox =
    options.sandbox ?? createSandbox({ clock: createManualClock(Date.now()), apiKey: KEY })
  const mints = { embedded: 0, consumer: 0 }
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/api/v1/auth/tokens') {
        const body = (await request.clone().json()) as { type?: string }
        if (body.type === 'embedded_report_token') mints.embedded++
        else mints.consumer++
      }
      return sandbox.fetch(request)
    },
  })
  const backend = createIbvBackend({
    client,
    authorize: options.authorize ?? (() => true),
    tokenCache: options.tokenCache,
    onError: options.onError,
    verifyWebhook: headerSecretVerifier('x-webhook-secret', 'hush'),
  })
  const token = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    )
    return {
      status: response.status,
      body: (await response.json()) as { access_token: string; expires_in: number },
    }
  }
  const sandboxCall = (method: string, path: string, body?: unknown) =>
    sandbox
      .fetch(
        new Request(`https://service.test${path}`, {
          method,
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
      .then((r) => r.json() as Promise<Record<string, unknown>>)
  const productRequest = async () =>
    (await sandboxCall('POST', '/sandbox/product_requests', { consumer_id: 'LND-42' }))
      .product_request_id as string
  const status = (accessToken: string) =>
    sandboxCall('GET', `/portal/token_status?token=${encodeURIComponent(accessToken)}`)
  return { sandbox, backend, mints, token, productRequest, status }
}
