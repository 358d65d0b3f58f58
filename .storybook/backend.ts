// Storybook's backend: the real createIbvBackend on the mounted sandbox, plus fixture routes
// that stories' loaders call to set up a state (the sandbox key stays here, on the server).
import { createIbvBackend, createIbvClient } from '../src/server/index.ts'
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
  // Storybook is a local tool with sandbox data only: every story may see everything.
  // The only webhook sender is the sandbox on this dev server; a real backend verifies (README).
  const ibv = createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true })
  const control = (path: string, body: unknown) =>
    sandbox.fetch(
      new Request(`${serviceUrl}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )

  return {
    async fetch(request: Request): Promise<Response> {
      const { pathname } = new URL(request.url)
      if (!pathname.startsWith('/api/ibv/fixtures/')) return ibv.fetch(request)
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
      switch (pathname.slice('/api/ibv/fixtures/'.length)) {
        case 'product_requests': {
          const created = await control('product_requests', body)
          // Finished pipelines make stories deterministic: the state is there when they render.
          await control('clock/advance', { seconds: 6 })
          return created
        }
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
          options.onReset()
          return new Response(null, { status: 204 })
      }
      return Response.json({ message: 'No such fixture.' }, { status: 404 })
    },
  }
}
