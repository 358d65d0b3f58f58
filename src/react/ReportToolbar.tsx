'use client'
import { useId } from 'react'
import type { REPORT_VIEW_TEXT } from './messages.js'

export interface ReportToolbarProps {
  filter: string
  onFilter: (filter: string) => void
  /** What the filter shows, e.g. "44 of 2,016 features match"; empty when there is no filter. */
  matches: string
  revealed: boolean
  onReveal: (revealed: boolean) => void
  onCopy: () => void
  onDownload: () => void
  /** What the last copy did. */
  status: string
  messages: typeof REPORT_VIEW_TEXT
}

/** The filter box over feature names, the personal-data switch, and the CSV buttons. */
export function ReportToolbar({ filter, onFilter, matches, revealed, onReveal, onCopy, onDownload, status, messages }: ReportToolbarProps) {
  const id = useId()
  return (
    <div className="ibv-report-view__toolbar">
      <div className="ibv-report-view__filter">
        <label htmlFor={id}>{messages.filterFeatures}</label>
        <input id={id} type="search" value={filter} autoComplete="off" spellCheck={false} onChange={(event) => onFilter(event.target.value)} />
        <span role="status" className="ibv-report-view__matches">
          {matches}
        </span>
      </div>
      <div className="ibv-report-view__actions">
        <button type="button" className="ibv-report-view__button" aria-pressed={revealed} onClick={() => onReveal(!revealed)}>
          {messages.showPersonalData}
        </button>
        <button type="button" className="ibv-report-view__button" onClick={onCopy}>
          {messages.copyCsv}
        </button>
        <button type="button" className="ibv-report-view__button" onClick={onDownload}>
          {messages.downloadCsv}
        </button>
        <span role="status" className="ibv-report-view__copy-status">
          {status}
        </span>
      </div>
    </div>
  )
}
