/** Every value of `ibv_report_status` the spec documents, in pipeline order. */
export const REPORT_STATUSES = [
  'initiated',
  'reconnect_required',
  'ibv_data_acquire_failed',
  'ibv_data_acquired',
  'generation_failed',
  'complete',
] as const

/** One of the six report states of the spec's states table. */
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
  /** True when the platform takes no further action by itself (the spec's "final" states). */
  terminal: boolean
  /** True when the consumer must reconnect the bank for a report to come. */
  needsReconnect: boolean
  /** One or two sentences in plain English, for a tooltip or screen readers. */
  description: string
}

type Known = Omit<StatusDescription, 'status' | 'known'>

const KNOWN: Record<ReportStatus, Known> = {
  initiated: {
    label: 'Started',
    tone: 'progress',
    terminal: false,
    needsReconnect: false,
    description: 'The request has been received and is waiting for bank data.',
  },
  reconnect_required: {
    label: 'Reconnect required',
    tone: 'warning',
    terminal: false,
    needsReconnect: true,
    description:
      'The bank connection failed because of wrong credentials or an unfinished verification step. Nothing more happens until the consumer reconnects the bank.',
  },
  ibv_data_acquire_failed: {
    label: 'Data pull failed',
    tone: 'danger',
    terminal: true,
    needsReconnect: true,
    description:
      'Bank data could not be pulled from the data aggregator. The consumer can reconnect the bank to try again.',
  },
  ibv_data_acquired: {
    label: 'Generating report',
    tone: 'progress',
    terminal: false,
    needsReconnect: false,
    description: 'Bank data is downloaded; features and scores are being generated.',
  },
  generation_failed: {
    label: 'Report failed',
    tone: 'danger',
    terminal: true,
    needsReconnect: false,
    description: 'Features and scores could not be created for this report.',
  },
  complete: {
    label: 'Complete',
    tone: 'success',
    terminal: true,
    needsReconnect: false,
    description: 'The report is ready.',
  },
}

/** Whether `value` is one of the six documented report states. */
export function isReportStatus(value: unknown): value is ReportStatus {
  return typeof value === 'string' && (REPORT_STATUSES as readonly string[]).includes(value)
}

/**
 * Describes any status string: the six documented states, and a safe answer for anything else
 * (the service may add states), so that UI never has to special-case an unknown value.
 *
 * @example
 * describeStatus('reconnect_required').needsReconnect // true
 */
export function describeStatus(status: string): StatusDescription {
  if (isReportStatus(status)) return { status, known: true, ...KNOWN[status] }
  const raw = typeof status === 'string' ? status : safeString(status)
  return {
    status: raw,
    known: false,
    label: 'Unknown status',
    tone: 'neutral',
    terminal: false,
    needsReconnect: false,
    description: `The service reported the status "${raw}", which this version of ibv-kit does not know.`,
  }
}

/** `String(value)`, except that it cannot throw (a null-prototype object would). */
function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}
