import type { SandboxTexts } from './types.js'

const reconnectNext =
  'Ask the applicant to reconnect their bank from your app. This page does not change by itself until then; reload it after the applicant has reconnected.'
const waitNext = (seconds: number) =>
  `Nothing to do: this page checks again every ${seconds} seconds and shows the report as soon as it is ready.`
const linksLast =
  'Report links last 30 minutes. The app showing this report requests a new link by itself; if the report does not come back, reload the page.'

/** The sandbox's pages in English: the default. */
export const en: SandboxTexts = {
  lang: 'en',
  intl: 'en-US',
  mark: 'Sandbox: simulated data, no real bank is contacted.',
  widget: {
    exit: 'Exit',
    step: (at, of) => `Step ${at} of ${of}`,
    hint: {
      summary: 'Sandbox test credentials',
      username: 'Username',
      password: 'Password',
      outcome: 'Outcome',
      complete: 'report complete',
      anythingElse: 'anything else',
      wrongCredentials: 'wrong credentials: reconnect required',
      asksForCode: 'asks for code',
      acquireFails: 'data pull fails',
      generationFails: 'report generation fails',
    },
    chooseBank: 'Choose your bank',
    searchLabel: 'Search for your bank',
    search: 'Search',
    banks: 'Banks',
    cantFind: 'I can’t find my bank',
    matches: (count, query) =>
      `${count} ${count === 1 ? 'bank matches' : 'banks match'} “${query}”.`,
    noMatch: (query) =>
      `No bank matches “${query}”. Check the spelling, or search for part of its name.`,
    chooseFromList: 'Choose your bank from the list.',
    signInTo: (bank) => `Sign in to ${bank}`,
    username: 'Username',
    password: 'Password',
    continue: 'Continue',
    chooseAnotherBank: 'Choose another bank',
    wrongPassword:
      'The username or password is not right. Check your username and password and try again.',
    reconnectNotice: {
      wrongCredentials: (bank) =>
        `Your last sign-in to ${bank} did not work: the username or password was not right. Sign in again to keep sharing your account information.`,
      mfa: (bank) =>
        `Your last sign-in to ${bank} was not finished: the verification code was not entered. Sign in again to finish it.`,
      other: (bank) =>
        `${bank} needs you to sign in again to keep sharing your account information.`,
    },
    enterCode: 'Enter the code',
    codeSent: (bank) => `${bank} sent a 6-digit code to your phone.`,
    sandboxCode: 'Sandbox: the code is',
    code: 'Code',
    verify: 'Verify',
    wrongCode: (bank) =>
      `That code is not right. Enter the 6-digit code ${bank} sent to your phone, the latest one if it sent more than one.`,
    connected: 'Connected',
    isConnected: (bank) => `${bank} is connected.`,
    returnToApp: 'You can return to the application.',
    closeWindow: 'You can close this window.',
    notListedTitle: 'Your bank is not listed',
    notListed: 'We could not find your bank, so no account was connected.',
    notListedReturn: 'Return to the application to connect another way.',
    cannotConnect: 'Cannot connect',
    badOrigin: 'The origin parameter must be an http(s) origin such as https://lender.example.',
    reconnectLinkInvalid: 'This reconnect link is not valid.',
    connectLinkInvalid: 'This connect link is not valid.',
    tokenExpired: 'This session has expired. Start again from the application.',
    bankAlreadyChosen: 'This bank is already chosen. Go back to the page you were on.',
    cannotSendForm: 'Cannot send this form',
    formUnread: 'The form could not be read. Try again.',
    tooLong: 'What was entered is too long to send. Enter it again, shorter.',
    backToCode: 'Back to the code',
    backToBank: (bank) => `Back to ${bank}`,
    backToBanks: 'Back to the list of banks',
    sessionEndedTitle: 'Session ended',
    sessionEnded: 'This session has ended. Close this window and start again from the application.',
    sessionExpiredTitle: 'Session expired',
    sessionExpired:
      'This session expired after 30 minutes. Close this window and start again from the application.',
  },
  oauth: {
    popupIntro: (bank) =>
      `${bank} signs you in on its own website, in a new window. This page goes on by itself when you are done there.`,
    redirectIntro: (bank) =>
      `${bank} signs you in on its own website. You leave this page for the bank’s, and come back here when you are done.`,
    open: 'Open the bank’s page',
    continueTo: (bank) => `Continue to ${bank}`,
    waiting: (bank) => `Finish signing in at ${bank} in the window that opened.`,
    blocked: (bank) =>
      `Your browser blocked the window with ${bank}’s page. Open it with the button below.`,
    hint: 'Sandbox: the bank’s page has Allow and Deny, and lets you choose what happens after Allow.',
    denied: (bank) =>
      `You did not allow ${bank} to share your data. Choose your bank again, or another.`,
    closed: (bank) =>
      `The window with ${bank}’s page was closed before you finished. Choose your bank again to start over.`,
    stateInvalid:
      'This return from your bank cannot be used: it was already used, has expired or belongs to another visit. Start again from the application.',
    badRedirect:
      'The redirect_uri parameter must be an http(s) URL on the origin the widget was opened for.',
    bankMark: 'Sandbox bank: no real bank, no sign-in needed.',
    consentTitle: 'Allow access to your accounts?',
    consentAsk: (bank) =>
      `The application you came from asks to see your balances and transactions at ${bank}, to verify your income.`,
    outcomeLegend: 'Sandbox: what happens after Allow',
    outcomeComplete: 'Connect',
    outcomeAcquireFails: 'Connect, then the data pull fails',
    allow: 'Allow',
    deny: 'Deny',
    doneTitle: 'Done',
    done: 'You can close this window.',
    overTitle: 'Cannot continue',
    over: 'This sign-in is over: it was already answered, cancelled or has expired. Return to the application and choose your bank again.',
    backToApp: 'Back to the application',
  },
  portal: {
    documentTitle: (id) => `IBV report ${id}`,
    heading: 'Income and bank verification report',
    report: 'Report',
    consumer: 'Applicant',
    referenceDate: 'Reference date',
    created: 'Created',
    status: 'Status',
    summary: 'Summary',
    accounts: 'Accounts',
    institutions: 'Banks',
    netBalance: 'Net balance',
    noAccounts: 'No accounts are connected.',
    institution: 'Bank',
    type: 'Type',
    accountNumber: 'Account number',
    routingNumber: 'Routing number',
    ending: (last4) => `ending ${last4}`,
    hidden: 'hidden',
    features: (item) => `Features: ${item}`,
    feature: 'Feature',
    value: 'Value',
    noFeatures: 'This item has no features.',
    // English shows the service's own names, as sent.
    itemNames: {},
    accountTypes: {},
    statusLabels: {
      initiated: 'Started',
      reconnect_required: 'Reconnect required',
      ibv_data_acquire_failed: 'Data pull failed',
      ibv_data_acquired: 'Generating report',
      generation_failed: 'Report failed',
      complete: 'Complete',
    },
    unknownStatusLabel: 'Unknown status',
    statusDescriptions: {
      initiated: 'The request has been received and is waiting for bank data.',
      reconnect_required:
        'The bank connection failed because of wrong credentials or an unfinished verification step. Nothing more happens until the applicant reconnects the bank.',
      ibv_data_acquire_failed:
        'Bank data could not be pulled from the bank. The applicant can reconnect the bank to try again.',
      ibv_data_acquired: 'Bank data is downloaded; features and scores are being generated.',
      generation_failed: 'Features and scores could not be created for this report.',
      complete: 'The report is ready.',
    },
    unknownStatusDescription: (status) =>
      `The service reported the status "${status}", which this version of ibv-kit does not know.`,
    states: {
      initiated: { title: 'Report in progress', next: waitNext },
      ibv_data_acquired: { title: 'Report being generated', next: waitNext },
      reconnect_required: { title: 'Bank reconnection needed', next: () => reconnectNext },
      ibv_data_acquire_failed: {
        title: 'Bank data could not be pulled',
        next: () =>
          'No report will come from this request. Ask the applicant to reconnect their bank from your app, which starts a new request.',
      },
      generation_failed: {
        title: 'Report could not be generated',
        next: () =>
          'No report will come from this request: the service takes no further action. Start a new request, or contact support if it happens again.',
      },
    },
    unknownTitle: 'Report status unknown',
    checksAgain: (seconds) => `This page checks again every ${seconds} seconds.`,
    reloadLater: 'Reload this page later.',
    stateDocumentTitle: (title, id) => `${title}: IBV report ${id}`,
    whatItMeans: 'What it means',
    whatToDoNext: 'What to do next',
    refused: {
      unknown: {
        title: 'Report link not valid',
        text: 'This report link is not valid.',
        next: 'Open the report again from the app that showed it: that app asks for a new link.',
      },
      expired: {
        title: 'Report link expired',
        text: 'This report link has expired. The app showing this report asks for a new one.',
        next: linksLast,
      },
      wrong_kind: {
        title: 'Report link not valid',
        text: 'This token cannot open a report: it is not an embedded report token.',
        next: 'The app must request an embedded report token (type embedded_report_token) for this product request and open the report with it.',
      },
    },
    sessionExpired: {
      title: 'Report session expired',
      text: 'This report session has expired.',
      next: linksLast,
    },
    unavailableTitle: (title) => `Report unavailable: ${title}`,
  },
}
