import { IbvError, type PrefetchedReport } from '../core/index.js'
import type { AuthorizeContext } from './authorize.js'
import type { IbvClient } from './client.js'
import { idProblem } from './ids.js'
import { MAX_TIMER_MS } from './option-checks.js'
import { upstreamDeadline } from './upstream-signal.js'

export interface PrefetchReportOptions {
  /**
   * Also hand over the service's answer (the report when it is complete, else its 202 body), so
   * `useIbvReport` and `<ReportView>` start from it. False keeps only the status, for a page that
   * shows the iframe and a badge and wants the smallest HTML. @default true
   */
  includeReport?: boolean
  /**
   * Milliseconds the page waits for the service: a part not there by then is null (and a
   * `timeout` is told to `onError`), and the browser asks for it as it would without a prefetch.
   * A deadline like the backend's `upstreamTimeoutMs` (and never longer than it): every attempt
   * and the waits between retries count, the calls still under way are then cancelled (a token
   * mint shared with other viewers goes on for them), and none starts after `request` is aborted.
   * The page's first byte waits for this, so keep it short. A whole number from 1 to
   * 2147483647 (the longest timer); anything else throws an `invalid_request` `IbvError` before
   * `authorize` is asked. @default 3000
   */
  timeoutMs?: number
}

interface PrefetcherParts {
  allowed: (context: AuthorizeContext) => Promise<boolean>
  embeddedToken: (
    productRequestId: string,
    signal?: AbortSignal,
  ) => Promise<{ access_token: string; expires_in: number }>
  client: IbvClient
  onError: (error: unknown) => void
  /** The backend's `upstreamTimeoutMs`: `timeoutMs` is never longer. */
  upstreamTimeoutMs: number
}

/**
 * The backend's `prefetch`: checks what it is given, asks `authorize` both questions, then reads
 * the token and the report at once.
 */
export function createPrefetcher({
  allowed,
  embeddedToken,
  client,
  onError,
  upstreamTimeoutMs,
}: PrefetcherParts) {
  return async (
    request: Request,
    productRequestId: string,
    { includeReport = true, timeoutMs = 3000 }: PrefetchReportOptions = {},
  ): Promise<PrefetchedReport | null> => {
    if (!(request instanceof Request))
      throw new TypeError(
        "Prefetching a report needs the caller's request (in a Server Component: new Request(url, { headers: await headers() })).",
      )
    if (typeof productRequestId !== 'string' || productRequestId.trim() === '') {
      throw new IbvError(
        'invalid_request',
        'Prefetching a report needs a non-empty productRequestId.',
        { source: 'app', fields: { productRequestId: ['is required'] } },
      )
    }
    const idRefused = idProblem('productRequestId', productRequestId)
    if (idRefused)
      throw new IbvError('invalid_request', `Prefetching a report: ${idRefused}.`, {
        source: 'app',
        fields: { productRequestId: [idRefused] },
      })
    if (!(Number.isSafeInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= MAX_TIMER_MS)) {
      const problem = `must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, not ${typeof timeoutMs === 'string' ? JSON.stringify(timeoutMs) : String(timeoutMs)}`
      throw new IbvError('invalid_request', `Prefetching a report: timeoutMs ${problem}.`, {
        source: 'app',
        fields: { timeoutMs: [problem] },
      })
    }
    const answers = await Promise.all([
      allowed({ request, action: 'token', kind: 'embedded_report_token', productRequestId }),
      allowed({ request, action: 'report', productRequestId }),
    ])
    if (answers.includes(false)) return null
    // Both calls are aborted at the deadline, as the routes' are (a mint shared with viewers still
    // waiting goes on for them). The token's age counts from when it arrived, not from when the
    // slower of the two ended.
    const deadline = upstreamDeadline(request, Math.min(timeoutMs, upstreamTimeoutMs))
    const [minted, read] = await Promise.allSettled([
      inTime(
        embeddedToken(productRequestId, deadline).then(({ access_token, expires_in }) => ({
          access_token,
          expires_in,
          issued_at: Date.now(),
        })),
        deadline,
      ),
      inTime(client.getReport(productRequestId, { signal: deadline }), deadline),
    ])
    const prefetched: PrefetchedReport = {
      productRequestId,
      fetched_at: Date.now(),
      token: null,
      status: null,
    }
    // A page request that was aborted (its client left) is no failure to report.
    const told = (error: unknown) => {
      if (!request.signal.aborted) onError(error)
    }
    if (minted.status === 'fulfilled') prefetched.token = minted.value
    else told(minted.reason)
    if (read.status === 'fulfilled') {
      const result = read.value
      prefetched.status =
        result.kind === 'ready' ? result.report.ibv_report_status : result.pending.ibv_report_status
      if (includeReport)
        prefetched.answer =
          result.kind === 'ready'
            ? { kind: 'ready', report: result.report }
            : { kind: 'pending', pending: result.pending }
    } else told(read.reason)
    return prefetched
  }
}

/** `work`, or a `timeout` IbvError once `deadline` aborts, whichever comes first. */
function inTime<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const late = () =>
      reject(
        new IbvError(
          'timeout',
          'Prefetching the report: the service did not answer in time; the browser will ask for it.',
        ),
      )
    if (deadline.aborted) late()
    deadline.addEventListener('abort', late, { once: true })
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', late))
  })
}
