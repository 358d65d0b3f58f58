'use client'
// The browser entry (`ibv-kit`): React components and hooks, the provider, the default fetchers,
// and the core values and types a browser app needs. It never imports server/ or sandbox/ code.
export {
  IbvProvider,
  createBackendFetchers,
  EmbeddedReport,
  ReportStatusBadge,
  ReconnectPrompt,
  defaultMessages,
} from './react/index.js'
export type {
  IbvProviderProps,
  IbvFetchers,
  TokenRequest,
  ReportAnswer,
  BackendFetchersOptions,
  EmbeddedReportProps,
  EmbeddedReportState,
  ReportStatusBadgeProps,
  ReconnectPromptProps,
  ReconnectSource,
  IbvMessages,
  ReconnectReason,
} from './react/index.js'
export { IbvError, isRetryable, REPORT_STATUSES, describeStatus, isReportStatus } from './core/index.js'
export type {
  IbvErrorCode,
  FieldErrors,
  ReportStatus,
  StatusTone,
  StatusDescription,
  TokenResponse,
  IbvItem,
  IbvAccount,
  IbvReport,
  PendingReport,
  RefreshResponse,
  WebhookPayload,
  RefreshOutcome,
  RefreshOutcomeKind,
  WebhookEvent,
  TokenLifetime,
} from './core/index.js'
