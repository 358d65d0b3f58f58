// @ts-check
// Storybook's service worker: it hands every request for the sandbox (`ibv-sandbox/…`) and the
// backend (`api/ibv/…`), relative to its scope, to the Storybook page that runs both in memory
// (.storybook/sandbox.ts), and answers with what that page returns, streamed. Navigations too: the
// widget and report frames, the widget's form posts and the OAuth bank's window are documents the
// service serves, which MSW 2's worker never answers (it returns early on `mode: 'navigate'`). So
// `npm run build-storybook`'s output works from any static server, with no code on the server.
// Every other request goes to the network untouched.

/**
 * The little of the worker's scope this file uses (the project's TypeScript has the DOM's types,
 * not the worker's).
 * @typedef {{ id: string, focused?: boolean, visibilityState?: string, postMessage(message: unknown, transfer?: Transferable[]): void }} Client
 * @typedef {{ request: Request, clientId: string, resultingClientId: string, respondWith(answer: Promise<Response>): void }} FetchEvent
 * @typedef {{ data: unknown, source: Client | null, waitUntil(done: Promise<unknown>): void }} MessageEvent_
 * @typedef {{
 *   registration: { scope: string },
 *   clients: { claim(): Promise<void>, matchAll(options: { type: 'window', includeUncontrolled: boolean }): Promise<Client[]> },
 *   skipWaiting(): Promise<void>,
 *   addEventListener(type: string, listener: (event: any) => void): void,
 * }} WorkerScope
 */
const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self))

/** The paths the page answers, under the scope (the folder Storybook is served from). */
const PATHS = ['ibv-sandbox', 'api/ibv']
/** How long a page may take to start its answer (an event stream starts at once), in ms. */
const HEAD_TIMEOUT_MS = 60_000
/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304])
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** Pages that run a sandbox: client id → when it first said so. */
const holders = /** @type {Map<string, number>} */ (new Map())
/** Frames whose document this worker served (the widget, a report): client id → the page that answered. */
const servedBy = new Map()
/** Requests waiting for a page to say it holds a sandbox (after the browser restarted this worker). */
let waiting = /** @type {Array<() => void>} */ ([])

worker.addEventListener(
  'install',
  (/** @type {{ addRoutes?(rules: unknown[]): Promise<void> }} */ event) => {
    void worker.skipWaiting()
    // Where the browser has static routes (Chromium), every other request of the pages in scope (all
    // of Storybook's own files) goes to the network without waking this worker at all.
    if (!event.addRoutes) return
    const scope = new URL(worker.registration.scope).pathname
    const answered = PATHS.map((path) => ({
      urlPattern: new URLPattern({ pathname: `${scope}${path}{/*}?` }),
    }))
    event
      .addRoutes([{ condition: { not: { or: answered } }, source: 'network' }])
      .catch(() => undefined)
  },
)
worker.addEventListener(
  'activate',
  (/** @type {{ waitUntil(done: Promise<unknown>): void }} */ event) =>
    event.waitUntil(worker.clients.claim()),
)

worker.addEventListener('message', (/** @type {MessageEvent_} */ event) => {
  const type = /** @type {{ type?: string } | null} */ (event.data)?.type
  if (!event.source) return
  if (type === 'ibv-sandbox:hold') {
    if (!holders.has(event.source.id)) holders.set(event.source.id, Date.now())
    for (const resolve of waiting) resolve()
    waiting = []
  } else if (type === 'ibv-sandbox:claim') {
    // A page loaded without this worker (a hard reload) asks to be controlled again.
    event.waitUntil(worker.clients.claim())
  }
})

worker.addEventListener('fetch', (/** @type {FetchEvent} */ event) => {
  if (ours(event.request.url)) event.respondWith(relay(event))
})

/** Whether `url` is one of `PATHS` under the scope, or below one. @param {string} url */
function ours(url) {
  const { scope } = worker.registration
  if (!url.startsWith(scope)) return false
  const path = url.slice(scope.length)
  return PATHS.some(
    (prefix) => path.startsWith(prefix) && /^([/?#]|$)/.test(path.slice(prefix.length)),
  )
}

/** @param {FetchEvent} event */
async function relay(event) {
  const page = await holderFor(event)
  if (!page) {
    const message =
      'No Storybook page runs the sandbox: open Storybook (or reload it) in this browser.'
    return Response.json({ message }, { status: 503 })
  }
  if (event.resultingClientId) servedBy.set(event.resultingClientId, page.id)
  const { request } = event
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer()
  const channel = new MessageChannel()
  page.postMessage(
    {
      type: 'ibv-sandbox:request',
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      body,
    },
    [channel.port2],
  )
  return new Promise((resolve) => {
    /** @type {ReadableStreamDefaultController<Uint8Array> | undefined} */
    let stream
    // A page closed while it answered never says so.
    const late = setTimeout(() => {
      resolve(
        Response.json(
          { message: 'The Storybook page that runs the sandbox did not answer.' },
          { status: 504 },
        ),
      )
      channel.port1.close()
    }, HEAD_TIMEOUT_MS)
    channel.port1.onmessage = ({ data }) => {
      clearTimeout(late)
      if (data.type === 'head') {
        const location = data.headers.find(
          (/** @type {[string, string]} */ [name]) => name === 'location',
        )?.[1]
        // A redirect of a navigation (the OAuth bank's steps) must be a real one, with an absolute URL.
        if (REDIRECTS.has(data.status) && location)
          return resolve(Response.redirect(new URL(location, request.url).href, data.status))
        const hasBody = !NO_BODY.has(data.status) && request.method !== 'HEAD'
        const bodyStream = hasBody
          ? new ReadableStream({
              start: (controller) => void (stream = controller),
              cancel: () => channel.port1.postMessage({ type: 'cancel' }),
            })
          : null
        resolve(
          new Response(bodyStream, {
            status: data.status,
            statusText: data.statusText,
            headers: data.headers,
          }),
        )
      } else if (data.type === 'chunk') stream?.enqueue(data.chunk)
      else if (data.type === 'end') {
        stream?.close()
        channel.port1.close()
      } else if (data.type === 'error') {
        if (stream) stream.error(new Error(data.message))
        else
          resolve(
            Response.json(
              { message: `The in-browser sandbox failed: ${data.message}` },
              { status: 500 },
            ),
          )
        channel.port1.close()
      }
    }
  })
}

/**
 * The page whose sandbox answers this request: the page itself; else the page that served the
 * frame asking (the widget's own assets); else, for a new document (a frame, a window, a form
 * post), the page holding a sandbox that is focused (typing in the widget focuses the page around
 * it), else visible, else the newest. A worker the browser stopped and started again knows no
 * page: it asks them all, and waits a moment for one to answer.
 * @param {FetchEvent} event
 */
async function holderFor(event) {
  for (let asked = false; ; asked = true) {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const alive = new Map(windows.map((client) => [client.id, client]))
    for (const id of holders.keys()) if (!alive.has(id)) holders.delete(id)
    for (const id of servedBy.keys()) if (!alive.has(id)) servedBy.delete(id)
    for (const id of [event.clientId, servedBy.get(event.clientId)])
      if (id && holders.has(id)) return alive.get(id)
    const rank = (/** @type {Client} */ client) =>
      (client.focused ? 2 : 0) + (client.visibilityState === 'visible' ? 1 : 0)
    const pages = [...holders.keys()].map((id) => /** @type {Client} */ (alive.get(id)))
    const best = pages.sort(
      (a, b) => rank(b) - rank(a) || (holders.get(b.id) ?? 0) - (holders.get(a.id) ?? 0),
    )[0]
    if (best || asked) return best
    await new Promise((resolve) => {
      waiting.push(() => resolve(undefined))
      setTimeout(resolve, 3000)
      for (const client of windows) client.postMessage({ type: 'ibv-sandbox:who' })
    })
  }
}
