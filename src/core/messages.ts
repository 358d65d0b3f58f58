// Every text the components show, in English by default, one object per component so a bundle
// carries only the texts of the components it uses. Override any text for the whole app
// (`<IbvProvider messages>`) or one component (`messages` prop), for i18n. The report view's, the
// longest, are in report-view-text.ts; the invite button's in invite-text.ts.

import type { REPORT_VIEW_TEXT } from './report-view-text.js'
import type { ReportStatus } from './statuses.js'
export { fill } from './fill.js'
import type { INVITE_TEXT } from './invite-text.js'

/**
 * Who reads the texts: the lender's staff (a loan officer) or the borrower. The badge and the
 * reconnect prompt, whose texts differ by audience, take it as a prop or attribute (React: else
 * from `<IbvProvider audience>`), else default to staff.
 */
export type IbvAudience = 'staff' | 'borrower'

/** Why the reconnect prompt is shown: three broken connections, and the 24-hour refresh wait. */
export type ReconnectReason =
  'reconnect_required' | 'invalid_connection' | 'data_pull_failed' | 'refresh_not_ready'

export const EMBEDDED_REPORT_TEXT = {
  reportTitle: 'Income and bank verification report',
  reportLoading: 'Loading the report…',
  reportError: 'The report could not be loaded.',
  tryAgain: 'Try again',
}

export const BADGE_TEXT = {
  /** Badge labels by status, both voices; unknown statuses use `unknownStatus`. */
  statusLabels: {} as Partial<Record<string, string>>,
  unknownStatus: 'Unknown status',
}

/**
 * The badge's staff-voice descriptions. English needs no object of them: core's `describeStatus()`
 * says them (`STATUS_DESCRIPTIONS`, `UNKNOWN_STATUS_DESCRIPTION`), so a badge carries them once; a
 * locale, or the app's `messages`, gives its own.
 */
export interface BadgeStaffText {
  /** Descriptions by status, instead of `describeStatus()`'s; a status without an entry shows core's text. */
  statusDescriptions: Partial<Record<string, string>>
  /** The description of a status this version does not know (both voices); `{status}` is replaced by it. */
  unknownStatusDescription: string
}

/** Its own object, so that the badge inside `<ReportView>` (staff voice) does not carry it. */
export const BADGE_BORROWER_TEXT = {
  /**
   * `<ReportStatusBadge audience="borrower">`: descriptions by status, in the second person (the
   * staff voice uses core's `describeStatus()` text). A status without an entry shows core's text;
   * add one by its name for a status this version does not know; an empty text shows none.
   */
  statusDescriptionsBorrower: {
    initiated: 'Waiting for your bank data.',
    reconnect_required: 'Your bank connection needs attention: reconnect your bank to continue.',
    ibv_data_acquire_failed:
      'Your bank data could not be pulled: reconnect your bank to try again.',
    ibv_data_acquired: 'Your report is being generated.',
    generation_failed: 'Your report could not be created.',
    complete: 'Your report is ready.',
    // Every documented status has one: it is also the English locale's complete map.
  } satisfies Record<ReportStatus, string> as Partial<Record<string, string>>,
}

export const RECONNECT_TEXT = {
  /** Titles and bodies by reason; `{institution}` is replaced. */
  reconnectTitle: {
    reconnect_required: 'Reconnect your bank',
    invalid_connection: 'The bank connection stopped working',
    data_pull_failed: 'We could not get your bank data',
    refresh_not_ready: 'Your report was refreshed recently',
  } as Record<ReconnectReason, string>,
  reconnectBody: {
    reconnect_required:
      'The connection to {institution} needs attention: the sign-in failed or a verification step was not finished. Reconnect to continue.',
    invalid_connection:
      'The connection to {institution} is no longer valid. Reconnect it so the report can be refreshed.',
    data_pull_failed: 'Data could not be pulled from {institution}. Reconnect it to try again.',
    // A wait, not a broken connection: no reconnect is offered (the prompt shows no link for it).
    refresh_not_ready:
      'Your report was refreshed in the last 24 hours. It is refreshed at most once a day, so there is nothing to do now.',
  } as Record<ReconnectReason, string>,
  reconnectAction: 'Reconnect {institution}',
  /** What `{institution}` becomes when the institution is not known (borrower voice). */
  yourBank: 'your bank',
  /**
   * Staff voice (`audience="staff"`, the default): titles and bodies by reason, addressed to the
   * loan officer. `{consumer}` is replaced by `consumerName` (else `theApplicant`), `{institution}`
   * by the institution (else `theirBank`).
   */
  reconnectTitleStaff: {
    reconnect_required: 'Ask {consumer} to reconnect {institution}',
    invalid_connection: 'The connection to {institution} stopped working',
    data_pull_failed: 'No bank data could be pulled from {institution}',
    refresh_not_ready: 'The report was refreshed in the last 24 hours',
  } as Record<ReconnectReason, string>,
  reconnectBodyStaff: {
    reconnect_required:
      'The sign-in to {institution} failed or a verification step was not finished. Nothing more happens until {consumer} reconnects: copy the connection link and send it to them.',
    invalid_connection:
      'The connection is no longer valid, so the report cannot be refreshed. Ask {consumer} to reconnect {institution} with the connection link.',
    data_pull_failed:
      'Ask {consumer} to reconnect {institution} with the connection link to try again.',
    // Never a reconnect to get around the limit: the limit is the service's rule, not a fault.
    refresh_not_ready:
      'A report can be refreshed once every 24 hours. Refresh it again once 24 hours have passed since the last refresh.',
  } as Record<ReconnectReason, string>,
  /** Staff voice: the label above the link, shown as text to select or copy. */
  reconnectLinkLabel: 'Connection link',
  reconnectCopy: 'Copy link',
  reconnectCopied: 'Link copied.',
  reconnectCopyFailed: 'The link could not be copied: select it above and copy it by hand.',
  /** Staff voice: the button shown when `onSend` is given; `{consumer}` is replaced. */
  reconnectSend: 'Send to {consumer}',
  /** What `{consumer}` becomes when `consumerName` is not given (staff voice). */
  theApplicant: 'the applicant',
  /** What `{institution}` becomes when the institution is not known (staff voice). */
  theirBank: 'their bank',
}

export const CONNECT_TEXT = {
  connectBank: 'Connect bank',
  connectTitle: 'Connect your bank',
  connectFrameTitle: 'Bank connection',
  close: 'Close',
  connectError: 'The bank connection could not be started. Try again.',
  /** In the dialog while the widget's page loads, before it has said it is there (both voices). */
  widgetLoading: 'Opening the bank connection…',
  /** In the dialog, instead of the widget, when it did not open in time (both voices). */
  widgetUnavailable:
    'The bank connection could not be opened: the service did not answer. Try again in a moment.',
  tryAgain: 'Try again',
  /**
   * `<ConnectButton invite>`, in the borrower's voice: instead of `connectError` when the link
   * they opened was refused (expired, already used, or altered).
   */
  inviteRefused:
    'This link cannot be used: it has expired, was already used, or is incomplete. Ask your lender for a new one.',
}

/** Its own object, so that React's `<ConnectButton>` (where the prop is typed) does not carry it. */
export const CONNECT_ELEMENT_TEXT = {
  /** `<ibv-connect-button>` without a `consumer-id` (or `invite`) attribute: shown instead of opening. */
  connectNoApplicant: 'This button has no applicant: no bank can be connected.',
}

export const REFRESH_TEXT = {
  refreshReport: 'Refresh report',
  refreshSubmitted: 'Refresh started. The new report appears here when it is ready.',
  /** Refused within 24 hours, when no report's date is known. */
  refreshNotReady:
    'The report was refreshed in the last 24 hours. Reports can be refreshed once every 24 hours: try again later.',
  /**
   * Refused within 24 hours, when the applicant's latest request is the last report (so the
   * window's start is known): `{last}` is replaced by that report's `created_at`, `{time}` by 24
   * hours later (up to the next minute), both with the day of the week ("Sunday, Nov 29, 2026,
   * 2:29 PM"), in the service's time as its reports state it (never the browser's clock); `{clock}`
   * by `serviceClock`, which says so, and `serviceClockHint` follows, which explains it.
   */
  refreshNotReadyAt:
    'Reports can be refreshed once every 24 hours. The last report dates from {last}, so the next refresh is possible from {time} ({clock}).',
  /** Beside the disabled button while the applicant's latest report is being prepared. */
  refreshPreparing: 'A new report is being prepared. Refresh is possible again once it is ready.',
  /**
   * Beside the disabled button while the latest report waits for a reconnect, above the reconnect
   * prompt (which offers the link); `{consumer}` and `{institution}` as in that prompt
   * (`theApplicant`, `theirBank` when not known).
   */
  refreshNeedsReconnect: 'Refresh is possible once {consumer} has reconnected {institution}.',
  refreshConsumerNotFound:
    'The service does not know this applicant, so there is nothing to refresh.',
  refreshFailed: 'The refresh could not be started. Try again later.',
  /** `{message}` is replaced by the server's message. */
  refreshUnknown: 'The refresh did not work: {message}',
  refreshError: 'The refresh could not be sent. Check the connection and try again.',
}

/**
 * The line above a report kept on screen while a newer one is prepared (`useReportWhileRefreshing`,
 * shown by `<EmbeddedReport refreshing>` and `<ReportView refreshing>`), staff voice. `{date}` is the
 * shown report's date and time (its `created_at`, in the service's time); `{clock}` is `serviceClock`.
 */
export const REPORT_REFRESH_TEXT = {
  reportOf: 'Report of {date} ({clock})',
  reportKeptPreparing: 'Report of {date} ({clock}) — a new report is being prepared',
  /** `{reason}` is the new report's status described (`describeStatus`). */
  reportKeptFailed: 'Report of {date} ({clock}) — the new report could not be prepared. {reason}',
  /**
   * Says whose clock a report's time is: the service states its times without a time zone, as its
   * own wall clock, and they are shown as given (never in the reader's zone). Also the `{clock}` of
   * `refreshNotReadyAt`.
   */
  serviceClock: 'verification service time',
  /**
   * What `serviceClock` means: under the 24-hour rule's dated text, and the tooltip of the label
   * above a report kept on screen.
   */
  serviceClockHint:
    'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
}

/** Every text of every component. */
export type IbvMessages = typeof EMBEDDED_REPORT_TEXT &
  typeof BADGE_TEXT &
  typeof BADGE_BORROWER_TEXT &
  BadgeStaffText &
  typeof RECONNECT_TEXT &
  typeof CONNECT_TEXT &
  typeof CONNECT_ELEMENT_TEXT &
  typeof REFRESH_TEXT &
  typeof REPORT_REFRESH_TEXT &
  typeof REPORT_VIEW_TEXT &
  typeof INVITE_TEXT

/** Overrides: any text, and any entry of the nested maps. */
export type IbvMessageOverrides = {
  [K in keyof IbvMessages]?: IbvMessages[K] extends string ? string : Partial<IbvMessages[K]>
}

/** A component's defaults with the provider's and then the component's overrides on top. */
export function withText<T extends object>(
  defaults: T,
  ...layers: Array<IbvMessageOverrides | undefined>
): T {
  const merged = { ...defaults } as Record<string, unknown>
  // A missing layer has no keys; undefined changes nothing, in a nested map (labels by status or
  // reason) too, which is merged entry by entry: a translation lookup that found no text.
  for (const layer of layers) {
    for (const key in layer) {
      const value = layer[key as keyof IbvMessageOverrides]
      if (value !== undefined)
        merged[key] =
          typeof value === 'object'
            ? withText(merged[key] as object, value as IbvMessageOverrides)
            : value
    }
  }
  return merged as T
}
