'use client'
import { forwardRef, useEffect, useMemo, useReducer, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { IbvError, embeddedReportUrl } from '../core/index.js'
import { useIbvContext } from './context.js'
import { framesReducer, getEmbeddedReportState, initialFrames, type EmbeddedReportState } from './embedded-report-frames.js'
import { EMBEDDED_REPORT_TEXT, withText, type IbvMessageOverrides } from './messages.js'
import { usePortalMessages } from './usePortalMessages.js'
import { isUsable, useTokenQuery } from './useTokenQuery.js'

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
  const [{ frames }, dispatch] = useReducer(framesReducer, initialFrames)

  // Another product request: the previous report must not stay on screen while (or if) the new
  // one fails to load.
  const [shownId, setShownId] = useState(productRequestId)
  if (shownId !== productRequestId) {
    setShownId(productRequestId)
    dispatch({ type: 'reset' })
  }

  // The iframe appears in the same commit as a usable token (adjusting state while rendering).
  const token = query.data
  if (isUsable(token) && !frames.some((frame) => frame.token === token.accessToken)) {
    dispatch({ type: 'token', token: token.accessToken, src: embeddedReportUrl(context.serviceUrl, token.accessToken) })
  }

  const lastRemint = useRef(0)
  const frameRef = usePortalMessages(context.serviceUrl, {
    onResize: (key, measured) => dispatch({ type: 'resized', key, height: measured }),
    onTokenExpired: (key) => {
      const frame = frames.find((candidate) => candidate.key === key)
      if (frame?.token !== query.data?.accessToken || Date.now() - lastRemint.current < EXPIRED_REMINT_MS) return
      lastRemint.current = Date.now()
      renew()
    },
  })

  // Built only for the instance that needs it, not when the module loads.
  const invalidId = useMemo(
    () => (valid ? null : new IbvError('invalid_request', 'EmbeddedReport needs a productRequestId.', { fields: { productRequestId: ['is required'] } })),
    [valid],
  )
  const error = valid ? query.error : invalidId
  const state = getEmbeddedReportState(frames, error !== null, query.isFetching)
  useEffect(() => {
    if (!valid) console.error('<EmbeddedReport> needs a non-empty productRequestId; nothing is fetched until it has one.')
  }, [valid])
  // Callbacks are read when something new happens, so a new callback alone reports nothing.
  const callbacks = useRef({ onError, onStateChange })
  useEffect(() => {
    callbacks.current = { onError, onStateChange }
  })
  useEffect(() => {
    if (error) callbacks.current.onError?.(error)
  }, [error])
  useEffect(() => {
    callbacks.current.onStateChange?.(state)
  }, [state])

  const current = frames[0]
  const frameHeight = height ?? current?.height
  return (
    <div ref={ref} {...rest} className={['ibv-embedded-report', className].filter(Boolean).join(' ')} data-state={state}>
      {frames.map((frame, index) => (
        <iframe
          key={frame.key}
          ref={frameRef(frame.key)}
          src={frame.src}
          title={title ?? text.reportTitle}
          referrerPolicy="no-referrer"
          className="ibv-embedded-report__frame"
          data-frame={index === 0 ? 'current' : 'next'}
          aria-hidden={index === 0 ? undefined : true}
          tabIndex={index === 0 ? undefined : -1}
          onLoad={() => dispatch({ type: 'loaded', key: frame.key })}
          style={{
            height: (index === 0 ? frameHeight : frame.height ?? frameHeight) ?? undefined,
            minHeight: minHeight ?? undefined,
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
