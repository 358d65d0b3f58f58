export { createIbvClient } from './client.js'
export type {
  IbvCallOptions,
  IbvClient,
  IbvClientOptions,
  IssuedToken,
  ReportResult,
} from './client.js'
export type { RetryOptions } from './retry.js'
export { createIbvBackend } from './backend.js'
export type { IbvBackend, IbvBackendOptions } from './backend-options.js'
export type { AuthorizeContext } from './authorize.js'
export { prefetchReport } from './prefetch-report.js'
export type { PrefetchReportOptions } from './prefetch.js'
export type {
  NormalizedTokenResponse,
  PrefetchedReport,
  PrefetchedToken,
  TokenResponse,
} from '../core/index.js'
export { EventRelay } from './relay.js'
export type {
  RelayedEvent,
  EventRelayOptions,
  IbvRelay,
  PublishOptions,
  SinceLimits,
} from './relay.js'
export { createMemoryTokenCache } from './token-cache.js'
export type { TokenCache, CachedToken, MemoryTokenCacheOptions } from './token-cache.js'
export { createMemoryReportCache } from './report-cache.js'
export type {
  ReportCache,
  ReportCacheOptions,
  MemoryReportCacheOptions,
  SharedReportRead,
} from './report-cache.js'
export { createMemoryWebhookStore } from './webhook-store.js'
export type { WebhookStore, WebhookClaim, MemoryWebhookStoreOptions } from './webhook-store.js'
export { hmacVerifier, headerSecretVerifier, basicAuthVerifier } from './verify.js'
export type { HeaderVerifier, HmacVerifierOptions } from './verify.js'
export { standardWebhooksVerifier } from './standard-webhooks.js'
export type { StandardWebhooksVerifierOptions } from './standard-webhooks.js'
export type { WebhookVerifier } from './webhook-route.js'
export { webhookKey } from './webhook-key.js'
export { toNodeHandler } from './node-adapter.js'
export { parseWebhook } from '../core/index.js'
export type { WebhookEvent } from '../core/index.js'
export type { IbvInviteOptions } from './invites.js'
export { createMemoryInviteStore } from './invite-store.js'
export type { InviteStore, SentInvite, InviteChange } from './invite-store.js'
