'use client'
import { forwardRef } from 'react'
import { useIbvContext } from './context.js'
import { EMBEDDED_REPORT_TEXT, withText } from '../core/messages.js'
import { EMBEDDED_REPORT_CLASS } from '../core/component-names.js'
import { useHydrating } from './useHydrating.js'
import { useEmbedSession } from './useEmbedSession.js'
import { classes } from './class-name.js'
import { ReportRefreshLabel } from './ReportRefreshLabel.js'
import { EmbeddedReportFrame } from './EmbeddedReportFrame.js'
import { EmbeddedReportStatus } from './EmbeddedReportStatus.js'
import type { EmbeddedReportProps } from './embedded-report-props.js'

/**
 * The hosted report in a tokenized iframe that never goes stale: the token is renewed before its
 * 30-minute expiry and the new document replaces the old one only once loaded. Every prop may
 * change after mount; a new `productRequestId` or service URL shows another report.
 *
 * @example
 * <EmbeddedReport productRequestId="IBV123" onError={(error) => log(error)} />
 */
export const EmbeddedReport = forwardRef<HTMLDivElement, EmbeddedReportProps>(
  function EmbeddedReport(props, ref) {
    const hydrating = useHydrating()
    const { session, snapshot, rest } = useEmbedSession(props, hydrating)
    const { title, height, minHeight, renderLoading, renderError, messages, ...div } = rest
    const { refreshing, className, ...attributes } = div
    const context = useIbvContext('EmbeddedReport')
    const text = withText(EMBEDDED_REPORT_TEXT, context.messages, messages)
    const { frames, ...status } = snapshot
    return (
      <div
        ref={ref}
        lang={context.locale?.code}
        {...attributes}
        className={classes(EMBEDDED_REPORT_CLASS, className)}
        data-state={status.state}
      >
        <ReportRefreshLabel refreshing={refreshing} />
        {frames.map((frame, index) => (
          <EmbeddedReportFrame
            key={frame.token}
            frame={frame}
            role={index ? 'next' : 'current'}
            title={title ?? text.reportTitle}
            height={height}
            minHeight={minHeight}
            hydrating={hydrating}
            attach={(element) => session.frameAttached(frame.token, element)}
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
