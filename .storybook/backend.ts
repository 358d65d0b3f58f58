// Storybook's service and backend, both in the page (.storybook/sandbox.ts answers for them through
// its service worker): the sandbox, the real createIbvBackend on it, and fixture routes that the
// stories' loaders call to set up a state. The only key here is the sandbox's own, a fixed public
// value (`sandbox-api-key`, SANDBOX_API_KEY): it opens nothing but this page's sandbox.
import { createSandbox, type SandboxClock } from 'ibv-kit/sandbox'
import {
  createIbvBackend,
  createIbvClient,
  prefetchReport,
  standardWebhooksVerifier,
} from 'ibv-kit/server'
import { API, SERVICE_URL } from '../stories/story-urls.ts'

export interface StorybookServicesOptions {
  /** Seed of the sandbox's ids. @default random */
  seed?: number
  /** The sandbox's time. @default the real clock */
  clock?: SandboxClock
  /** The service URL in the links the sandbox writes (a reconnect link a story shows). @default SERVICE_URL */
  serviceUrl?: string
  /**
   * Offers `POST {API}/fixtures/reset`: the sandbox back to empty, then this callback (the
   * Storybook test project rewinds its clock). Only the test project passes it, so that every
   * story starts from the same state whatever ran before it; Storybook itself has no reset.
   */
  onReset?: () => void
}

export interface StorybookServices {
  /** Answers a request for the sandbox or the backend (their paths: SERVICE_URL's and API). */
  fetch(request: Request): Promise<Response>
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function createStorybookServices(options: StorybookServicesOptions = {}): StorybookServices {
  const sandboxPath = new URL(SERVICE_URL).pathname
  // Webhooks go from the sandbox to the backend in the page, signed and verified as in the docs
  // (Standard Webhooks), under a secret made for this page load: none is written anywhere.
  const webhookSecret = `whsec_${base64(crypto.getRandomValues(new Uint8Array(32)))}`
  const sandbox = createSandbox({
    basePath: sandboxPath,
    serviceUrl: options.serviceUrl ?? SERVICE_URL,
    seed: options.seed,
    clock: options.clock,
    webhookUrl: `${window.location.origin}${API}/webhooks`,
    webhookSecret,
    fetch: (input, init) => ibv.fetch(new Request(input, init)),
  })
  const client = createIbvClient({
    apiKey: sandbox.apiKey,
    serviceUrl: SERVICE_URL,
    fetch: sandbox.fetch,
  })
  // Storybook is a local tool with sandbox data only: every story may see everything, as one
  // anonymous reader.
  const makeBackend = () =>
    createIbvBackend({
      client,
      basePath: API,
      authorize: () => true,
      identify: () => undefined,
      verifyWebhook: standardWebhooksVerifier({ secret: webhookSecret }),
    })
  // Renewed on reset with the sandbox: the seeded sandbox repeats its ids, and a backend that had
  // seen a webhook for the same id in an earlier story would drop the new one as a duplicate.
  let ibv = makeBackend()
  const control = (path: string, body: unknown) =>
    sandbox.fetch(
      new Request(`${SERVICE_URL}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )

  async function fixture(request: Request, name: string): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
    switch (name) {
      case 'product_requests': {
        // `pending: true` leaves the pipeline where it starts (the hooks' pending stories); in
        // Storybook, whose sandbox clock is real, it then runs its 6 s as usual.
        const { pending, ...fields } = body
        const created = await control('product_requests', fields)
        // Finished pipelines make stories deterministic: the state is there when they render.
        if (pending !== true) await control('clock/advance', { seconds: 6 })
        return created
      }
      case 'prefetch':
        // What a server-rendered page would hand to <IbvProvider prefetched>.
        return Response.json(await prefetchReport(ibv, request, String(body.product_request_id)))
      case 'next_refresh':
        return control(`consumers/${encodeURIComponent(String(body.consumer_id))}/next_refresh`, {
          outcome: body.outcome,
        })
      case 'refresh':
        return ibv.fetch(
          new Request(
            `${window.location.origin}${API}/refresh/${encodeURIComponent(String(body.consumer_id))}`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' }, // the backend refuses a state change without it
              body: '{}',
            },
          ),
        )
      case 'reset':
        if (!options.onReset) break
        sandbox.reset()
        void ibv.close({ timeoutMs: 1000 })
        ibv = makeBackend()
        options.onReset()
        return new Response(null, { status: 204 })
    }
    return Response.json({ message: 'No such fixture.' }, { status: 404 })
  }

  return {
    async fetch(request) {
      const { pathname } = new URL(request.url)
      if (under(pathname, sandboxPath)) return sandbox.fetch(request)
      if (pathname.startsWith(`${API}/fixtures/`))
        return fixture(request, pathname.slice(`${API}/fixtures/`.length))
      if (under(pathname, API)) return ibv.fetch(request)
      return Response.json({ message: `Nothing answers ${pathname} here.` }, { status: 404 })
    },
  }
}
