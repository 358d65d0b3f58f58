'use client'
export { IbvProvider } from './IbvProvider.js'
export type { IbvProviderProps } from './IbvProvider.js'
export type { IbvAudience } from './context.js'
export { createBackendFetchers } from '../core/fetchers.js'
export type {
  IbvFetchers,
  TokenRequest,
  ReportAnswer,
  BackendFetchersOptions,
  InviteResponse,
} from '../core/fetchers.js'
export { EmbeddedReport } from './EmbeddedReport.js'
export type { EmbeddedReportProps } from './embedded-report-props.js'
export type { EmbeddedReportState } from '../core/embed-frames.js'
export { ReportStatusBadge } from './ReportStatusBadge.js'
export type { ReportStatusBadgeProps } from './ReportStatusBadge.js'
export { ReconnectPrompt } from './ReconnectPrompt.js'
export type { ReconnectPromptProps, ReconnectSource } from './ReconnectPrompt.js'
export { defaultMessages } from './default-messages.js'
export type { IbvMessages, IbvMessageOverrides, ReconnectReason } from '../core/messages.js'
export { ConnectButton } from './ConnectButton.js'
export type { ConnectButtonProps } from './ConnectButton.js'
export { useConnectWidget } from './useConnectWidget.js'
export type {
  UseConnectWidgetOptions,
  ConnectWidgetSubject,
  ConnectWidgetCallbacks,
  ConnectSuccess,
  ConnectWidgetState,
} from './useConnectWidget.js'
export type { ConnectInstitution, ConnectExitError, ConnectExitMetadata } from '../core/index.js'
export { RefreshReportButton } from './RefreshReportButton.js'
export type { RefreshReportButtonProps } from './RefreshReportButton.js'
export { useRefreshReport } from './useRefreshReport.js'
export type { UseRefreshReportOptions } from './useRefreshReport.js'
export { useIbvReport } from './useIbvReport.js'
export { useReportWhileRefreshing } from './useReportWhileRefreshing.js'
export type {
  UseReportWhileRefreshingOptions,
  ReportWhileRefreshing,
  ReportRefreshState,
} from './useReportWhileRefreshing.js'
export type { UseIbvReportOptions, UseIbvReportResult } from './useIbvReport.js'
export { ReportView } from './ReportView.js'
export type { ReportViewProps } from './ReportView.js'
export { useIbvEvents } from './useIbvEvents.js'
export type { UseIbvEventsOptions, LiveEvent } from './useIbvEvents.js'
export { IbvEvents } from './IbvEvents.js'
export { InviteBorrowerButton } from './InviteBorrowerButton.js'
export type { InviteBorrowerButtonProps, InviteBorrowerState } from './InviteBorrowerButton.js'
