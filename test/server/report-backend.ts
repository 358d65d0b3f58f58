import { createIbvBackend, createIbvClient, type ReportCache } from '../../src/server/index.js'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'

const KEY = 'sk_test_report-reads'
const APP = 'https://lender.test'

/**
 * A backend over a sandbox that counts the report reads it sends upstream and the `authorize`
 * calls it makes. Each upstream answer waits `latencyMs`, as a real service's does, so reads sent
 * together are in flight together.
 */
export function reportBackend(
  options: {
    sandbox?: Sandbox
    reportCache?: ReportCache
    latencyMs?: number
    onError?: (error: unknown) => void
  } = {},
) {
  const sandbox =
    options.sandbox ?? createSandbox({ clock: createManualClock(Date.now()), apiKey: KEY })
  const counts = { reads: 0, authorize: 0 }
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch: async (request) => {
      if (
        request.method === 'GET' &&
        /^\/api\/v[12]\/ibv\/requests\//.test(new URL(request.url).pathname)
      ) {
        counts.reads++
        await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 50))
      }
      return sandbox.fetch(request)
    },
  })
  const backend = createIbvBackend({
    client,
    authorize: () => {
      counts.authorize++
      return true
    },
    reportCache: options.reportCache,
    onError: options.onError,
    verifyWebhook: () => true,
  })
  const read = async (id: string) => {
    const response = await backend.fetch(new Request(`${APP}/api/ibv/reports/${id}`))
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
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
  const productRequest = async (outcome = 'complete') =>
    (await sandboxCall('POST', '/sandbox/product_requests', { consumer_id: 'LND-42', outcome }))
      .product_request_id as string
  const advance = (seconds: number) => sandboxCall('POST', '/sandbox/clock/advance', { seconds })
  const webhook = (payload: Record<string, unknown>) =>
    backend.fetch(
      new Request(`${APP}/api/ibv/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      }),
    )
  return { sandbox, backend, counts, read, productRequest, advance, webhook }
}
