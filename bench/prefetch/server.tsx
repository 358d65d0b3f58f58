// For bench/prefetch.ts: one Node HTTP server on 127.0.0.1 with the page (server-rendered, client-only
// or prefetched), its client bundle, the backend at /api/ibv and the sandbox at /ibv-sandbox. The
// backend's client reaches the in-process sandbox through a fetch that waits `latency` ms first.
// Bundled by bench/prefetch/build.ts with `ibv-kit` resolved to dist/.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { renderToString } from 'react-dom/server'
import { createIbvBackend, createIbvClient, prefetchReport } from 'ibv-kit/server'
import { createManualClock, createSandbox } from 'ibv-kit/sandbox'
import { BenchApp, type BenchProps } from './app.js'

/** `limit`: the prefetched HTML without the client bundle, i.e. one iframe load after the HTML (the physical limit). */
export type Mode = 'client-only' | 'prefetched' | 'limit'
export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>

// Placed first in <head>: the first load of a report iframe, captured before any script of the app runs
// (on document: a load event's path stops there, short of window).
const MEASURE = `window.__bench={hydrationErrors:0};document.addEventListener('load',function(e){var t=e.target;if(t&&t.tagName==='IFRAME'&&t.src.indexOf('/ibv-sandbox/')>=0&&window.__bench.iframeLoad===undefined)window.__bench.iframeLoad=performance.now()},true)`
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startBenchServer(clientJs: string) {
  let origin = ''
  const sandbox = createSandbox({
    clock: createManualClock(Date.now()),
    basePath: '/ibv-sandbox',
    serviceUrl: () => `${origin}/ibv-sandbox`,
  })
  /** Backend → service calls so far, and the delay each waits. */
  const upstream = { calls: 0, latency: 0 }
  const client = createIbvClient({
    apiKey: 'sandbox-api-key',
    serviceUrl: 'http://sandbox.internal/ibv-sandbox',
    fetch: async (request) => {
      upstream.calls++
      await sleep(upstream.latency)
      return sandbox.fetch(request)
    },
  })
  const backend = createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true })

  const page = async (request: Request, mode: Mode, productRequestId: string) => {
    const props: BenchProps = { productRequestId, serviceUrl: `${origin}/ibv-sandbox` }
    if (mode !== 'client-only') {
      const prefetched = await prefetchReport(backend, request, productRequestId)
      if (!prefetched?.token)
        throw new Error(`prefetch bench: no token prefetched for ${productRequestId}`)
      props.prefetched = [prefetched]
    }
    const html = renderToString(<BenchApp {...props} />)
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ibv-kit prefetch bench</title><script>${MEASURE}</script>${mode === 'limit' ? '' : '<script type="module" src="/client.js"></script>'}</head><body><div id="root">${html}</div><script>window.__BENCH_PROPS__=${json(props)}</script></body></html>`
    return new Response(body, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' },
    })
  }

  const handle = async (request: Request) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith('/ibv-sandbox/')) return sandbox.fetch(request)
    if (url.pathname.startsWith('/api/ibv/')) return backend.fetch(request)
    if (url.pathname === '/client.js')
      return new Response(clientJs, {
        headers: { 'content-type': 'text/javascript', 'cache-control': 'no-store' },
      })
    const mode = url.searchParams.get('mode')
    if (
      url.pathname === '/page' &&
      (mode === 'client-only' || mode === 'prefetched' || mode === 'limit')
    )
      return page(request, mode, url.searchParams.get('id') ?? '')
    return new Response('not found', { status: 404 })
  }
  const server = createServer(getRequestListener(handle))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** `count` new product requests, each complete (the sandbox's clock moved past its pipeline). */
  const productRequests = async (count: number) => {
    const ids: string[] = []
    for (let index = 0; index < count; index++) {
      const response = await sandbox.fetch(
        new Request(`${origin}/ibv-sandbox/sandbox/product_requests`, {
          method: 'POST',
          headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
          body: '{"consumer_id":"BENCH"}',
        }),
      )
      ids.push(((await response.json()) as { product_request_id: string }).product_request_id)
    }
    await sandbox.advance(6)
    return ids
  }
  const close = () =>
    new Promise<void>((resolve) => {
      sandbox.close()
      void backend.close()
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { origin, upstream, productRequests, close }
}
