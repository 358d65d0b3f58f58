// Storybook's backend: the real createIbvBackend on the mounted sandbox, plus fixture routes
// that stories' loaders call to set up a state (the sandbox key stays here, on the server).
import { createIbvBackend, createIbvClient, headerSecretVerifier, prefetchReport } from '../src/server/index.ts'
import type { Sandbox } from '../src/sandbox/index.ts'

export interface StorybookBackendOptions {
  /**
   * Offers `POST /api/ibv/fixtures/reset`: the sandbox back to empty, then this callback (the
   * Storybook test project rewinds its clock). Only the test project passes it, so that every
   * story starts from the same state whatever ran before it; Storybook itself has no reset.
   */
  onReset?: () => void
}

export function createStorybookBackend(sandbox: Sandbox, options: StorybookBackendOptions = {}) {
  const serviceUrl = 'http://sandbox.internal/ibv-sandbox'
  const client = createIbvClient({ apiKey: sandbox.apiKey, serviceUrl, fetch: sandbox.fetch })
  // Storybook is a local tool with sandbox data only: every story may see everything. Webhooks are
  // verified as in the docs: the sandbox sends this header (set with its webhook URL, below), and the
  // backend refuses any delivery without it (401).
  const webhookHeaders = { 'x-webhook-secret': 'storybook-dev-secret' }
  const makeBackend = () =>
    createIbvBackend({ client, authorize: () => true, verifyWebhook: headerSecretVerifier('x-webhook-secret', webhookHeaders['x-webhook-secret']) })
  // Renewed on reset with the sandbox: the seeded sandbox repeats its ids, and a backend that had
  // seen a webhook for the same id in an earlier story would drop the new one as a duplicate.
  let ibv = makeBackend()
  const control = (path: string, body: unknown) =>
    sandbox.fetch(
      new Request(`${serviceUrl}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )

  // Where the sandbox sends its webhooks: this backend, on the origin the browser uses. The Vite
  // plugin sets it only when the server reports its address, which Storybook's server never does
  // to plugins; so it is set here on the first request. A reset keeps it (it is configuration).
  let webhooksTo: string | undefined
  const deliverWebhooksHere = async (origin: string) => {
    const url = `${origin}/api/ibv/webhooks`
    if (webhooksTo === url) return
    webhooksTo = url
    await sandbox.fetch(
      new Request(`${serviceUrl}/sandbox/webhook_url`, {
        method: 'PUT',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url, headers: webhookHeaders }),
      }),
    )
  }

  return {
    async fetch(request: Request): Promise<Response> {
      const { pathname, origin } = new URL(request.url)
      await deliverWebhooksHere(origin)
      if (!pathname.startsWith('/api/ibv/fixtures/')) return ibv.fetch(request)
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
      switch (pathname.slice('/api/ibv/fixtures/'.length)) {
        case 'product_requests': {
          // `pending: true` leaves the pipeline where it starts (the hooks' pending stories); on the
          // Storybook dev server, whose sandbox clock is real, it then runs its 6 s as usual.
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
          return control(`consumers/${encodeURIComponent(String(body.consumer_id))}/next_refresh`, { outcome: body.outcome })
        case 'refresh':
          return ibv.fetch(
            new Request(`${new URL(request.url).origin}/api/ibv/refresh/${encodeURIComponent(String(body.consumer_id))}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' }, // the backend refuses a state change without it
              body: '{}',
            }),
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
    },
  }
}
