export {
  IbvError,
  isRetryable,
  codeForStatus,
  errorFromResponse,
  readFieldErrors,
} from './errors.js'
export { parseJsonObjectBody } from './json-body.js'
export { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js'
export type { IbvErrorCode, IbvErrorOptions, IbvErrorSource, FieldErrors } from './errors.js'

export { REPORT_STATUSES, describeStatus, isReportStatus } from './statuses.js'
export type { ReportStatus, StatusTone, StatusDescription } from './statuses.js'
export type { IbvLocale, IbvLocaleFormats, IbvLocaleMessages, IbvStatusTexts } from './locale.js'
export { checkLocale } from './check-locale.js'

export {
  tokenResponseSchema,
  tokenErrorSchema,
  ibvItemSchema,
  ibvAccountSchema,
  ibvReportSchema,
  pendingReportSchema,
  refreshResponseSchema,
  webhookPayloadSchema,
  parseWith,
} from './schemas.js'
export type {
  TokenResponse,
  TokenErrorBody,
  IbvItem,
  IbvAccount,
  IbvReport,
  PendingReport,
  RefreshResponse,
  WebhookPayload,
} from './schemas.js'

export {
  DEFAULT_RENEW_LEAD_SECONDS,
  MIN_EXPIRES_IN_SECONDS,
  MAX_EXPIRES_IN_SECONDS,
  parseExpiresIn,
  tokenLifetime,
  lifetimeFrom,
  parseTokenResponse,
} from './token-lifetime.js'
export type {
  TokenLifetime,
  TokenLifetimeOptions,
  NormalizedTokenResponse,
} from './token-lifetime.js'

export type { PrefetchedReport, PrefetchedToken } from './prefetched.js'

export { classifyRefresh, institutionIn } from './refresh-outcome.js'
export type { RefreshOutcome, RefreshOutcomeKind, RefreshLinks } from './refresh-outcome.js'

export { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_LIMITS, parseWebhook } from './webhook.js'
export type { WebhookEvent, WebhookEventName } from './webhook.js'
export { LIVE_STREAM_EVENTS } from './live-events.js'
export type { InviteUsedEvent, LiveStreamEvent, LiveStreamEventName } from './live-events.js'
export type { InviteState, InviteStatus } from './invite-status.js'

export {
  joinServiceUrl,
  encodePathSegment,
  tokensUrl,
  refreshUrl,
  reportUrl,
  embeddedReportUrl,
  connectWidgetUrl,
  isFrameUrl,
} from './urls.js'
export type { ConnectWidgetUrlOptions, HostedPageOptions, ReportApiVersion } from './urls.js'

export { assertServiceOrigin, checkAllowedServiceOrigins } from './service-origins.js'
export type { ServiceOriginPolicy } from './service-origins.js'

export { REFRESH_INTERVAL_MS, serviceTime } from './service-time.js'
export { reportInstitution } from './report-institution.js'

export {
  MAX_FRAME_HEIGHT,
  DEFAULT_READY_TIMEOUT_MS,
  isFrameMessage,
  decodeReportMessage,
  decodeWidgetMessage,
} from './frame-protocol.js'
export type {
  ConnectInstitution,
  ConnectExitError,
  ConnectExitMetadata,
  WidgetPageMessage,
  ReportPageMessage,
  EmbedderMessage,
  WidgetMessage,
  ReportMessage,
} from './frame-protocol.js'

export type {
  ConnectSuccess,
  ConnectWidgetSubject,
  ConnectWidgetCallbacks,
  ConnectWidgetState,
} from './connect-widget.js'
export { createConnectScope, createConnectSession } from './connect-session.js'
export type {
  ConnectScope,
  ConnectSession,
  ConnectSessionOptions,
  ConnectSessionSnapshot,
  ConnectFrame,
} from './connect-session.js'
export { reportEventEffect } from './report-events.js'
export type { ReportEventEffect } from './report-events.js'
export type { ReportAnswer } from './fetchers.js'
export { listenToPage } from './page-events.js'
export type { PageListener } from './page-events.js'
export { heldToken } from './held-token.js'
export type { HeldToken } from './held-token.js'
export { BACKEND_ROUTES, BACKEND_ROUTE_NAMES, backendRouteUrl } from './routes.js'
export type { BackendRoute, BackendRouteCaller, BackendRouteName } from './routes.js'
