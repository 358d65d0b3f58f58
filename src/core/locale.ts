import type { IbvMessages } from './messages.js'
import type { ReportStatus } from './statuses.js'

// A language for every component: its texts in both voices (staff and borrower) and how it writes
// numbers, money, dates and the order of names. English is built in; `ibv-kit/locales/es` and
// `ibv-kit/locales/fr-CA` are packs of the same shape, and a lender writes one for any other.

/** A map by status with an entry for each documented status (and any other, optionally). */
export type IbvStatusTexts = Record<ReportStatus, string> & Partial<Record<string, string>>

/**
 * Every text of a locale: all of `IbvMessages`, required, and the maps by status complete, so a
 * missing text is a type error. The lender's data dictionary (`featureLabels`, `itemNames`,
 * `accountTypes`) stays open: a locale labels the names it knows.
 */
export type IbvLocaleMessages = Omit<
  IbvMessages,
  'statusLabels' | 'statusDescriptions' | 'statusDescriptionsBorrower'
> & {
  /** Badge labels by status. */
  statusLabels: IbvStatusTexts
  /** Staff voice: what each status means, for the badge's description. */
  statusDescriptions: IbvStatusTexts
  /** Borrower voice: what each status means to them. */
  statusDescriptionsBorrower: IbvStatusTexts
}

/** How a locale writes what is not a text. */
export interface IbvLocaleFormats {
  /**
   * The `Intl` locale that numbers, money, dates and the order of feature names follow: `en-US`,
   * `es-US` for Spanish in the United States, `fr-CA`.
   */
  intl: string
  /**
   * Whether a name the service sends without a label (a feature, an account type) is shown in
   * words (`credit_card` → "Credit card"). The words are the name's own, in English, so only an
   * English locale turns this on; the others show the name as sent.
   */
  namesInWords: boolean
}

/**
 * A language for the components (`<IbvProvider locale>`, `configureIbv({ locale })`): its code,
 * its formats and every text. A component's or the provider's `messages` still override single texts.
 */
export interface IbvLocale {
  /**
   * The language as a BCP 47 tag (`en`, `es`, `fr-CA`): the components' `lang`, and what the
   * service's hosted pages (the connect widget, the report) are asked to speak.
   */
  code: string
  /** How it writes numbers, money, dates and the names the service sends. */
  formats: IbvLocaleFormats
  /** Every text of every component, in both voices. */
  messages: IbvLocaleMessages
}
