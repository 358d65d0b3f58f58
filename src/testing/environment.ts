import type { WebhookEvent } from '../core/index.js'
import { createBackendFetchers, type IbvFetchers } from '../core/fetchers.js'
import {
  createManualClock,
  createSandbox,
  type Sandbox,
  type SandboxClock,
  type SandboxOptions,
} from '../sandbox/index.js'
import {
  createIbvBackend,
  createIbvClient,
  standardWebhooksVerifier,
  type IbvBackend,
  type IbvBackendOptions,
} from '../server/index.js'
import { inAct, nextImmediate, nextMacrotask } from './act.js'
import { connectWidget, type ConnectContext, type ConnectOptions } from './connect.js'
import { reportFrameSpeaker } from './report-frames.js'
import type { CancelledOutcome, ConnectOutcome } from './widget-flow.js'

export interface IbvTestEnvironmentOptions {
  /** The backend's `authorize`, as your app's: who may have what. @default everyone may have everything */
  authorize?: IbvBackendOptions['authorize']
  /**
   * The backend's `identify`, as your app's: the signed-in user's id, for the per-user stream cap.
   * @default every caller is one anonymous user (at most `maxStreamsPerClient`, 10, `/events` streams)
   */
  identify?: IbvBackendOptions['identify']
  /** Sandbox time. @default a manual clock (`createManualClock()`): it moves only by `advance` */
  clock?: SandboxClock
  /**
   * Your test runner's fake timers, moved by `advance` together with the sandbox clock, so the
   * app's polling and token renewal see the same time pass (`(ms) => vi.advanceTimersByTimeAsync(ms)`,
   * `(ms) => jest.advanceTimersByTimeAsync(ms)`). @default none: only the sandbox moves
   */
  advanceTimers?: (ms: number) => unknown
  /** Called with every webhook event the backend handled, as your `onWebhook` would be. */
  onWebhook?: (event: WebhookEvent) => void | Promise<void>
  /** Where the service pretends to be: the report iframe and the widget load from here. @default 'https://ibv-sandbox.test' */
  serviceUrl?: string
  /** Where your app runs (its backend routes are under it). @default `location.origin` in a DOM, else 'http://localhost' */
  appOrigin?: string
  /** Where the backend's routes live. @default '/api/ibv' */
  basePath?: string
  /** More sandbox options (timings, token lifetimes, seed). */
  sandbox?: Omit<
    SandboxOptions,
    'clock' | 'serviceUrl' | 'fetch' | 'webhookUrl' | 'webhookHeaders' | 'webhookSecret'
  >
}

export interface IbvTestEnvironment {
  /** Fetchers for `<IbvProvider>`: your backend's routes, answered in process by `backend`. */
  fetchers: Required<IbvFetchers>
  /** For `<IbvProvider serviceUrl>`. */
  serviceUrl: string
  /** Where your app runs; `backend` answers under `${appOrigin}${basePath}`. */
  appOrigin: string
  /** The service, in process. */
  sandbox: Sandbox
  /** The lender's backend (`createIbvBackend`) over the sandbox, with your `authorize`. */
  backend: IbvBackend
  /** Every webhook event the backend handled, in order. */
  webhooks: WebhookEvent[]
  /** Answers a request for your backend or the service; `undefined` for any other URL. */
  handle(request: Request): Promise<Response> | undefined
  /**
   * Moves sandbox time (and `advanceTimers`, if given) by `seconds`, runs what falls due (report
   * states, webhooks to the backend) and lets the app's requests and React updates settle.
   */
  advance(seconds: number): Promise<void>
  /**
   * Lets the app's pending requests and React updates run, without moving time. Report iframes
   * of this environment that appeared meanwhile speak as the sandbox's report page does once
   * loaded (`ibv:ready`), since nothing loads in an iframe without a browser.
   */
  settle(): Promise<void>
  /**
   * The consumer goes through the connect widget as `outcome` says (the sandbox's test
   * credentials, or a decision at the OAuth bank's page) and the promise resolves to the product
   * request id. If your app has the widget open (a `<ConnectButton>` dialog in the document), that
   * widget is the one completed and its messages reach your app as the real iframe's would (so
   * `onSuccess` runs); otherwise a new one is opened for `consumerId`. `wrong_password` leaves it
   * with Exit; the request waits in `reconnect_required`. `oauth_denied` and `oauth_closed` resolve
   * to `null`: no bank is connected, and the widget shows its bank list again.
   *
   * Redirect mode (your widget has a `redirectUri`, or `options.redirectUri` opens one): the bank
   * sends the browser to your redirect page; `options.onRedirect` renders it there, and the widget
   * it reopens is completed.
   *
   * @example
   * const id = await env.connect('LND-1') // user_good / pass_good at Platypus Bank
   * const viaBank = await env.connect('LND-1', 'oauth_complete') // Allow at Wombat Bank (OAuth)
   * expect(await env.connect('LND-1', 'oauth_denied')).toBeNull()
   * // Redirect mode: your redirect page reopens the widget after the bank.
   * await env.connect('LND-1', {
   *   outcome: 'oauth_complete',
   *   onRedirect: (url) => {
   *     cleanup() // the browser leaves the page that sent it to the bank
   *     renderWithIbv(<ConnectButton consumerId="LND-1" redirectUri={`${location.origin}/bank-return`} receivedRedirectUri={url} />, env)
   *   },
   * })
   */
  connect(
    consumerId: string,
    outcome?:
      | Exclude<ConnectOutcome, CancelledOutcome>
      | (ConnectOptions & { outcome?: Exclude<ConnectOutcome, CancelledOutcome> }),
  ): Promise<string>
  /** `oauth_denied` or `oauth_closed`: resolves to `null` once the widget shows its bank list again. */
  connect(
    consumerId: string,
    outcome: CancelledOutcome | (ConnectOptions & { outcome: CancelledOutcome }),
  ): Promise<null>
  /** An outcome known only at run time: the product request id, or `null` after `oauth_denied` or `oauth_closed`. */
  connect(consumerId: string, outcome?: ConnectOutcome | ConnectOptions): Promise<string | null>
  /** Stops the sandbox's timers. */
  close(): void
}

/**
 * The service and your backend in process, for unit and integration tests of your app (Vitest or
 * Jest, jsdom): the real sandbox, the real `createIbvBackend`, and fetchers that reach it without
 * a network. No API key, no port.
 *
 * @example
 * const env = createIbvTestEnvironment({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
 * renderWithIbv(<LoanPage consumerId="LND-1" />, env)
 * const id = await env.connect('LND-1')
 * await env.advance(6) // the report completes
 */
export function createIbvTestEnvironment(
  options: IbvTestEnvironmentOptions = {},
): IbvTestEnvironment {
  const serviceUrl = (options.serviceUrl ?? 'https://ibv-sandbox.test').replace(/\/+$/, '')
  const basePath = (options.basePath ?? '/api/ibv').replace(/\/+$/, '')
  const appOrigin =
    options.appOrigin ??
    (typeof location !== 'undefined' && location.origin !== 'null'
      ? location.origin
      : 'http://localhost')
  const webhooks: WebhookEvent[] = []
  // The first failure of your `onWebhook` (an assertion, say): the next settle, advance or connect rejects with it.
  let webhookFailure: { error: unknown } | undefined
  const rethrow = () => {
    const failed = webhookFailure
    webhookFailure = undefined
    if (failed) throw failed.error
  }
  // Deliveries are signed and verified as a production backend's should be (Standard Webhooks).
  const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`
  // Deliveries go straight to the backend, in process; it is made next, over this sandbox.
  const deliver = { to: undefined as IbvBackend | undefined }
  const sandbox = createSandbox({
    ...options.sandbox,
    clock: options.clock ?? createManualClock(),
    serviceUrl,
    // A service URL with a path (`${origin}/ibv-sandbox`, where the Vite plugin mounts it) is
    // where the sandbox's routes are.
    basePath: new URL(serviceUrl).pathname,
    webhookUrl: `${appOrigin}${basePath}/webhooks`,
    webhookSecret: secret,
    fetch: (input, init) =>
      deliver.to
        ? deliver.to.fetch(new Request(input, init))
        : Promise.reject(new Error('no backend yet')),
  })
  const apiKey = sandbox.apiKey
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey, serviceUrl, fetch: (request) => sandbox.fetch(request) }),
    authorize: options.authorize ?? (() => true),
    identify: options.identify ?? (() => undefined),
    verifyWebhook: standardWebhooksVerifier({ secret }),
    basePath,
    onWebhook: async (event) => {
      try {
        await options.onWebhook?.(event)
      } catch (error) {
        webhookFailure ??= { error }
        throw error
      }
      // Once handled: a delivery the backend answered 500 and the sandbox retried is not listed twice.
      webhooks.push(event)
    },
  })
  deliver.to = backend

  const handle = (request: Request) => {
    const url = new URL(request.url)
    if (url.href.startsWith(`${serviceUrl}/`)) return sandbox.fetch(request)
    if (
      url.origin === appOrigin &&
      (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
    )
      return backend.fetch(request)
    return undefined
  }
  const fetchers = createBackendFetchers(`${appOrigin}${basePath}`, {
    fetch: (input, init) =>
      backend.fetch(
        new Request(input instanceof Request ? input : new URL(String(input), appOrigin), init),
      ),
  })

  const announceReports = reportFrameSpeaker(sandbox, serviceUrl)

  const settle = async () => {
    await inAct(async () => {
      // In-process answers resolve on real macrotasks; React Query notifies on a 0 ms timer.
      for (let round = 0; round < 10; round++) {
        await nextImmediate()
        if (options.advanceTimers) await options.advanceTimers(1)
        else await nextMacrotask()
        await announceReports()
      }
    })
    rethrow()
  }

  const connectContext: ConnectContext = {
    sandbox,
    serviceUrl,
    appOrigin,
    settle,
    inAct: (work) => inAct(work),
  }

  return {
    fetchers,
    serviceUrl,
    appOrigin,
    sandbox,
    backend: backend,
    webhooks,
    handle,
    settle,
    async advance(seconds) {
      if (!(Number.isFinite(seconds) && seconds >= 0))
        throw new RangeError(`advance: seconds must be a finite number ≥ 0, not ${seconds}.`)
      await sandbox.advance(seconds)
      if (options.advanceTimers) await inAct(() => options.advanceTimers?.(seconds * 1000))
      await settle()
    },
    connect: ((consumerId: string, outcome?: ConnectOutcome | ConnectOptions) =>
      connectWidget(connectContext, consumerId, outcome)) as IbvTestEnvironment['connect'],
    close: () => sandbox.close(),
  }
}
