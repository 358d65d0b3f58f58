'use client'
import { forwardRef, useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { IbvError, embeddedReportUrl } from '../core/index.js'
import { useIbvContext } from './context.js'
import { getEmbeddedReportState, withHeight, withLoaded, withToken, type EmbeddedReportState, type Frame } from './embedded-report-frames.js'
import { EMBEDDED_REPORT_TEXT, withText, type IbvMessageOverrides } from './messages.js'
import { useLatest } from './useLatest.js'
import { useFrameMessages } from './useFrameMessages.js'
import { isUsable, useTokenQuery } from './useTokenQuery.js'
import { classes } from './class-name.js'

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
  /** Called with each new failure of the token-fetcher. */
  onError?: (error: unknown) => void
  /** Called when `data-state` changes. */
  onStateChange?: (state: EmbeddedReportState) => void
  /** Replaces the default loading text. */
  renderLoading?: () => ReactNode
  /** Replaces the default error message and "Try again" button. */
  renderError?: (props: { error: unknown; retry: () => void }) => ReactNode
  /** Text overrides for this instance. */
  messages?: IbvMessageOverrides
}

/** Re-mint after `ibv:token_expired` at most this often, so a clock skew cannot loop. */
const EXPIRED_REMINT_MS = 10_000

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
  { productRequestId, title, height, minHeight, renewLeadSeconds, retries, onError, onStateChange, renderLoading, renderError, messages, className, ...rest },
  ref,
) {
  const context = useIbvContext('EmbeddedReport')
  const text = withText(EMBEDDED_REPORT_TEXT, context.messages, messages)
  const valid = typeof productRequestId === 'string' && productRequestId !== ''
  const { query, renew } = useTokenQuery(
    'EmbeddedReport',
    valid ? { type: 'embedded_report_token', productRequestId } : undefined,
    { renewLeadSeconds, retries },
  )
  const [frames, setFrames] = useState<Frame[]>([])

  // Another product request: the previous report must not stay on screen while (or if) the new
  // one fails to load.
  const [shownId, setShownId] = useState(productRequestId)
  if (shownId !== productRequestId) {
    setShownId(productRequestId)
    setFrames([])
  }

  // The iframe appears in the same commit as a usable token (adjusting state while rendering).
  const token = query.data
  if (isUsable(token) && !frames.some((frame) => frame.token === token.accessToken)) {
    setFrames(withToken(frames, token.accessToken))
  }

  // The portal's messages count only from the service's origin and from the window of one of
  // our frames, each registered under its token.
  const windows = useRef(new Map<string, HTMLIFrameElement>())
  const lastRemint = useRef(0)
  useFrameMessages(context.serviceUrl, (data, source) => {
    const from = [...windows.current].find(([, element]) => element.contentWindow === source)?.[0]
    // Object() makes any value (null, a string) safe to destructure.
    const { type, height: reported } = Object(data) as { type?: unknown; height?: unknown }
    if (from === undefined) return
    if (type === 'ibv:resize' && typeof reported === 'number' && reported > 0 && reported <= MAX_HEIGHT) {
      setFrames((current) => withHeight(current, from, Math.ceil(reported)))
    }
    // Only the newest token's complaint counts, and not more often than EXPIRED_REMINT_MS.
    if (type === 'ibv:token_expired' && from === query.data?.accessToken && Date.now() - lastRemint.current >= EXPIRED_REMINT_MS) {
      lastRemint.current = Date.now()
      renew()
    }
  })

  // Built only for the instance that needs it, not when the module loads.
  const invalidId = useMemo(
    () =>
      valid
        ? null
        : new IbvError('invalid_request', '<EmbeddedReport> needs a non-empty productRequestId.', { fields: { productRequestId: ['is required'] } }),
    [valid],
  )
  const error = invalidId ?? query.error
  const state = getEmbeddedReportState(frames, error !== null, query.isFetching)
  useEffect(() => {
    if (invalidId) console.error(invalidId.message)
  }, [invalidId])
  // Callbacks are read when something new happens, so a new callback alone reports nothing.
  const callbacks = useLatest({ onError, onStateChange })
  useEffect(() => {
    if (error) callbacks.current.onError?.(error)
  }, [error, callbacks])
  useEffect(() => {
    callbacks.current.onStateChange?.(state)
  }, [state, callbacks])

  return (
    <div ref={ref} {...rest} className={classes('ibv-embedded-report', className)} data-state={state}>
      {frames.map((frame, index) => (
        <iframe
          key={frame.token}
          ref={(element) => {
            if (element) windows.current.set(frame.token, element)
            else windows.current.delete(frame.token)
          }}
          src={embeddedReportUrl(context.serviceUrl, frame.token)}
          title={title ?? text.reportTitle}
          referrerPolicy="no-referrer"
          className="ibv-embedded-report__frame"
          data-frame={index === 0 ? 'current' : 'next'}
          aria-hidden={index === 0 ? undefined : true}
          onLoad={() => setFrames((current) => withLoaded(current, frame.token))}
          // The next document is hidden (so neither seen, focused nor read out) until it has loaded.
          style={{
            // A fixed height, else the portal's; the next document keeps the current height until it reports its own.
            height: height ?? frame.height ?? frames[0]?.height,
            minHeight,
            ...(index === 0 ? null : { position: 'absolute', inset: 0, visibility: 'hidden', pointerEvents: 'none' }),
          }}
        />
      ))}
      {state === 'loading' &&
        (renderLoading ? renderLoading() : <p role="status" className="ibv-embedded-report__status">{text.reportLoading}</p>)}
      {state === 'error' &&
        (renderError ? (
          renderError({ error, retry: renew })
        ) : (
          <div role="alert" className="ibv-embedded-report__error">
            <p>{text.reportError}</p>
            {valid && (
              <button type="button" className="ibv-button" onClick={renew}>
                {text.tryAgain}
              </button>
            )}
          </div>
        ))}
    </div>
  )
})
