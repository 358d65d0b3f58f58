// What a status badge shows beyond `describeStatus()`, for any adapter (React's
// <ReportStatusBadge>, the <ibv-report-status-badge> element): the label with the app's
// overrides, and the description in the reader's voice.
import { BADGE_BORROWER_TEXT, type BADGE_TEXT, type IbvAudience } from './messages.js'
import type { StatusDescription, StatusLook } from './statuses.js'

/**
 * The badge's label: the status's entry in `labels`, else in the app's `statusLabels` (only a
 * text counts: a status named "toString" or "__proto__" finds a function or an object in a map,
 * and reads as unknown), else the known label, else the app's `unknownStatus` or "Unknown status".
 */
export function badgeLabel(look: StatusLook, labels: Partial<Record<string, string>> | undefined, texts: Partial<typeof BADGE_TEXT> | undefined): string {
  const found = labels?.[look.status] ?? texts?.statusLabels?.[look.status]
  return typeof found === 'string' ? found : look.known ? look.label : (texts?.unknownStatus ?? look.label)
}

/**
 * The badge's description: for the borrower, the second-person text of the status (the app's
 * `statusDescriptionsBorrower` override, else the default), else core's staff text; an empty text
 * means none.
 */
export function badgeDescription(described: StatusDescription, audience: IbvAudience | undefined, texts: Partial<typeof BADGE_BORROWER_TEXT> | undefined): string {
  // As for labels, only a text counts.
  const said = audience === 'borrower' && (texts?.statusDescriptionsBorrower?.[described.status] ?? BADGE_BORROWER_TEXT.statusDescriptionsBorrower[described.status])
  return typeof said === 'string' ? said : described.description
}
