'use client'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import type { EmbeddedReportState } from '../core/embed-frames.js'
import type { IbvMessageOverrides } from '../core/messages.js'
import type { ReportWhileRefreshing } from './useReportWhileRefreshing.js'

export interface EmbeddedReportProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children' | 'onError'
> {
  /** The product request whose hosted report to show. */
  productRequestId: string
  /** The iframe's accessible name. @default 'Income and bank verification report' */
  title?: string
  /** A fixed iframe height; without it the height follows the portal's resize messages. */
  height?: number | string
  /** The least height while loading or before the portal reports one. @default the theme's 320px */
  minHeight?: number | string
  /** Seconds before the 30-minute expiry at which the token is renewed. @default 120 */
  renewLeadSeconds?: number
  /** Retries after a network error or 5xx (a 400 or 401 is never retried). @default 3 */
  retries?: number
  /**
   * How long, in milliseconds, the report page has to speak in its frame (its first `ibv:*`
   * message) before the state is `error`: the service unreachable or failing, or a
   * Content-Security-Policy that refuses the frame. `onError` then gets an `IbvError` with the
   * code `timeout`; "Try again" loads the page again with a new token.
   * @default `<IbvProvider readyTimeoutMs>`, else 10000
   */
  readyTimeoutMs?: number
  /** Called with each new failure: of the token-fetcher, or of a report page that never spoke. */
  onError?: (error: unknown) => void
  /** Called when `data-state` changes. */
  onStateChange?: (state: EmbeddedReportState) => void
  /** Replaces the default loading text. */
  renderLoading?: () => ReactNode
  /** Replaces the default error message and "Try again" button. */
  renderError?: (props: { error: unknown; retry: () => void }) => ReactNode
  /** Text overrides for this instance. */
  messages?: IbvMessageOverrides
  /**
   * `useReportWhileRefreshing`'s answer, while a refresh replaces the report: its label is shown
   * above the report, and when `productRequestId` moves from the previous request to the new one,
   * the previous report stays on screen until the new one has loaded (no blank).
   */
  refreshing?: ReportWhileRefreshing
}
