import {
  createIbvBackend,
  createIbvClient,
  type AuthorizeContext,
  type IbvInviteOptions,
} from '../../src/server/index.js'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { randomSecret } from '../secrets.js'

const KEY = 'sk_test_invites'
export const SECRET = randomSecret()
export const PAGE = 'https://lender.test/borrower'
const APP = 'https://lender.test'

/**
 * A backend with invites over a sandbox with a manual clock (the invites read the same clock), that
 * records what `authorize` was asked, which consumers upstream tokens were minted for, what
 * `onUsed` and `onError` were told. A sandbox made here sends its webhooks to this backend.
 */
export function inviteBackend(
  options: {
    sandbox?: Sandbox
    invites?: Partial<IbvInviteOptions> | false
    authorize?: (context: AuthorizeContext) => boolean
  } = {},
) {
  // Webhooks reach the backend made below, through its fetch (bound once it exists).
  let deliver: (request: Request) => Promise<Response> = async () =>
    new Response(null, { status: 503 })
  const sandbox =
    options.sandbox ??
    createSandbox({
      clock: createManualClock(Date.UTC(2026, 10, 26, 9)),
      apiKey: KEY,
      webhookUrl: `${APP}/api/ibv/webhooks`,
      webhookHosts: ['lender.test'],
      fetch: async (input, init) => deliver(new Request(input, init)),
    })
  const minted: string[] = []
  const asked: AuthorizeContext[] = []
  const used: { consumerId: string; productRequestId: string }[] = []
  const errors: unknown[] = []
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/api/v1/auth/tokens')
        minted.push(((await request.clone().json()) as { consumer_id?: string }).consumer_id ?? '')
      return sandbox.fetch(request)
    },
  })
  const backend = createIbvBackend({
    client,
    authorize: (context) => {
      asked.push(context)
      return options.authorize ? options.authorize(context) : true
    },
    verifyWebhook: () => true,
    onError: (error) => errors.push(error),
    invites:
      options.invites === false
        ? undefined
        : {
            secret: SECRET,
            pageUrl: PAGE,
            now: () => sandbox.clock.now(),
            onUsed: (record) => void used.push(record),
            ...options.invites,
          },
  })
  deliver = (request) => backend.fetch(request)
  const call = async (path: string, body: unknown) => {
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> }
  }
  /** `GET /invites?consumer_id=`: what staff see of the invites sent to `consumerId`. */
  const list = async (consumerId: string) => {
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv/invites?consumer_id=${encodeURIComponent(consumerId)}`),
    )
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> }
  }
  /** An invite for `consumerId`: the `ibv_invite` parameter of the answered URL. */
  const invite = async (consumerId = 'LND-42') => {
    const answer = await call('/invites', { consumer_id: consumerId })
    if (answer.status !== 201)
      throw new Error(`POST /invites answered ${answer.status}: ${answer.text}`)
    return new URL(answer.body.url as string).searchParams.get('ibv_invite') ?? ''
  }
  const token = (invite: string) => call('/tokens', { type: 'invite', invite })
  const complete = (invite: string, productRequestId: string) =>
    call('/invites/complete', { invite, product_request_id: productRequestId })
  /** A product request for `consumerId`, as if they had connected (ready at once, or pending). */
  const productRequest = async (consumerId = 'LND-42', ready = true) => {
    const response = await sandbox.fetch(
      new Request('https://service.test/sandbox/product_requests', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: consumerId }),
      }),
    )
    const id = ((await response.json()) as { product_request_id: string }).product_request_id
    if (ready) await sandbox.advance(60)
    return id
  }
  return {
    sandbox,
    backend,
    call,
    list,
    invite,
    token,
    complete,
    productRequest,
    minted,
    asked,
    used,
    errors,
  }
}
