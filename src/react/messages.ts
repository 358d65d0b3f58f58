'use client'
// Every text the components show, in English by default. Override any of them, per component
// (`messages` prop) or for the whole app (`<IbvProvider messages>`), for i18n.

export interface IbvMessages {
  /** Badge labels by status; unknown statuses use `unknownStatus`. */
  statusLabels: Partial<Record<string, string>>
  unknownStatus: string
  reportTitle: string
  reportLoading: string
  reportError: string
  tryAgain: string
  /** Reconnect prompt titles and bodies by reason; `{institution}` is replaced. */
  reconnectTitle: Record<ReconnectReason, string>
  reconnectBody: Record<ReconnectReason, string>
  reconnectAction: string
  /** What `{institution}` becomes when the institution is not known. */
  yourBank: string
  connectBank: string
  connectTitle: string
  connectFrameTitle: string
  close: string
  connectError: string
  refreshReport: string
  refreshSubmitted: string
  /** `{time}` is replaced by when a refresh becomes possible, when that is known. */
  refreshNotReadyAt: string
  refreshConsumerNotFound: string
  refreshFailed: string
  refreshUnknown: string
  refreshError: string
  reportLoadingData: string
  reportPending: string
  reportFinal: string
  reportNoAccounts: string
  /** What a screen reader hears for masked personal data. */
  hiddenPersonalData: string
  features: string
  /** Field labels of <ReportView>. */
  fields: Record<'consumer' | 'referenceDate' | 'created' | 'report' | 'accountNumber' | 'routingNumber' | 'owner', string>
}

export type ReconnectReason = 'reconnect_required' | 'invalid_connection' | 'data_pull_failed' | 'refresh_not_ready'

export const defaultMessages: IbvMessages = {
  statusLabels: {},
  unknownStatus: 'Unknown status',
  reportTitle: 'Income and bank verification report',
  reportLoading: 'Loading the report…',
  reportError: 'The report could not be loaded.',
  tryAgain: 'Try again',
  reconnectTitle: {
    reconnect_required: 'Reconnect your bank',
    invalid_connection: 'The bank connection stopped working',
    data_pull_failed: 'We could not get your bank data',
    refresh_not_ready: 'The report was refreshed recently',
  },
  reconnectBody: {
    reconnect_required: 'The connection to {institution} needs attention: the sign-in failed or a verification step was not finished. Reconnect to continue.',
    invalid_connection: 'The connection to {institution} is no longer valid. Reconnect it so the report can be refreshed.',
    data_pull_failed: 'Data could not be pulled from {institution}. Reconnect it to try again.',
    refresh_not_ready: 'A report can be refreshed once every 24 hours. Wait, or reconnect {institution} now.',
  },
  reconnectAction: 'Reconnect {institution}',
  yourBank: 'your bank',
  connectBank: 'Connect bank',
  connectTitle: 'Connect your bank',
  connectFrameTitle: 'Bank connection',
  close: 'Close',
  connectError: 'The bank connection could not be started. Try again.',
  refreshReport: 'Refresh report',
  refreshSubmitted: 'Refresh started. The new report appears here when it is ready.',
  refreshNotReadyAt: 'The next refresh is possible after {time}.',
  refreshConsumerNotFound: 'The IBV service does not know this consumer, so there is nothing to refresh.',
  refreshFailed: 'The refresh could not be started. Try again later.',
  refreshUnknown: 'The refresh did not work: {message}',
  refreshError: 'The refresh could not be sent. Check the connection and try again.',
  reportLoadingData: 'Loading the report…',
  reportPending: 'The report is being prepared. This page updates by itself.',
  reportFinal: 'No report will be produced for this request.',
  reportNoAccounts: 'No accounts are connected.',
  hiddenPersonalData: 'hidden',
  features: 'Features',
  fields: {
    consumer: 'Consumer',
    referenceDate: 'Reference date',
    created: 'Created',
    report: 'Report',
    accountNumber: 'Account number',
    routingNumber: 'Routing number',
    owner: 'Owner',
  },
}

/** The defaults with the provider's and then the component's overrides on top. */
export function mergeMessages(...layers: Array<Partial<IbvMessages> | undefined>): IbvMessages {
  let merged = defaultMessages
  for (const layer of layers) {
    if (!layer) continue
    merged = {
      ...merged,
      ...layer,
      statusLabels: { ...merged.statusLabels, ...layer.statusLabels },
      reconnectTitle: { ...merged.reconnectTitle, ...layer.reconnectTitle },
      reconnectBody: { ...merged.reconnectBody, ...layer.reconnectBody },
      fields: { ...merged.fields, ...layer.fields },
    }
  }
  return merged
}
