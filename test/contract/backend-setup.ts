import {
  createIbvBackend,
  createIbvClient,
  createMemoryInviteStore,
  headerSecretVerifier,
  type AuthorizeContext,
  type InviteStore,
} from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { randomSecret } from '../secrets.js'
import { observed, type Exchange } from './openapi.js'

const KEY = 'sk_test_backend-contract'
export const APP = 'https://lender.test'
const SERVICE = 'https://service.test'
export const WEBHOOK_SECRET = randomSecret()

/** An invite store that fails at everything, as one whose Redis is down. */
export function failingStore(): InviteStore {
  const down = () => Promise.reject(new Error('the invite store is down'))
  return {
    markUsed: down,
    usedFor: down,
    claim: down,
    confirm: down,
    recordInvite: down,
    updateInvite: down,
    invitesOf: down,
  }
}

/** The memory store without `invitesOf`: one that cannot list what staff sent. */
export function unlistedStore(): InviteStore {
  const store = createMemoryInviteStore()
  delete store.invitesOf
  return store
}

/**
 * A backend over a sandbox (whose webhooks it receives, with a shared secret), every request to
 * it and every answer recorded in `exchanges`. `upstream` replaces the sandbox for the client
 * (`'wrong key'` sends another key; `'hung'` never answers); `deny` lists the `authorize` actions
 * refused, changeable while it runs. `onWebhook` fails for the applicant `LND-FAILS`.
 */
export function contractBackend(
  exchanges: Exchange[],
  options: {
    upstream?: 'sandbox' | 'wrong key' | 'hung'
    store?: InviteStore
    /** The invites' secret, to share one between two backends. */
    secret?: string
  } = {},
) {
  let send: (request: Request) => Promise<Response> = async () => new Response(null)
  const sandbox = createSandbox({
    clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
    apiKey: KEY,
    webhookUrl: `${APP}/api/ibv/webhooks`,
    webhookHosts: ['lender.test'],
    webhookHeaders: { 'x-webhook-secret': WEBHOOK_SECRET },
    fetch: async (input, init) => send(new Request(input, init)),
  })
  const deny = new Set<AuthorizeContext['action']>()
  const client = createIbvClient({
    apiKey: options.upstream === 'wrong key' ? 'sk_test_wrong' : KEY,
    serviceUrl: SERVICE,
    fetch:
      options.upstream === 'hung'
        ? (request) => new Promise((_, reject) => request.signal.addEventListener('abort', reject))
        : sandbox.fetch,
    retry: { attempts: 1 },
  })
  const backend = createIbvBackend({
    client,
    authorize: ({ action }) => !deny.has(action),
    identify: () => 'staff-1',
    maxStreamsPerClient: 1,
    upstreamTimeoutMs: 100,
    maxBodyBytes: { webhooks: 64 * 1024, json: 1024 },
    verifyWebhook: headerSecretVerifier('x-webhook-secret', WEBHOOK_SECRET),
    onWebhook: (event) => {
      if (event.consumerId === 'LND-FAILS') throw new Error('the lender’s handler failed')
    },
    onError: () => {},
    invites: {
      secret: options.secret ?? randomSecret(),
      pageUrl: `${APP}/borrower`,
      now: () => sandbox.clock.now(),
      ...(options.store ? { store: options.store } : {}),
    },
  })
  send = observed(backend.fetch, exchanges)

  /** A request as the browser (or the service, for `/webhooks`) sends it. */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => {
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    const response = await send(new Request(`${APP}/api/ibv${path}`, init))
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream')
    if (streaming) await response.body?.cancel()
    const text = streaming ? '' : await response.text()
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined,
    }
  }
  /** A product request for `consumerId`, as if they had connected; ready unless told. */
  const productRequest = async (consumerId: string, ready = true) => {
    const response = await sandbox.fetch(
      new Request(`${SERVICE}/sandbox/product_requests`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: consumerId }),
      }),
    )
    const { product_request_id: id } = (await response.json()) as { product_request_id: string }
    if (ready) await sandbox.advance(60)
    return id
  }
  /** A new invite for `consumerId`: the `ibv_invite` parameter of its link. */
  const invite = async (consumerId: string) => {
    const { body } = await call('POST', '/invites', { consumer_id: consumerId })
    return new URL(String(body?.url)).searchParams.get('ibv_invite') ?? ''
  }
  const stop = async () => {
    await backend.close({ timeoutMs: 1000 })
    sandbox.close()
  }
  return { sandbox, backend, deny, call, productRequest, invite, stop }
}
