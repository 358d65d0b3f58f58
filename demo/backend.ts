// The demo's backend, written as a lender would write theirs with `ibv-kit/server`, plus a few
// demo-only routes under /api/ibv/demo that drive the sandbox. The sandbox key stays here, on the
// server; the page never sees it.
import { createIbvBackend, createIbvClient, standardWebhooksVerifier } from 'ibv-kit/server'
import type { Sandbox } from 'ibv-kit/sandbox'

export const APPLICANTS = [
  { consumerId: 'DEMO-ADA', name: 'Ada Okafor', amount: 12_000, purpose: 'Debt consolidation' },
  { consumerId: 'DEMO-MATEO', name: 'Mateo Rossi', amount: 4_500, purpose: 'Car repair' },
  { consumerId: 'DEMO-PRIYA', name: 'Priya Raman', amount: 25_000, purpose: 'Home improvement' },
  { consumerId: 'DEMO-LENA', name: 'Lena Fischer', amount: 8_000, purpose: 'Medical expenses' },
] as const

export interface DemoBackendOptions {
  /** The borrower page invite links open (`demo/borrower.html` on this dev server). */
  borrowerPageUrl?: string
  /** The secret the sandbox signs its webhooks with (`whsec_…`, its `webhookSecret` option). */
  webhookSecret: string
}

export function createDemoBackend(sandbox: Sandbox, options: DemoBackendOptions) {
  const serviceUrl = 'http://sandbox.internal/ibv-sandbox'
  const client = createIbvClient({ apiKey: sandbox.apiKey, serviceUrl, fetch: sandbox.fetch })
  // What a lender keeps in its database: each applicant's latest product request, and the latest
  // whose report was generated (shown while a refresh prepares the next one).
  const latest = new Map<string, string>()
  const complete = new Map<string, string>()
  const known = () => new Set([...latest.values(), ...complete.values()])
  const isApplicant = (consumerId?: string) =>
    APPLICANTS.some((applicant) => applicant.consumerId === consumerId)

  const ibv = createIbvBackend({
    client,
    // Explicit, as every lender's must be: demo applicants and their own product requests only.
    authorize: ({ action, consumerId, productRequestId }) => {
      if (consumerId !== undefined) return isApplicant(consumerId)
      if (productRequestId !== undefined) return known().has(productRequestId)
      return action === 'events'
    },
    // Checked as a real backend checks the provider's: the sandbox signs with Standard Webhooks.
    verifyWebhook: standardWebhooksVerifier({ secret: options.webhookSecret }),
    onWebhook: (event) => {
      if (event.event === 'report_generated' && event.consumerId && isApplicant(event.consumerId)) {
        latest.set(event.consumerId, event.productRequestId)
        complete.set(event.consumerId, event.productRequestId)
      }
    },
    // Invite links for the borrower page. A real backend reads the secret from its environment
    // (32 random bytes: `openssl rand -base64 32`); here a new one each start, so links from an earlier run stop
    // working. The sandbox's clock, so "+24 hours" in the sandbox controls moves invites too.
    invites: {
      secret: randomSecret(),
      pageUrl: options.borrowerPageUrl ?? 'http://127.0.0.1:5173/borrower',
      now: () => sandbox.clock.now(),
      // Told once the service names the applicant as the owner: at once when the report was ready
      // at completion, else when its webhook arrives (onWebhook above files it too).
      onUsed: ({ consumerId, productRequestId }) => {
        if (isApplicant(consumerId)) latest.set(consumerId, productRequestId)
      },
    },
  })

  const control = async (path: string, body: unknown) => {
    const response = await sandbox.fetch(
      new Request(`${serviceUrl}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    return Response.json(await response.json(), { status: response.status })
  }

  let seeded: Promise<void> | undefined
  const seed = () =>
    (seeded ??= (async () => {
      // Ada has a finished report; Mateo's sign-in failed and waits for him to reconnect.
      for (const [consumerId, outcome] of [
        ['DEMO-ADA', 'complete'],
        ['DEMO-MATEO', 'reconnect_required'],
      ] as const) {
        const answer = await control('product_requests', {
          consumer_id: consumerId,
          outcome,
          accounts: consumerId === 'DEMO-ADA' ? 3 : undefined,
        })
        latest.set(
          consumerId,
          ((await answer.json()) as { product_request_id: string }).product_request_id,
        )
      }
    })())

  return {
    async fetch(request: Request): Promise<Response> {
      const { pathname } = new URL(request.url)
      if (!pathname.startsWith('/api/ibv/demo/')) return ibv.fetch(request)
      const route = pathname.slice('/api/ibv/demo/'.length)
      const body =
        request.method === 'POST'
          ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
          : {}
      if (route === 'applicants' && request.method === 'GET') {
        await seed()
        return Response.json(
          APPLICANTS.map((applicant) => {
            const productRequestId = latest.get(applicant.consumerId) ?? null
            const previous = complete.get(applicant.consumerId)
            return {
              ...applicant,
              productRequestId,
              previousProductRequestId: previous && previous !== productRequestId ? previous : null,
            }
          }),
        )
      }
      if (route === 'product_requests' && request.method === 'POST') {
        const { consumer_id: consumerId, product_request_id: id } = body
        if (!isApplicant(String(consumerId)) || typeof id !== 'string')
          return Response.json({ message: 'Unknown applicant.' }, { status: 400 })
        latest.set(String(consumerId), id)
        return Response.json({ ok: true })
      }
      if (route === 'clock' && request.method === 'POST')
        return control('clock/advance', { seconds: body.seconds })
      if (route === 'next_refresh' && request.method === 'POST') {
        return control(`consumers/${encodeURIComponent(String(body.consumer_id))}/next_refresh`, {
          outcome: body.outcome,
        })
      }
      if (route === 'expire' && request.method === 'POST')
        return control('tokens/expire', { product_request_id: body.product_request_id })
      return Response.json(
        { message: `No demo route ${request.method} ${route}.` },
        { status: 404 },
      )
    },
  }
}

function randomSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}
