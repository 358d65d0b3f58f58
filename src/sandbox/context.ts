import type { SandboxClock } from './clock.js'
import type { Scheduler } from './scheduler.js'
import type { ConnectOutcome, ServiceState } from './service.js'
import type { TokenStore } from './tokens.js'
import type { WebhookDispatcher, WebhookTarget } from './webhooks.js'
import type { SandboxLocale } from './pages/texts/index.js'

/** HTTP statuses of the refresh error cases (the service API gives none; see docs/service-api.md, "Refresh"). */
export interface RefreshErrorStatuses {
  invalid_connection: number
  data_pull_failed: number
  consumer_not_found: number
  refresh_not_ready: number
  refresh_failed: number
}

/** A connect-widget visit, from opening to success or exit. */
export interface WidgetSession {
  id: string
  consumerId: string
  /** Where messages go; absent for a reconnect link opened on its own. */
  origin: string | undefined
  /** `ended`: the consumer left (no bank found); the session only answers that it is over. */
  step: 'credentials' | 'mfa' | 'done' | 'ended'
  /** The language its pages speak, chosen when it opened. */
  locale: SandboxLocale
  productRequestId?: string
  institution?: string
  expiresAt: number
  /** The lender's page an OAuth bank returns to (the widget's `redirect_uri`): redirect mode. */
  redirectUri?: string
  /** The OAuth state of the latest visit to the bank, if any. */
  oauthState?: string
}

/** What the consumer chose at the bank: Allow with a test outcome, or Deny. */
export type BankDecision =
  | { allowed: true; outcome: Extract<ConnectOutcome, 'complete' | 'ibv_data_acquire_failed'> }
  | { allowed: false }

export interface OAuthState {
  id: string
  sessionId: string
  consumerId: string
  origin: string | undefined
  institutionId: string
  /** `popup`: the bank's page in a window of its own; `redirect`: the whole page goes there and back. */
  mode: 'popup' | 'redirect'
  decision?: BankDecision
  /** Taken back by the widget, or cancelled (its window closed, or a newer visit began). */
  over: boolean
  expiresAt: number
}

/** Everything the route groups share: one per sandbox. */
export interface SandboxContext {
  apiKey: string
  clientId: string
  basePath: string
  clock: SandboxClock
  scheduler: Scheduler
  state: ServiceState
  tokens: TokenStore
  webhooks: WebhookDispatcher
  sessions: Map<string, WidgetSession>
  /** Visits to an OAuth bank, by their state. */
  oauthStates: Map<string, OAuthState>
  lifetimes: { consumer: number; embedded: number }
  expiresInFormat: 'number' | 'string'
  refreshStatus: RefreshErrorStatuses
  /** Where webhooks go now (`PUT /sandbox/webhook_url` changes it). */
  webhookTarget: WebhookTarget | undefined
  /** The `webhookHeaders` option: sent to a URL set without headers of its own. */
  webhookHeaders: Record<string, string> | undefined
  /** Whether webhooks may go to this URL (the `webhookHosts` option). */
  webhookAllowed(url: string): boolean
  /** Headers of every HTML page, with the `frame-ancestors` the sandbox was given. */
  pageHeaders: Record<string, string>
  /** The public base URL of the service: the `serviceUrl` option, or what the last request showed. */
  base(): string
}
