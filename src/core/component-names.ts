// The class names the components render (the React components and the custom elements alike) to
// say what an element is, and that the test kit finds them by: written once here, so a component
// and the kit cannot come to disagree. Styles use them too (`ibv-kit/styles.css`).

/** The root of `<EmbeddedReport>` and `<ibv-embedded-report>`, which carries `data-state`. */
export const EMBEDDED_REPORT_CLASS = 'ibv-embedded-report'
/** The report's iframe, inside it. */
export const REPORT_FRAME_CLASS = 'ibv-embedded-report__frame'
/** The button of `<ConnectButton>` and `<ibv-connect-button>`, which carries `data-state`. */
export const CONNECT_BUTTON_CLASS = 'ibv-connect-button'
/** The connect widget's iframe, inside the connect dialog. */
export const CONNECT_FRAME_CLASS = 'ibv-connect-dialog__frame'
/** The root of `<RefreshReportButton>`, which carries `data-state`. */
export const REFRESH_CLASS = 'ibv-refresh'
