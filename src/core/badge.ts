// What a status badge shows beyond `statusLook()`, for any adapter (React's
// <ReportStatusBadge>, the <ibv-report-status-badge> element): the label with the app's
// overrides, and the description in the reader's voice.
import { fill } from './fill.js'
import {
  BADGE_BORROWER_TEXT,
  type BADGE_TEXT,
  type BadgeStaffText,
  type IbvAudience,
} from './messages.js'
import {
  STATUS_DESCRIPTIONS,
  UNKNOWN_STATUS_DESCRIPTION,
  type ReportStatus,
  type StatusLook,
} from './statuses.js'

/**
 * The badge's label: the status's entry in `labels`, else in the app's `statusLabels` (only a
 * text counts: a status named "toString" or "__proto__" finds a function or an object in a map,
 * and reads as unknown), else the known label, else the app's `unknownStatus` or "Unknown status".
 */
export function badgeLabel(
  look: StatusLook,
  labels: Partial<Record<string, string>> | undefined,
  texts: Partial<typeof BADGE_TEXT> | undefined,
): string {
  const found = labels?.[look.status] ?? texts?.statusLabels?.[look.status]
  return typeof found === 'string'
    ? found
    : look.known
      ? look.label
      : (texts?.unknownStatus ?? look.label)
}

/**
 * The badge's description in the reader's voice: for the borrower, the app's
 * `statusDescriptionsBorrower` entry, else the default; for staff, the app's (or locale's)
 * `statusDescriptions` entry, else `describeStatus()`'s English text. An unknown status says the
 * texts' `unknownStatusDescription`, else core's. An empty text means none.
 */
export function badgeDescription(
  look: StatusLook,
  audience: IbvAudience | undefined,
  texts: Partial<typeof BADGE_BORROWER_TEXT & BadgeStaffText> | undefined,
): string {
  const { status } = look
  // As for labels, only a text counts.
  const said =
    audience === 'borrower'
      ? (texts?.statusDescriptionsBorrower?.[status] ??
        BADGE_BORROWER_TEXT.statusDescriptionsBorrower[status])
      : texts?.statusDescriptions?.[status]
  if (typeof said === 'string') return said
  return look.known
    ? STATUS_DESCRIPTIONS[status as ReportStatus]
    : fill(texts?.unknownStatusDescription ?? UNKNOWN_STATUS_DESCRIPTION, { status })
}
