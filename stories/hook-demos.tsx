// The demo components of the hooks' stories. They live outside the *.stories.tsx files so that
// Storybook's docgen (which skips story files) reads their props: the options tables of the hooks'
// pages come from the hooks' own option types and their JSDoc.
import { useState } from 'react'
import {
  ReportStatusBadge,
  useConnectWidget,
  useIbvEvents,
  useIbvReport,
  useRefreshReport,
  type LiveEvent,
  type UseConnectWidgetOptions,
  type UseIbvEventsOptions,
  type UseIbvReportOptions,
  type UseRefreshReportOptions,
} from 'ibv-kit'
import { productRequest } from './fixtures.ts'

/** The demos' own text in the components' font (Inter in the visual tests, as before). */
export const demoText = { fontFamily: 'var(--ibv-font)' } as const

export interface ReportStatusDemoProps extends UseIbvReportOptions {
  /** The product request whose report to read. */
  productRequestId: string
}

/** What `useIbvReport` returns, shown as a loan file would: status, accounts, final, errors. */
export function ReportStatusDemo({ productRequestId, ...options }: ReportStatusDemoProps) {
  const { status, report, pending, error, final, isLoading, refetch } = useIbvReport(
    productRequestId,
    options,
  )
  return (
    <section
      aria-label="Report"
      style={{ ...demoText, display: 'grid', gap: 8, justifyItems: 'start' }}
    >
      {status && <ReportStatusBadge status={status} showDescription />}
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px', margin: 0 }}>
        <dt>isLoading</dt>
        <dd data-field="isLoading">{String(isLoading)}</dd>
        <dt>status</dt>
        <dd data-field="status">{status ?? '—'}</dd>
        <dt>final</dt>
        <dd data-field="final">{String(final)}</dd>
        <dt>report</dt>
        <dd data-field="report">
          {report
            ? `${report.accounts.length} accounts, reference date ${report.reference_date}`
            : '—'}
        </dd>
        <dt>pending</dt>
        <dd data-field="pending">{pending ? pending.ibv_report_status : '—'}</dd>
        <dt>error</dt>
        <dd data-field="error">{error ? error.message : '—'}</dd>
      </dl>
      <button type="button" className="ibv-button" onClick={() => void refetch()}>
        Read again
      </button>
    </section>
  )
}

/** An app's own trigger for the widget: a link-styled button, the widget's state, and its events. */
export function ConnectWidgetDemo(props: UseConnectWidgetOptions) {
  const [result, setResult] = useState('Not connected yet.')
  const [events, setEvents] = useState<string[]>([])
  const { open, state, widget } = useConnectWidget({
    ...props,
    onEvent: (name, metadata) => {
      props.onEvent?.(name, metadata)
      setEvents((list) => [...list, name])
    },
    onSuccess: (success) => {
      props.onSuccess?.(success)
      setResult(`Connected ${success.institution.name}: ${success.productRequestId}`)
    },
    onExit: (error, metadata) => {
      props.onExit?.(error, metadata)
      setResult(error ? `Exited: ${error.code}.` : 'Exited without connecting.')
    },
  })
  return (
    <div style={{ ...demoText, display: 'grid', gap: 8, justifyItems: 'start' }}>
      <p style={{ margin: 0 }}>
        To check your income, we read your bank data once.{' '}
        <button
          type="button"
          onClick={() => void open()}
          aria-busy={state === 'loading' || undefined}
          style={{ font: 'inherit', padding: '2px 8px' }}
        >
          Link my bank account
        </button>
      </p>
      <p style={{ margin: 0 }}>
        Widget state: <code data-field="state">{state}</code>
      </p>
      <p role="status" style={{ margin: 0 }}>
        {result}
      </p>
      <ol aria-label="Widget events" style={{ margin: 0, fontFamily: 'monospace', fontSize: 13 }}>
        {events.map((name, index) => (
          <li key={index}>{name}</li>
        ))}
      </ol>
      {widget}
    </div>
  )
}

export interface RefreshDemoProps extends UseRefreshReportOptions {
  /** The consumer whose report to refresh. */
  consumerId: string
}

/** An app's own refresh control: a button, then the classified outcome in its own words. */
export function RefreshDemo({ consumerId, ...options }: RefreshDemoProps) {
  const [newRequest, setNewRequest] = useState<string>()
  const { refresh, outcome, error, isPending } = useRefreshReport(consumerId, {
    ...options,
    onRefreshed: (productRequestId) => {
      options.onRefreshed?.(productRequestId)
      setNewRequest(productRequestId)
    },
  })
  return (
    <div style={{ ...demoText, display: 'grid', gap: 8, justifyItems: 'start' }}>
      <button type="button" className="ibv-button" onClick={refresh} disabled={isPending}>
        {isPending ? 'Refreshing…' : 'Refresh bank data'}
      </button>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px', margin: 0 }}>
        <dt>outcome.kind</dt>
        <dd data-field="kind">{outcome?.kind ?? '—'}</dd>
        <dt>outcome.message</dt>
        <dd data-field="message">{outcome?.message ?? '—'}</dd>
        <dt>onRefreshed</dt>
        <dd data-field="refreshed">{newRequest ?? '—'}</dd>
        <dt>error</dt>
        <dd data-field="error">{error ? error.message : '—'}</dd>
      </dl>
    </div>
  )
}

/** The events of the backend's stream as they land, and a button that makes the sandbox send one. */
export function LiveEventsDemo(options: UseIbvEventsOptions) {
  const [events, setEvents] = useState<LiveEvent[]>([])
  const [busy, setBusy] = useState(false)
  useIbvEvents({
    ...options,
    onEvent: (event) => {
      options.onEvent?.(event)
      setEvents((list) => [...list, event])
    },
  })
  return (
    <div style={{ ...demoText, display: 'grid', gap: 8, justifyItems: 'start' }}>
      <button
        type="button"
        className="ibv-button"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          // A product request whose report the sandbox then generates: its webhook reaches the
          // backend, which passes it down the stream.
          await productRequest({ institution: 'Platypus Bank' }).finally(() => setBusy(false))
        }}
      >
        Create a product request
      </button>
      <ol aria-label="Live events" style={{ margin: 0, fontFamily: 'monospace', fontSize: 13 }}>
        {events.map((event, index) => (
          <li key={index}>
            {event.event} {event.productRequestId ?? ''}
          </li>
        ))}
      </ol>
      {events.length === 0 && <p style={{ margin: 0 }}>No events yet.</p>}
    </div>
  )
}
