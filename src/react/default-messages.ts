'use client'
import {
  BADGE_BORROWER_TEXT,
  BADGE_TEXT,
  CONNECT_TEXT,
  CONNECT_ELEMENT_TEXT,
  EMBEDDED_REPORT_TEXT,
  INVITE_TEXT,
  RECONNECT_TEXT,
  REFRESH_TEXT,
  REPORT_REFRESH_TEXT,
  type IbvMessages,
} from '../core/messages.js'
import { REPORT_VIEW_TEXT } from '../core/report-view-text.js'

/**
 * The complete English catalogue, as a starting point for a translation. Its own module, so a
 * bundle that does not import it carries only the texts of the components it uses.
 */
export const defaultMessages: IbvMessages = {
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
}
