'use client'
import { forwardRef, useEffect, useState, useSyncExternalStore } from 'react'
import { createEmbedSession, type EmbedSession } from '../core/embed-session.js'
import { listenToPage } from '../core/page-events.js'
import { useIbvContext } from './context.js'
import { EMBEDDED_REPORT_TEXT, withText } from '../core/messages.js'
import { useLatest } from './useLatest.js'
import { freshToken } from './token-cache.js'
import * as ibvKeys from '../core/query-keys.js'
import { useHydrating } from './useHydrating.js'
import { classes } from './class-name.js'
import { ReportRefreshLabel } from './ReportRefreshLabel.js'
import { EmbeddedReportStatus } from './EmbeddedReportStatus.js'
import type { EmbeddedReportProps } from './embedded-report-props.js'

/**
 * The hosted report in a tokenized iframe that never goes stale: the token is renewed before its
 * 30-minute expiry and the new document replaces the old one only once loaded.
 *
 * @example
 * <EmbeddedReport productRequestId="IBV123" onError={(error) => log(error)} />
 */
export const EmbeddedReport = forwardRef<HTMLDivElement, EmbeddedReportProps>(
  function EmbeddedReport(props, ref) {
    const {
      productRequestId,
      title,
      height,
      minHeight,
      renewLeadSeconds,
      retries,
      readyTimeoutMs,
      onError,
      onStateChange,
      renderLoading,
      renderError,
      messages,
      refreshing,
      className,
      ...rest
    } = props
    const { queryClient, fetchers, serviceUrl, serviceOrigins, ...context } =
      useIbvContext('EmbeddedReport')
    const text = withText(EMBEDDED_REPORT_TEXT, context.messages, messages)
    const hydrating = useHydrating()
    // Callbacks are read when something new happens, so a new callback alone reports nothing.
    const callbacks = useLatest({ onError, onStateChange })
    // Tokens from React Query's cache, where every instance of the report shares them.
    const request = { type: 'embedded_report_token', productRequestId } as const
    const open = (replaces?: EmbedSession) =>
      createEmbedSession({
        token: queryClient.getQueryData(ibvKeys.token(request)),
        getToken: (stale) =>
          freshToken(queryClient, fetchers, request, { renewLeadSeconds, retries }, stale),
        productRequestId,
        serviceUrl,
        serviceOrigins,
        locale: context.locale?.code,
        localeParam: context.localeParam,
        replaces,
        prefetched: context.prefetched,
        hydrating,
        renewLeadSeconds,
        readyTimeoutMs: readyTimeoutMs ?? context.readyTimeoutMs,
        onError: (error) => callbacks.current.onError?.(error),
        onStateChange: (state) => callbacks.current.onStateChange?.(state),
      })
    // One session per report and language. A new one shows no previous report, unless it replaces it
    // (a refresh, the same report in another language): that stays on screen while the new one loads.
    const [session, setSession] = useState(() => open())
    const { options } = session
    const relanguaged =
      options.locale !== context.locale?.code || options.localeParam !== context.localeParam
    if (
      options.productRequestId !== productRequestId ||
      options.serviceUrl !== serviceUrl ||
      options.serviceOrigins !== serviceOrigins ||
      relanguaged
    ) {
      const sameReport =
        options.productRequestId === productRequestId && options.serviceUrl === serviceUrl
      setSession(
        open(
          sameReport || options.productRequestId === refreshing?.previousProductRequestId
            ? session
            : undefined,
        ),
      )
    }
    const { frames, ...status } = useSyncExternalStore(
      session.subscribe,
      session.getSnapshot,
      session.getSnapshot,
    )
    useEffect(() => session.start(listenToPage), [session])

    return (
      <div
        ref={ref}
        lang={context.locale?.code}
        {...rest}
        className={classes('ibv-embedded-report', className)}
        data-state={status.state}
      >
        <ReportRefreshLabel refreshing={refreshing} />
        {frames.map((frame, index) => (
          <iframe
            key={frame.token}
            ref={(element) => session.frameAttached(frame.token, element)}
            src={frame.src}
            title={title ?? text.reportTitle}
            referrerPolicy="no-referrer"
            className="ibv-embedded-report__frame"
            data-frame={index ? 'next' : 'current'}
            // A fixed height, else the portal's (the next one loads at the least). Hidden until its page
            // speaks: `visibility: hidden` alone keeps it from being seen, clicked, focused or read out.
            // Set once hydrated, through the DOM: a style attribute in server HTML is what a policy
            // without 'unsafe-inline' styles blocks (the first paint's frame is a ready one). A height
            // in pixels is also the frame's own attribute, which no policy blocks: the first paint has it.
            height={typeof height === 'number' ? height : undefined}
            style={
              hydrating
                ? undefined
                : {
                    height: height ?? frame.height,
                    minHeight,
                    ...(!frame.ready && { position: 'absolute', inset: 0, visibility: 'hidden' }),
                  }
            }
          />
        ))}
        <EmbeddedReportStatus
          {...status}
          text={text}
          renderLoading={renderLoading}
          renderError={renderError}
          retry={session.retry}
        />
      </div>
    )
  },
)
