import {
  createIbvBackend,
  createIbvClient,
  type IbvBackendOptions,
} from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import type { WebhookEvent } from '../../src/core/index.js'

export const APP = 'https://lender.test'
export const KEY = 'sk_test_security-review'

/**
 * A backend over the real sandbox, as the security tests attack it: every call that reaches the
 * service is counted, every handled webhook and every `onError` value is kept.
 */
export function backendUnderAttack(options: Partial<IbvBackendOptions> = {}) {
  const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
  const upstream: Request[] = []
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch: (request) => {
      upstream.push(request)
      return sandbox.fetch(request)
    },
  })
  const handled: WebhookEvent[] = []
  const errors: unknown[] = []
  const backend = createIbvBackend({
    client,
    authorize: () => true,
    verifyWebhook: () => true,
    onWebhook: (event) => void handled.push(event),
    onError: (error) => void errors.push(error),
    ...options,
  })
  const post = (
    path: string,
    body: BodyInit,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => backend.fetch(new Request(`${APP}/api/ibv${path}`, { method: 'POST', headers, body }))
  return { sandbox, backend, upstream, handled, errors, post }
}

/** A `report_generated` payload as the service sends it. */
export const generated = (id: string) => ({
  consumer_id: 'LND-42',
  product_request_id: id,
  ibv_report: `https://service.test/api/v2/ibv/requests/${id}`,
  ibv_report_status: 'complete',
  event: 'report_generated',
})

/** JSON text of an array nested `depth` levels deep, built without recursion. */
export const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
