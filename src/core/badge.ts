// What a status badge shows beyond `describeStatus()`, for any adapter (React's
// <ReportStatusBadge>, the <ibv-report-status-badge> element): the label with the app's
// overrides, and the description in the reader's voice.
import { BADGE_BORROWER_TEXT, type IbvAudience } from './messages.js'
import type { StatusDescription, StatusLook } from './statuses.js'

/**
 * The badge's label: the first override for the status (only a text counts: a status named
 * "toString" or "__proto__" finds a function or an object in a map, and reads as unknown), else
 * the known label, else `unknownStatus` (the default "Unknown status").
 */
export function badgeLabel(look: StatusLook, labels: ReadonlyArray<Partial<Record<string, string>> | undefined>, unknownStatus: string | undefined): string {
  const found = labels.map((map) => map?.[look.status]).find((label) => label != null)
  return typeof found === 'string' ? found : look.known ? look.label : (unknownStatus ?? look.label)
}

/**
 * The badge's description: for the borrower, the second-person text of the status (the app's
 * override, else the default), else core's staff text; an empty text means none.
 */
export function badgeDescription(described: StatusDescription, audience: IbvAudience | undefined, borrowerTexts?: Partial<Record<string, string>>): string {
  // As for labels, only a text counts.
  const said = audience === 'borrower' && (borrowerTexts?.[described.status] ?? BADGE_BORROWER_TEXT.statusDescriptionsBorrower[described.status])
  return typeof said === 'string' ? said : described.description
}
