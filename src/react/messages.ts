'use client'
// Every text the components show, in English by default, one object per component so a bundle
// carries only the texts of the components it uses. Override any text for the whole app
// (`<IbvProvider messages>`) or one component (`messages` prop), for i18n.

export type ReconnectReason = 'reconnect_required' | 'invalid_connection' | 'data_pull_failed' | 'refresh_not_ready'

export const EMBEDDED_REPORT_TEXT = {
  reportTitle: 'Income and bank verification report',
  reportLoading: 'Loading the report…',
  reportError: 'The report could not be loaded.',
  tryAgain: 'Try again',
}

export const BADGE_TEXT = {
  /** Badge labels by status; unknown statuses use `unknownStatus`. */
  statusLabels: {} as Partial<Record<string, string>>,
  unknownStatus: 'Unknown status',
}

export const RECONNECT_TEXT = {
  /** Titles and bodies by reason; `{institution}` is replaced. */
  reconnectTitle: {
    reconnect_required: 'Reconnect your bank',
    invalid_connection: 'The bank connection stopped working',
    data_pull_failed: 'We could not get your bank data',
    refresh_not_ready: 'The report was refreshed recently',
  } as Record<ReconnectReason, string>,
  reconnectBody: {
    reconnect_required: 'The connection to {institution} needs attention: the sign-in failed or a verification step was not finished. Reconnect to continue.',
    invalid_connection: 'The connection to {institution} is no longer valid. Reconnect it so the report can be refreshed.',
    data_pull_failed: 'Data could not be pulled from {institution}. Reconnect it to try again.',
    refresh_not_ready: 'A report can be refreshed once every 24 hours. Wait, or reconnect {institution} now.',
  } as Record<ReconnectReason, string>,
  reconnectAction: 'Reconnect {institution}',
  /** What `{institution}` becomes when the institution is not known. */
  yourBank: 'your bank',
}

export const CONNECT_TEXT = {
  connectBank: 'Connect bank',
  connectTitle: 'Connect your bank',
  connectFrameTitle: 'Bank connection',
  close: 'Close',
  connectError: 'The bank connection could not be started. Try again.',
}

export const REFRESH_TEXT = {
  refreshReport: 'Refresh report',
  refreshSubmitted: 'Refresh started. The new report appears here when it is ready.',
  /**
   * Shown only when this browser saw a refresh submitted: `{submitted}` is replaced by that time,
   * `{time}` by 24 hours later (both by the browser's clock, to the minute). Worded as a lower
   * bound, so it stays true when someone else refreshed since.
   */
  refreshNotReadyAt: 'This browser submitted a refresh at {submitted}, so the next is possible no sooner than {time}.',
  refreshConsumerNotFound: 'The IBV service does not know this consumer, so there is nothing to refresh.',
  refreshFailed: 'The refresh could not be started. Try again later.',
  /** `{message}` is replaced by the server's message. */
  refreshUnknown: 'The refresh did not work: {message}',
  refreshError: 'The refresh could not be sent. Check the connection and try again.',
}

export const REPORT_VIEW_TEXT = {
  reportNoAccounts: 'No accounts are connected.',
  /** What a screen reader says for a masked value without its last digits (the owner's name). */
  hiddenPersonalData: 'hidden',
  /** What a screen reader says for a masked number instead of its bullets; `{last}` is its last four characters. */
  hiddenEnding: 'hidden, ending {last}',
  features: 'Features',
  /** Field labels of <ReportView>. */
  fields: {
    consumer: 'Consumer',
    referenceDate: 'Reference date',
    created: 'Created',
    report: 'Report',
    accountNumber: 'Account number',
    routingNumber: 'Routing number',
    owner: 'Owner',
    accounts: 'Accounts',
    institutions: 'Institutions',
    /** The sum of the balances, credit cards' negative ones included. */
    totalBalance: 'Net balance',
    status: 'Status',
  },
  summary: 'Summary',
  feature: 'Feature',
  value: 'Value',
  filterFeatures: 'Filter features',
  /** `{shown}` and `{total}` are replaced by counts. */
  featuresMatch: '{shown} of {total} features match',
  /** Under an item, and in the heading of an account, that has no feature matching the filter. */
  noFeatureMatches: 'No feature matches the filter.',
  showPersonalData: 'Show personal data',
  copyCsv: 'Copy CSV',
  downloadCsv: 'Download CSV',
  /** `{count}` is replaced by the number of features copied: all of them, whatever the filter shows. */
  copied: 'Copied all {count} features as CSV.',
  /** `{count}` is replaced by the number of features downloaded: all of them, whatever the filter shows. */
  downloaded: 'Downloaded all {count} features as CSV.',
  copyFailed: 'The clipboard refused: use Download CSV.',
}

/** Every text of every component. */
export type IbvMessages = typeof EMBEDDED_REPORT_TEXT &
  typeof BADGE_TEXT &
  typeof RECONNECT_TEXT &
  typeof CONNECT_TEXT &
  typeof REFRESH_TEXT &
  typeof REPORT_VIEW_TEXT

/** Overrides: any text, and any entry of the nested maps. */
export type IbvMessageOverrides = {
  [K in keyof IbvMessages]?: IbvMessages[K] extends string ? string : Partial<IbvMessages[K]>
}

/** A component's defaults with the provider's and then the component's overrides on top. */
export function withText<T extends object>(defaults: T, ...layers: Array<IbvMessageOverrides | undefined>): T {
  const merged = { ...defaults } as Record<string, unknown>
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      // A nested map (labels by status or reason) is merged entry by entry; undefined changes nothing.
      if (value !== undefined) merged[key] = typeof value === 'object' ? { ...(merged[key] as object), ...value } : value
    }
  }
  return merged as T
}
