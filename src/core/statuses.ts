import { fill } from './fill.js'
/** Every value of `ibv_report_status` (docs/service-api.md, "States"), in pipeline order. */
export const REPORT_STATUSES = [
  'initiated',
  'reconnect_required',
  'ibv_data_acquire_failed',
  'ibv_data_acquired',
  'generation_failed',
  'complete',
] as const

/** One of the six report states of the service API's states table. */
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** The feeling a status conveys, for colour and icon; never the only signal (text carries it too). */
export type StatusTone = 'neutral' | 'progress' | 'warning' | 'danger' | 'success'

export interface StatusDescription {
  /** The raw status, as received. */
  status: string
  /** Whether the status is one of `REPORT_STATUSES`. */
  known: boolean
  /** A short label in English, for a badge. */
  label: string
  tone: StatusTone
  /** True when the platform takes no further action by itself (the service API's "final" states). */
  terminal: boolean
  /** True when the consumer must reconnect the bank for a report to come. */
  needsReconnect: boolean
  /** One or two sentences in plain English, for a tooltip or screen readers. */
  description: string
}

/** What a badge needs of a status: everything but the description. */
export type StatusLook = Omit<StatusDescription, 'description'>

// Looks and descriptions are two tables, so a bundle that shows only badges' looks (the report
// view's summary) leaves the descriptions out. Both are also the English locale's texts
// (core/english.ts): the labels read through `statusLook`, as a table of their own would cost
// every badge bytes.
/** [label, tone, terminal, needsReconnect] */
type Look = [string, StatusTone, boolean, boolean]

const LOOKS: Record<ReportStatus, Look> = {
  initiated: ['Started', 'progress', false, false],
  reconnect_required: ['Reconnect required', 'warning', false, true],
  ibv_data_acquire_failed: ['Data pull failed', 'danger', true, true],
  ibv_data_acquired: ['Generating report', 'progress', false, false],
  generation_failed: ['Report failed', 'danger', true, false],
  complete: ['Complete', 'success', true, false],
}

/** What each documented status means, in English, in the staff voice (`describeStatus`). */
export const STATUS_DESCRIPTIONS: Record<ReportStatus, string> = {
  // The applicant's part is done (the request exists once they connected, or a refresh started it):
  // nothing here waits for them. As short as the text it replaced: every badge carries it.
  initiated: 'The bank data is being pulled.',
  reconnect_required:
    'The bank connection failed because of wrong credentials or an unfinished verification step. Nothing more happens until the applicant reconnects the bank.',
  ibv_data_acquire_failed:
    'Bank data could not be pulled from the bank. The applicant can reconnect the bank to try again.',
  ibv_data_acquired: 'The bank data is in; the report is being generated.',
  generation_failed: 'The report could not be generated from the bank data.',
  complete: 'The report is ready.',
}

/** What `describeStatus()` says of a status this version does not know; `{status}` is replaced by it. */
export const UNKNOWN_STATUS_DESCRIPTION = 'This page does not know the status "{status}" yet.'

/** Whether `value` is one of the six documented report states. */
export function isReportStatus(value: unknown): value is ReportStatus {
  // Own keys only: "constructor" is not a status.
  return typeof value === 'string' && Object.hasOwn(LOOKS, value)
}

/**
 * Describes any status string: the six documented states, and a safe answer for anything else
 * (the service may add states), so that UI never has to special-case an unknown value.
 *
 * @example
 * describeStatus('reconnect_required').needsReconnect // true
 */
export function describeStatus(status: string): StatusDescription {
  const look = statusLook(status)
  return {
    ...look,
    // The badges' own text for an unknown status, so a bundle carries it once.
    description: look.known
      ? STATUS_DESCRIPTIONS[look.status as ReportStatus]
      : fill(UNKNOWN_STATUS_DESCRIPTION, { status: look.status }),
  }
}

/** `describeStatus` without the description: the label, tone and flags of any status string. */
export function statusLook(status: string): StatusLook {
  const known = isReportStatus(status)
  const [label, tone, terminal, needsReconnect] = known
    ? LOOKS[status]
    : (['Unknown status', 'neutral', false, false] satisfies Look)
  return { status: safeString(status), known, label, tone, terminal, needsReconnect }
}

/** `String(value)` (a string as it is), except that it cannot throw (a null-prototype object would). */
function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}
