import type { IbvLocale, IbvLocaleMessages } from './locale.js'
import {
  BADGE_BORROWER_TEXT,
  BADGE_TEXT,
  CONNECT_ELEMENT_TEXT,
  CONNECT_TEXT,
  EMBEDDED_REPORT_TEXT,
  RECONNECT_TEXT,
  REFRESH_TEXT,
  REPORT_REFRESH_TEXT,
} from './messages.js'
import { REPORT_VIEW_TEXT } from './report-view-text.js'
import { INVITE_TEXT } from './invite-text.js'
import {
  REPORT_STATUSES,
  STATUS_DESCRIPTIONS,
  UNKNOWN_STATUS_DESCRIPTION,
  statusLook,
} from './statuses.js'

// English as a locale: the components' own texts (their defaults, one object per component) with
// the maps by status made complete from the status table, so nothing is written twice. It is what
// `ibv-kit/locales/en` exports, and what `checkLocale` compares a translation with.

type ByStatus = IbvLocaleMessages['statusLabels']

/** The English badge label of every documented status, as `statusLook` gives it. */
const statusLabels = Object.fromEntries(
  REPORT_STATUSES.map((status) => [status, statusLook(status).label]),
) as ByStatus

/**
 * English (United States): every text of every component in both voices, numbers, money and
 * dates as `en-US` writes them, and names the service sends without a label shown in words.
 * The components speak it when no locale is given; start a translation from it
 * (`ibv-kit/locales/en`).
 */
export const en: IbvLocale = {
  code: 'en',
  formats: { intl: 'en-US', namesInWords: true },
  messages: {
    ...EMBEDDED_REPORT_TEXT,
    ...BADGE_TEXT,
    ...BADGE_BORROWER_TEXT,
    ...RECONNECT_TEXT,
    ...CONNECT_TEXT,
    ...CONNECT_ELEMENT_TEXT,
    ...REFRESH_TEXT,
    ...REPORT_REFRESH_TEXT,
    ...REPORT_VIEW_TEXT,
    ...INVITE_TEXT,
    statusLabels,
    statusDescriptions: STATUS_DESCRIPTIONS,
    unknownStatusDescription: UNKNOWN_STATUS_DESCRIPTION,
    // Written in messages.ts for every documented status; its type there is open (a lender may add
    // a status this version does not know).
    statusDescriptionsBorrower: BADGE_BORROWER_TEXT.statusDescriptionsBorrower as ByStatus,
  },
}
