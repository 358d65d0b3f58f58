import { standardWebhooksKey } from '../core/standard-webhooks.js'
import { createRealClock, type SandboxClock } from './clock.js'
import type { RefreshErrorStatuses, SandboxContext, WidgetSession } from './context.js'
import { webhookRule } from './hosts.js'
import { sandboxApp } from './app.js'
import { DEFAULT_FRAME_ANCESTORS, pageHeaders } from './http.js'
import { Scheduler } from './scheduler.js'
import { ServiceState, type PipelineTimings } from './service.js'
import { TokenStore } from './tokens.js'
import { webhookHeaderProblems } from './webhook-headers.js'
import { WebhookDispatcher, type WebhookRetryOptions } from './webhooks.js'

/** The API key the sandbox accepts unless told otherwise. */
export const SANDBOX_API_KEY = 'sandbox-api-key'

export interface SandboxOptions {
  /** The only `x-api-key` accepted. @default 'sandbox-api-key' */
  apiKey?: string
  /** Sandbox time. @default createRealClock() */
  clock?: SandboxClock
  /**
   * The public base URL in the links the sandbox returns (`ibv_report`, `ibv_connection_link`,
   * page assets). A function is asked each time. @default the origin of the last request + basePath
   */
  serviceUrl?: string | (() => string | undefined)
  /** Path prefix the sandbox is mounted under, such as `/ibv-sandbox`. @default '' */
  basePath?: string
  /** Where webhooks go (also `PUT /sandbox/webhook_url`); must pass `webhookHosts`. @default none */
  webhookUrl?: string
  /**
   * Headers added to every webhook delivery, such as a shared secret: to `webhookUrl`, and to a URL
   * set later without headers of its own (by the Vite plugin, or `PUT /sandbox/webhook_url`). A
   * `PUT` that gives `headers` sends those instead. Names are HTTP tokens, values one line of
   * visible characters; `connection`, `content-length`, `content-type`, `host`, `transfer-encoding`
   * and the other names HTTP itself sets are refused (createSandbox throws a TypeError).
   */
  webhookHeaders?: Record<string, string>
  /**
   * Signs every webhook delivery with Standard Webhooks (`webhook-id`, `webhook-timestamp`,
   * `webhook-signature`) under this secret, written `whsec_` then base64, as a backend using
   * `standardWebhooksVerifier` expects. The timestamp is the real time of the attempt, not sandbox
   * time. A secret in another form throws a TypeError (never quoting it). @default unsigned
   */
  webhookSecret?: string
  /**
   * Webhook hosts allowed besides loopback (`localhost`, 127.0.0.0/8, `[::1]`): names or IP
   * literals, `.example.com` for a domain and its subdomains, `'*'` for any; or a function of the
   * URL's `hostname` (lower case, IPv6 in brackets). Whoever can call the control routes picks the URL and headers, so this keeps
   * the sandbox from being a way into the network. Checked when the URL is set (a 400) and at
   * every delivery; redirects are never followed.
   * @default [] (loopback only); ['*'] when `fetch` is given, since that fetch decides where a delivery goes
   */
  webhookHosts?: readonly string[] | ((hostname: string) => boolean)
  webhookRetry?: WebhookRetryOptions
  /** The fetch that delivers webhooks. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Pipeline durations. @default { acquireSeconds: 3, generateSeconds: 3 } */
  timings?: PipelineTimings
  /** `client_id` in reports. @default 'sandbox-client' */
  clientId?: string
  /**
   * Seed of generated product request ids and reconnect link ids: the same seed gives the same
   * ids, so links become guessable by anyone who knows it. Without one, link ids are secrets
   * from the platform's CSPRNG. @default random
   */
  seed?: number
  /**
   * Who may frame the widget and report pages: CSP `frame-ancestors` sources, such as
   * `https://lender.example`. Replaces the default. (`X-Frame-Options` cannot name a list.)
   * @default ["'self'", 'http://localhost:*', 'http://127.0.0.1:*']
   */
  frameAncestors?: readonly string[]
  /** Token lifetimes in seconds. @default { consumer: 3600, embedded: 1800 } */
  tokenLifetimes?: { consumer?: number; embedded?: number }
  /** `expires_in` as the service API shows it (a number) or as it documents it (a string). @default 'number' */
  expiresInFormat?: 'number' | 'string'
  /** HTTP statuses of the refresh error cases, which the service API does not give. */
  refreshErrorStatus?: Partial<RefreshErrorStatuses>
}

export interface Sandbox {
  /** The service as a Web-standard handler. */
  fetch(request: Request): Promise<Response>
  readonly clock: SandboxClock
  readonly apiKey: string
  /** Moves time forward, running due transitions and webhook deliveries, and waits for them. */
  advance(seconds: number): Promise<void>
  /** Resolves when no webhook delivery is in flight. */
  settle(): Promise<void>
  /**
   * Back to empty: no consumers, requests, tokens, sessions or delivery records. Configuration
   * stays: where webhooks go and their headers (as last set), the clock, the options.
   */
  reset(): void
  /** Stops the timers (real clock); the sandbox still answers, but nothing moves by itself. */
  close(): void
}

/**
 * The Bank-Connection Report Service, simulated in memory: every endpoint, state, error and limit
 * of the service API, the hosted widget and report pages, webhooks with retries, and control routes.
 *
 * @example
 * const sandbox = createSandbox({ clock: createManualClock() })
 * const response = await sandbox.fetch(new Request('http://sandbox.test/api/v1/auth/tokens', init))
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const apiKey = options.apiKey ?? SANDBOX_API_KEY
  const clock = options.clock ?? createRealClock()
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  const scheduler = new Scheduler(clock)
  const webhookAllowed = webhookRule(options.webhookHosts ?? (options.fetch ? ['*'] : []))
  const signingKey =
    options.webhookSecret === undefined
      ? undefined
      : standardWebhooksKey('createSandbox: webhookSecret', options.webhookSecret)
  const webhooks = new WebhookDispatcher(
    scheduler,
    clock,
    options.fetch ?? ((...args) => fetch(...args)),
    webhookAllowed,
    options.webhookRetry,
    signingKey,
  )
  let lastBase = `http://127.0.0.1${basePath}`
  const configured = options.serviceUrl
  const base = () =>
    ((typeof configured === 'function' ? configured() : configured) ?? lastBase).replace(/\/+$/, '')
  const headerProblems = options.webhookHeaders ? webhookHeaderProblems(options.webhookHeaders) : []
  if (headerProblems.length > 0)
    throw new TypeError(
      `createSandbox: webhookHeaders cannot be sent: ${headerProblems.join('; ')}`,
    )
  const webhookHeaders = options.webhookHeaders ? { ...options.webhookHeaders } : undefined

  const ctx: SandboxContext = {
    apiKey,
    clientId: options.clientId ?? 'sandbox-client',
    basePath,
    clock,
    scheduler,
    webhooks,
    tokens: new TokenStore(clock),
    sessions: new Map<string, WidgetSession>(),
    oauthStates: new Map(),
    state: new ServiceState({
      clock,
      scheduler,
      webhooks,
      timings: { acquireSeconds: 3, generateSeconds: 3, ...options.timings },
      base,
      webhookTarget: () => ctx.webhookTarget,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 32),
      seeded: options.seed !== undefined,
    }),
    lifetimes: {
      consumer: options.tokenLifetimes?.consumer ?? 3600,
      embedded: options.tokenLifetimes?.embedded ?? 1800,
    },
    expiresInFormat: options.expiresInFormat ?? 'number',
    refreshStatus: {
      invalid_connection: 409,
      data_pull_failed: 422,
      consumer_not_found: 404,
      refresh_not_ready: 429,
      refresh_failed: 500,
      ...options.refreshErrorStatus,
    },
    webhookTarget: options.webhookUrl
      ? { url: options.webhookUrl, headers: webhookHeaders }
      : undefined,
    webhookHeaders,
    webhookAllowed,
    pageHeaders: pageHeaders(options.frameAncestors ?? DEFAULT_FRAME_ANCESTORS),
    base,
  }

  const reset = () => {
    scheduler.clear()
    ctx.state.reset()
    ctx.tokens.clear()
    ctx.sessions.clear()
    ctx.oauthStates.clear()
    webhooks.clear()
    // ctx.webhookTarget stays: it is configuration (the Vite plugin sets it once, when its server
    // listens), not data; a reset that forgot it would silently stop every webhook.
  }

  const app = sandboxApp(ctx, (origin) => (lastBase = origin + basePath), reset)

  return {
    fetch: async (request) => app.fetch(request),
    clock,
    apiKey,
    advance: (seconds) => scheduler.advanceBy(seconds * 1000),
    settle: () => scheduler.settle(),
    reset,
    close: () => scheduler.clear(),
  }
}
