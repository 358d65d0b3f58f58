// For bench/instances.ts: a sandbox served on 127.0.0.1 (no Host check) through a wrapper that
// counts the embedded report tokens minted upstream, which the backend instances call.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

export type CountingSandbox = Awaited<ReturnType<typeof countingSandbox>>

/** Starts it on a free port; `counter.mints` counts POST /api/v1/auth/tokens of type embedded_report_token. */
export async function countingSandbox() {
  let url = ''
  const sandbox = createSandbox({ clock: createManualClock(Date.now()), serviceUrl: () => url })
  const counter = { mints: 0 }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        fetch: async (request: Request) => {
          if (
            request.method === 'POST' &&
            new URL(request.url).pathname === '/api/v1/auth/tokens'
          ) {
            const body = (await request
              .clone()
              .json()
              .catch(() => ({}))) as { type?: string }
            if (body.type === 'embedded_report_token') counter.mints++
          }
          return sandbox.fetch(request)
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(started),
    )
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const call = async (path: string, body: unknown) =>
    (await (
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>
  /** A new product request, complete. */
  const completed = async () => {
    const id = (await call('/sandbox/product_requests', { consumer_id: 'BENCH' }))
      .product_request_id as string
    await call('/sandbox/clock/advance', { seconds: 6 })
    return id
  }
  const close = () =>
    new Promise<void>((resolve) => {
      sandbox.close()
      server.close(() => resolve())
      ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
    })
  return { url, apiKey: sandbox.apiKey, counter, completed, close }
}
