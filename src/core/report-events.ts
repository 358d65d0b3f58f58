import type { ReportAnswer } from './fetchers.js'
import { describeStatus } from './statuses.js'

/**
 * What a relayed event does to one cached report answer: `write` this answer (the event told all
 * there was to know), `read` the report again, or `keep` what is cached (it cannot change).
 */
export type ReportEventEffect =
  { kind: 'write'; answer: ReportAnswer } | { kind: 'read' } | { kind: 'keep' }

const READ: ReportEventEffect = { kind: 'read' }
const KEEP: ReportEventEffect = { kind: 'keep' }

/**
 * The effect of the webhook event `event` on a report's cached answer. A report that is there, or
 * a final status, never changes: kept. `report_generation_failed` carries the final status
 * (`generation_failed`): written, no read. `report_generated` says the report is `complete`, but
 * its accounts must be read: read. `data_pull_via_connection_failed` has no specified payload, so
 * which report it concerns is not known: every report still under way is read.
 *
 * @example
 * const effect = reportEventEffect('report_generation_failed', cached)
 * if (effect.kind === 'write') cache.set(id, effect.answer)
 */
export function reportEventEffect(
  event: string,
  cached: ReportAnswer | undefined,
): ReportEventEffect {
  if (!cached) return READ
  if (cached.kind === 'ready' || describeStatus(cached.pending.ibv_report_status).terminal)
    return KEEP
  if (event === 'report_generation_failed')
    return {
      kind: 'write',
      answer: {
        kind: 'pending',
        pending: { ...cached.pending, ibv_report_status: 'generation_failed' },
      },
    }
  return READ
}

/** Whether the event is about the one report its payload names (else it may concern any report). */
export function namesItsReport(event: string): boolean {
  return event === 'report_generated' || event === 'report_generation_failed'
}
