'use client'
import { forwardRef, useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { IbvError, embeddedReportUrl } from '../core/index.js'
import { useIbvContext } from './context.js'
import { awaitedFrame, getEmbeddedReportState, withReady, withReport, withToken, withUnavailable, type EmbeddedReportState, type Frame } from './embedded-report-frames.js'
import { useReadyTimeout } from './useReadyTimeout.js'
import { EMBEDDED_REPORT_TEXT, withText, type IbvMessageOverrides } from './messages.js'
import { useLatest } from './useLatest.js'
import { useFrameMessages } from './useFrameMessages.js'
import { isUsable, useTokenQuery } from './useTokenQuery.js'
import { useHydrating } from './useHydrating.js'
import { prefetchedToken } from './prefetched.js'
import { classes } from './class-name.js'
import { ReportRefreshLabel } from './ReportRefreshLabel.js'
import type { ReportWhileRefreshing } from './useReportWhileRefreshing.js'

export interface EmbeddedReportProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError'> {
  /** The product request whose hosted report to show. */
  productRequestId: string
  /** The iframe's accessible name. @default 'Income and bank verification report' */
  title?: string
  /** A fixed iframe height; without it the height follows the portal's `ibv:resize` messages. */
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

/**
 * Re-mint for an expired document at most this often, so a clock skew cannot loop: a complaint
 * inside the window is deferred to its end, never dropped, and counts as a failed renewal.
 */
const EXPIRED_REMINT_MS = 10_000

/** Failed renewals in a row after which the error state and "Try again" are shown. */
const MAX_FAILED_RENEWALS = 3

/** Heights the portal may report, in CSS pixels; anything else is noise. */
const MAX_HEIGHT = 100_000

/**
 * The hosted report in a tokenized iframe that never goes stale: the token is renewed before its
 * 30-minute expiry and the new document replaces the old one only once loaded.
 *
 * @example
 * <EmbeddedReport productRequestId="IBV123" onError={(error) => log(error)} />
 */
export const EmbeddedReport = forwardRef<HTMLDivElement, EmbeddedReportProps>(function EmbeddedReport(
  { productRequestId, title, height, minHeight, renewLeadSeconds, retries, readyTimeoutMs, onError, onStateChange, renderLoading, renderError, messages, refreshing, className, ...rest },
  ref,
) {
  const context = useIbvContext('EmbeddedReport')
  const text = withText(EMBEDDED_REPORT_TEXT, context.messages, messages)
  const valid = typeof productRequestId === 'string' && productRequestId !== ''
  const hydrating = useHydrating()
  const { query, renew } = useTokenQuery(
    context,
    valid ? { type: 'embedded_report_token', productRequestId } : undefined,
    { renewLeadSeconds, retries, initialData: prefetchedToken(context.prefetched, productRequestId, renewLeadSeconds, hydrating) },
  )
  const [frames, setFrames] = useState<Frame[]>([])

  // Another product request: the previous report must not stay on screen while (or if) the new
  // one fails to load; unless the new one replaces it (a refresh), which then loads behind it.
  const [shownId, setShownId] = useState(productRequestId)
  if (shownId !== productRequestId) {
    setShownId(productRequestId)
    if (shownId !== refreshing?.previousProductRequestId) setFrames([])
  }

  // The iframe appears in the same commit as a usable token (adjusting state while rendering).
  // On the server and while hydrating, any token there is (from <IbvProvider prefetched>) is
  // shown, so hydration matches the server's HTML, where that iframe is already loading: it
  // counts as ready (a renewal loads behind it), and has the ready timeout to speak once asked
  // (ibv:hello). After that, only a usable token is.
  const token = hydrating || isUsable(query.data) ? query.data : undefined
  if (token && !frames.some((frame) => frame.token === token.accessToken)) {
    setFrames(withToken(frames, token.accessToken, hydrating))
  }

  // The portal's messages count only from the service's origin and from the window of one of
  // our frames: the iframes, in the order of `frames` (set as they are rendered; React detaches
  // every old ref, to null, before it attaches the new ones).
  const windows = useRef<(HTMLIFrameElement | null)[]>([])
  const [failedRenewals, setFailedRenewals] = useState(0)
  // When a token was last minted because a document said it expired.
  const remintedAt = useRef(0)
  useFrameMessages(context.serviceUrl, (data, source) => {
    const from = frames.find((_, index) => windows.current[index]?.contentWindow === source)
    // Object() makes any value (null, a string) safe to destructure.
    const { type, height: reported } = Object(data) as { type?: unknown; height?: unknown }
    if (!from) return
    // Any message of the report's protocol shows the page is there (the portal says its height at once).
    if (!from.spoke && typeof type === 'string' && type.startsWith('ibv:')) setFrames((current) => withReady(current, from.token))
    if (type === 'ibv:resize' && typeof reported === 'number' && reported > 0 && reported <= MAX_HEIGHT) {
      setFrames((current) => withReport(current, from.token, { height: Math.ceil(reported) }))
    }
    // Only the newest token's first complaint counts; one soon after a re-mint means it failed.
    if (type === 'ibv:token_expired' && from.token === query.data?.accessToken && !from.expired) {
      setFrames((current) => withReport(current, from.token, { expired: true, height: undefined }))
      setFailedRenewals(Date.now() - remintedAt.current < EXPIRED_REMINT_MS ? failedRenewals + 1 : 0)
    }
  })

  // A frame from the server's HTML may have loaded, and said its height, before this page
  // listened: it is asked to say it again (a frame still loading ignores it: another origin).
  useEffect(() => {
    for (const element of windows.current) element?.contentWindow?.postMessage({ type: 'ibv:hello' }, element.src)
  }, [])

  // A shown document that says it expired is replaced, now or when the window ends, unless the
  // renewals have failed too often in a row. Any good document that replaces it ends the error.
  const gaveUp = !!frames[0]?.expired && failedRenewals >= MAX_FAILED_RENEWALS
  const replace = !gaveUp && !frames[1] && frames[0]?.expired
  useEffect(() => {
    if (!replace) return
    const timer = setTimeout(() => {
      remintedAt.current = Date.now()
      renew()
    }, remintedAt.current + EXPIRED_REMINT_MS - Date.now())
    return () => clearTimeout(timer)
  }, [replace, renew])
  // After giving up, a person's "Try again" starts over (the count and the window both at 0), so
  // the expired document is replaced at once, not when the window ends.
  // A page that said nothing in time is hidden; "Try again" loads the report with a new token.
  useReadyTimeout(awaitedFrame(frames), readyTimeoutMs ?? context.readyTimeoutMs, (token) => setFrames((current) => withUnavailable(current, token)))
  const unavailable = frames.some((frame) => frame.unavailable)
  const retry = gaveUp ? () => setFailedRenewals((remintedAt.current = 0)) : renew

  // Built only for the instance that needs it, not when the module loads.
  const ownError = useMemo(
    () =>
      !valid
        ? new IbvError('invalid_request', '<EmbeddedReport> needs a non-empty productRequestId.', { fields: { productRequestId: ['is required'] } })
        : gaveUp
          ? new IbvError('unauthorized', 'The report token expired.')
          : unavailable
            ? new IbvError('timeout', 'The report page did not answer in time.')
            : null,
    [valid, gaveUp, unavailable],
  )
  const error = ownError ?? query.error
  const state = getEmbeddedReportState(frames, !!error, query.isFetching)
  // Callbacks are read when something new happens, so a new callback alone reports nothing.
  const callbacks = useLatest({ onError, onStateChange })
  useEffect(() => {
    // Invalid, the error is its own (no query runs): said once in the console too.
    if (!valid) console.error((error as IbvError).message)
    if (error) callbacks.current.onError?.(error)
  }, [error, valid, callbacks])
  useEffect(() => {
    callbacks.current.onStateChange?.(state)
  }, [state, callbacks])

  return (
    <div ref={ref} {...rest} className={classes('ibv-embedded-report', className)} data-state={state}>
      <ReportRefreshLabel refreshing={refreshing} />
      {frames.map((frame, index) => (
        <iframe
          key={frame.token}
          ref={(element) => {
            windows.current[index] = element
          }}
          src={embeddedReportUrl(context.serviceUrl, frame.token)}
          title={title ?? text.reportTitle}
          referrerPolicy="no-referrer"
          className="ibv-embedded-report__frame"
          data-frame={index ? 'next' : 'current'}
          // A document is hidden until its page has spoken (the browser's error page never does):
          // `visibility: hidden` alone keeps it from being seen, clicked, focused or read out.
          style={{
            // A fixed height, else the portal's. The next document loads at the least height, not the
            // current one: a page cannot measure itself smaller than the frame it fills.
            height: height ?? frame.height,
            minHeight,
            ...(!frame.ready && { position: 'absolute', inset: 0, visibility: 'hidden' }),
          }}
        />
      ))}
      {state === 'loading' &&
        (renderLoading ? renderLoading() : <p role="status" className="ibv-embedded-report__status">{text.reportLoading}</p>)}
      {state === 'error' &&
        (renderError ? (
          renderError({ error, retry })
        ) : (
          <div role="alert" className="ibv-embedded-report__error">
            <p>{text.reportError}</p>
            {valid && (
              <button type="button" className="ibv-button" onClick={retry}>
                {text.tryAgain}
              </button>
            )}
          </div>
        ))}
    </div>
  )
})
