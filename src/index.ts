// The browser entry (`ibv-kit`). React components and hooks join it with the React issues; until
// then it carries the core values and types a browser app needs. It never imports server/ or
// sandbox/ code.
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
