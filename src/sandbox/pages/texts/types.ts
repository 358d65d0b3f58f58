import type { ReportStatus } from '../../../core/index.js'

// The texts of the sandbox's hosted pages: the service's own words, not the components' (a
// lender's locale pack does not reach them). One module per language, each typed `SandboxTexts`,
// so a missing text is a type error. Texts are plain: the pages escape them. A function's
// arguments are plain text too (a bank's name, a count), except where its comment says otherwise.

/** The languages the hosted pages speak. */
export type SandboxLocale = 'en' | 'es' | 'fr-CA'

/** What a report page says about a state it is waiting in, or has ended in. */
export interface StateText {
  title: string
  /** What happens next, or what to do. */
  next: string
}

export interface WidgetTexts {
  exit: string
  /** "Step 2 of 3". */
  step: (at: number, of: number) => string
  hint: {
    summary: string
    username: string
    password: string
    outcome: string
    complete: string
    anythingElse: string
    wrongCredentials: string
    /** Followed by the code itself. */
    asksForCode: string
    acquireFails: string
    generationFails: string
  }
  chooseBank: string
  searchLabel: string
  search: string
  /** The list's accessible name. */
  banks: string
  cantFind: string
  /** `query` is a marker the page replaces with the search, isolated: the text quotes it. */
  matches: (count: number, query: string) => string
  /** `query` is a marker the page replaces with the search, isolated: the text quotes it. */
  noMatch: (query: string) => string
  chooseFromList: string
  signInTo: (bank: string) => string
  username: string
  password: string
  continue: string
  chooseAnotherBank: string
  wrongPassword: string
  /** Why the consumer signs in again, on a reconnect link. */
  reconnectNotice: {
    wrongCredentials: (bank: string) => string
    mfa: (bank: string) => string
    other: (bank: string) => string
  }
  enterCode: string
  codeSent: (bank: string) => string
  /** Followed by the code itself, in parentheses. */
  sandboxCode: string
  code: string
  verify: string
  wrongCode: (bank: string) => string
  connected: string
  isConnected: (bank: string) => string
  returnToApp: string
  closeWindow: string
  notListedTitle: string
  notListed: string
  notListedReturn: string
  cannotConnect: string
  badOrigin: string
  reconnectLinkInvalid: string
  connectLinkInvalid: string
  tokenExpired: string
  bankAlreadyChosen: string
  cannotSendForm: string
  formUnread: string
  tooLong: string
  backToCode: string
  backToBank: (bank: string) => string
  backToBanks: string
  sessionEndedTitle: string
  sessionEnded: string
  sessionExpiredTitle: string
  sessionExpired: string
}

/** A bank that signs in on its own site (OAuth): the widget's words, then the bank's page. */
export interface OAuthTexts {
  /** The widget, popup mode: the bank opens in a window of its own. */
  popupIntro: (bank: string) => string
  /** The widget, redirect mode: the whole page goes to the bank and comes back. */
  redirectIntro: (bank: string) => string
  /** The button that opens (or shows again) the bank's window: a click the browser lets through. */
  open: string
  /** The link that sends the page to the bank, redirect mode. */
  continueTo: (bank: string) => string
  waiting: (bank: string) => string
  /** Why the consumer has to click: the browser blocked the window. */
  blocked: (bank: string) => string
  /** What the widget says under its test outcomes: the bank's page has its own. */
  hint: string
  /** Back on the list: the consumer chose Deny at the bank. */
  denied: (bank: string) => string
  /** Back on the list: the bank's window closed before a choice. */
  closed: (bank: string) => string
  /** The widget reopened with a state it cannot use. */
  stateInvalid: string
  badRedirect: string
  /** The bank's own page from here on. */
  bankMark: string
  consentTitle: string
  consentAsk: (bank: string) => string
  outcomeLegend: string
  outcomeComplete: string
  outcomeAcquireFails: string
  allow: string
  deny: string
  doneTitle: string
  done: string
  overTitle: string
  over: string
  /** Redirect mode, on that page: the link back to the lender's page. */
  backToApp: string
}

export interface PortalTexts {
  /** The document title of a report. */
  documentTitle: (productRequestId: string) => string
  heading: string
  report: string
  consumer: string
  referenceDate: string
  created: string
  status: string
  summary: string
  accounts: string
  institutions: string
  netBalance: string
  noAccounts: string
  institution: string
  type: string
  accountNumber: string
  routingNumber: string
  /** `last4`: the last four characters of a personal number. */
  ending: (last4: string) => string
  hidden: string
  features: (itemName: string) => string
  feature: string
  value: string
  noFeatures: string
  /** Labels of the item codes this sandbox sends; another code is shown by its name, as sent. */
  itemNames: Partial<Record<string, string>>
  /** Labels of the account types this sandbox sends; another type is shown as sent. */
  accountTypes: Partial<Record<string, string>>
  statusLabels: Record<ReportStatus, string>
  unknownStatusLabel: string
  statusDescriptions: Record<ReportStatus, string>
  unknownStatusDescription: (status: string) => string
  /**
   * The states a report page waits in or ends in (not `complete`, which shows the report). `seconds`:
   * how often a page that waits checks the status.
   */
  states: Record<
    Exclude<ReportStatus, 'complete'>,
    { title: string; next: (seconds: number) => string }
  >
  unknownTitle: string
  /** `seconds`: how often the page checks the status. */
  checksAgain: (seconds: number) => string
  reloadLater: string
  /** The document title of a state page. */
  stateDocumentTitle: (title: string, productRequestId: string) => string
  whatItMeans: string
  whatToDoNext: string
  refused: Record<'unknown' | 'expired' | 'wrong_kind', StateText & { text: string }>
  /** What the page of an open report becomes when its token expires. */
  sessionExpired: StateText & { text: string }
  unavailableTitle: (title: string) => string
}

export interface SandboxTexts {
  /** The language, as `<html lang>` says it. */
  lang: SandboxLocale
  /** The `Intl` locale numbers, money and dates follow. */
  intl: string
  /** The line under every page. */
  mark: string
  widget: WidgetTexts
  /** The widget's steps for a bank that signs in on its own site, and that bank's consent page. */
  oauth: OAuthTexts
  portal: PortalTexts
}
