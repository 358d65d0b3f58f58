import type { ReportApiVersion } from '../core/index.js'
import type { IbvClient, ReportResult } from './client.js'
import type { ReportCache } from './report-cache.js'
import { sharedFlights } from './shared-flights.js'
import { stoppedBy } from './upstream-signal.js'

/** How long a claim on an upstream read holds: a holder that dies is replaced after this. */
const HOLD_MS = 5_000
/** How often a viewer waiting for another instance's read looks for its answer. */
const WAIT_STEP_MS = 25

/**
 * Report reads shared by concurrent viewers, called only after `authorize` said yes to each: in
 * this process one upstream read per product request and version at a time, which every viewer
 * asking meanwhile joins; with a `cache`, the answer is also shared for its `ttlMs`, and across
 * instances one claims the read while the others wait for its answer (or read themselves once the
 * claim lapses). A failed read is shared by the viewers that joined it, and never kept. A viewer
 * whose signal aborts (gone, or out of time) stops waiting; the read itself is aborted only once
 * every viewer waiting on it has gone.
 */
export function sharedReportReads(
  client: IbvClient,
  cache: ReportCache | undefined,
  report: (error: unknown) => void,
) {
  const inFlight = sharedFlights<ReportResult>()
  const upstream = (productRequestId: string, version: ReportApiVersion, signal: AbortSignal) =>
    client.getReport(productRequestId, { version, signal })

  // Each step of the cache may fail: the failure is told, and the read goes on as without a cache.
  const attempt = async <T>(step: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await step()
    } catch (error) {
      report(error)
      return undefined
    }
  }

  const throughCache = async (
    shared: ReportCache,
    productRequestId: string,
    version: ReportApiVersion,
    signal: AbortSignal,
  ): Promise<ReportResult> => {
    const deadline = Date.now() + 2 * HOLD_MS
    for (;;) {
      if (signal.aborted) throw stoppedBy(signal)
      const seen = await attempt(() => shared.read(productRequestId, version))
      if (!seen) return upstream(productRequestId, version, signal)
      if (seen.answer) return seen.answer
      const claim = await attempt(() => shared.claim(productRequestId, version, HOLD_MS))
      if (claim !== undefined || Date.now() >= deadline) {
        try {
          const answer = await upstream(productRequestId, version, signal)
          await attempt(() => shared.write(productRequestId, version, answer, seen.generation))
          return answer
        } finally {
          if (claim !== undefined)
            await attempt(() => shared.release(productRequestId, version, claim))
        }
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
    }
  }

  return {
    /** The report, read or joined; `signal` is this viewer's (its deadline, or its going away). */
    read(
      productRequestId: string,
      version: ReportApiVersion,
      signal?: AbortSignal,
    ): Promise<ReportResult> {
      const start = (shared: AbortSignal) =>
        cache
          ? throughCache(cache, productRequestId, version, shared)
          : upstream(productRequestId, version, shared)
      return inFlight.join(`${version}:${productRequestId}`, start, signal)
    },
    /** A webhook changed this report: reads from now on start afresh, and nothing kept is shared. */
    async forget(productRequestId: string): Promise<void> {
      inFlight.forget(`v1:${productRequestId}`)
      inFlight.forget(`v2:${productRequestId}`)
      if (cache) await attempt(() => cache.forget(productRequestId))
    },
  }
}
