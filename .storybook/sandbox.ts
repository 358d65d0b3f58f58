// The stories' sandbox and backend run in the Storybook page itself, the same under `npm run
// storybook`, in `npm run build-storybook`'s output on any static server, and in the test runner.
// A service worker (static/ibv-sandbox-worker.js) hands this page every request for them, from the
// page, from the frames it opens (the widget, the hosted report) and from the OAuth bank's window;
// the page answers with createStorybookServices (backend.ts) and streams the answer back.
import { STORY_BASE } from '../stories/story-urls.ts'
import { createStorybookServices, type StorybookServicesOptions } from './backend.ts'

/** A request as the worker sends it. */
interface RelayedRequest {
  type: 'ibv-sandbox:request'
  url: string
  method: string
  headers: Array<[string, string]>
  body: ArrayBuffer | null
}

/** How long the worker may take to control the page. */
const CONTROL_TIMEOUT_MS = 10_000
/** How often the page tells the worker it holds the sandbox (which also keeps the worker running). */
const HOLD_EVERY_MS = 10_000

let options: StorybookServicesOptions = {}
let started: Promise<void> | undefined
let problem: string | undefined

// A second copy of this module in one page is an edit to it or to backend.ts, brought in by the dev
// server: the first copy's sandbox answers every request, and its code is the old one. Reloading
// Storybook's page starts the new one.
const loaded = globalThis as { ibvStorySandboxLoaded?: boolean }
if (loaded.ibvStorySandboxLoaded) window.location.reload()
loaded.ibvStorySandboxLoaded = true

/** Options of the sandbox, before it starts (the test project's seed and clock, test/storybook/visual.ts). */
export function configureStorySandbox(next: StorybookServicesOptions): void {
  if (started) throw new Error('configureStorySandbox: the sandbox has started already.')
  options = next
}

/**
 * Starts the sandbox and its worker once (Storybook's `beforeAll`). It never rejects: a story that
 * needs the sandbox says why it could not start (`storySandboxProblem`); the others still render.
 */
export function startStorySandbox(): Promise<void> {
  started ??= start().catch((error: unknown) => {
    problem = error instanceof Error ? error.message : String(error)
    console.error(`Storybook's sandbox could not start: ${problem}`)
  })
  return started
}

/** Why the sandbox could not start, or undefined. */
export function storySandboxProblem(): string | undefined {
  return problem
}

async function start(): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!container)
    throw new Error(
      'this browser gives the page no service worker (a private window, or a page not served from https: or localhost).',
    )
  const services = createStorybookServices(options)
  const hold = () => container.controller?.postMessage({ type: 'ibv-sandbox:hold' })
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string } | null
    if (data?.type === 'ibv-sandbox:who') hold()
    else if (data?.type === 'ibv-sandbox:request' && event.ports[0])
      void answer(data as RelayedRequest, event.ports[0], services.fetch)
  })
  container.startMessages()
  const registration = await container.register(new URL('ibv-sandbox-worker.js', STORY_BASE), {
    scope: STORY_BASE,
  })
  await container.ready
  if (!container.controller) {
    // First visit: the worker claims the page when it activates. A page loaded past it (a hard
    // reload) asks to be claimed.
    const controlled = new Promise((resolve) =>
      container.addEventListener('controllerchange', resolve, { once: true }),
    )
    registration.active?.postMessage({ type: 'ibv-sandbox:claim' })
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise(
      (_, reject) =>
        (timer = setTimeout(
          () =>
            reject(
              new Error(
                `its service worker did not take the page in ${CONTROL_TIMEOUT_MS / 1000} s.`,
              ),
            ),
          CONTROL_TIMEOUT_MS,
        )),
    )
    await Promise.race([controlled, late]).finally(() => clearTimeout(timer))
  }
  hold()
  setInterval(hold, HOLD_EVERY_MS)
}

/** Answers one relayed request on `port`: the head, then the body as it comes (an event stream never ends). */
async function answer(
  message: RelayedRequest,
  port: MessagePort,
  handle: (request: Request) => Promise<Response>,
): Promise<void> {
  const abort = new AbortController()
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  port.onmessage = ({ data }: MessageEvent<{ type?: string }>) => {
    if (data.type !== 'cancel') return
    abort.abort()
    void reader?.cancel().catch(() => undefined)
  }
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: message.body,
      signal: abort.signal,
    })
    const response = await handle(request)
    port.postMessage({
      type: 'head',
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    })
    reader = response.body?.getReader()
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
      port.postMessage({ type: 'chunk', chunk: read.value })
    port.postMessage({ type: 'end' })
  } catch (error) {
    if (!abort.signal.aborted)
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      })
  } finally {
    port.close()
  }
}
