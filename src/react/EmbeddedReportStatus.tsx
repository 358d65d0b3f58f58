'use client'
import type { EmbedSnapshot } from '../core/embed-session.js'
import type { EMBEDDED_REPORT_TEXT } from '../core/messages.js'
import type { EmbeddedReportProps } from './embedded-report-props.js'

interface EmbeddedReportStatusProps
  extends
    Pick<EmbedSnapshot, 'state' | 'error' | 'canRetry'>,
    Pick<EmbeddedReportProps, 'renderLoading' | 'renderError'> {
  retry: () => void
  text: typeof EMBEDDED_REPORT_TEXT
}

/** What `<EmbeddedReport>` says beside its frames: loading, or the error with "Try again"; the render props' instead when given. */
export function EmbeddedReportStatus({
  state,
  error,
  canRetry,
  retry,
  text,
  renderLoading,
  renderError,
}: EmbeddedReportStatusProps) {
  if (state === 'loading')
    return renderLoading ? (
      renderLoading()
    ) : (
      <p role="status" className="ibv-embedded-report__status">
        {text.reportLoading}
      </p>
    )
  if (state !== 'error') return null
  if (renderError) return renderError({ error, retry })
  return (
    <div role="alert" className="ibv-embedded-report__error">
      <p>{text.reportError}</p>
      {canRetry && (
        <button type="button" className="ibv-button" onClick={() => retry()}>
          {text.tryAgain}
        </button>
      )}
    </div>
  )
}
