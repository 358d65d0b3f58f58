// `ibv-kit/testing`: test your own integration against the real sandbox and backend, in process
// (Vitest or Jest with jsdom, optionally MSW and Testing Library) or end to end (Playwright).
// Test-only packages are optional peers, loaded only when their helper is used.
export { createIbvTestEnvironment } from './environment.js'
export type { IbvTestEnvironment, IbvTestEnvironmentOptions } from './environment.js'
export type { CancelledOutcome, ConnectOutcome } from './widget-flow.js'
export type { ConnectOptions } from './connect.js'
export { ibvHandlers } from './msw.js'
export { renderWithIbv } from './render.js'
export type { RenderWithIbvOptions } from './render.js'
export { completeConnect, ibvState, advanceSandboxClock } from './playwright.js'
export type {
  CompleteConnectOAuthOptions,
  CompleteConnectOptions,
  CompleteConnectResult,
  IbvComponent,
} from './playwright.js'
export type { OAuthDecision } from './playwright-oauth.js'
