// The custom elements entry (`ibv-kit/elements`): `<ibv-*>` elements for pages not written in
// React (Angular, Vue, server-rendered HTML), on the same core as the React components and
// themed by the same `ibv-kit/styles.css`. Importing it touches no `window`, `HTMLElement` or
// `customElements`: `defineIbvElements()` registers the elements in a browser.
export {
  defineIbvElements,
  defineEmbeddedReport,
  defineReportStatusBadge,
  defineReconnectPrompt,
  defineConnectButton,
} from './define.js'
export { configureIbv } from './config.js'
export type { IbvElementsConfig } from './config.js'
export type {
  IbvElementState,
  IbvStateChangeDetail,
  IbvErrorDetail,
  IbvSuccessDetail,
  IbvExitDetail,
  IbvWidgetEventDetail,
  IbvElementEventMap,
} from './events.js'
export type {
  ConnectSuccess,
  ConnectWidgetState,
  ConnectExitError,
  ConnectExitMetadata,
  ConnectInstitution,
} from '../core/index.js'
export { createBackendFetchers } from '../core/fetchers.js'
export type {
  IbvFetchers,
  TokenRequest,
  ReportAnswer,
  InviteResponse,
  BackendFetchersOptions,
} from '../core/fetchers.js'
export type { EmbeddedReportState } from '../core/embed-frames.js'
export type { TokenResponse } from '../core/token-lifetime.js'
export type {
  IbvAudience,
  IbvMessages,
  IbvMessageOverrides,
  ReconnectReason,
} from '../core/messages.js'
export type {
  IbvLocale,
  IbvLocaleFormats,
  IbvLocaleMessages,
  IbvStatusTexts,
} from '../core/locale.js'
export { IbvError } from '../core/errors.js'
export type { IbvErrorCode, IbvErrorSource, FieldErrors } from '../core/errors.js'
