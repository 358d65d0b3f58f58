import { describe, expect, it } from 'vitest'
import { namesItsReport, reportEventEffect } from '../../src/core/report-events.js'
import type { ReportAnswer } from '../../src/core/fetchers.js'

const pending = (status: string): ReportAnswer => ({
  kind: 'pending',
  pending: {
    product_request_id: 'IBV1',
    ibv_report: 'https://service.test/api/v2/ibv/requests/IBV1',
    ibv_report_status: status,
    message: 'Check back later.',
    ibv_connection_link: 'https://service.test/connect',
  },
})
const ready = {
  kind: 'ready',
  report: { product_request_id: 'IBV1', ibv_report_status: 'complete', accounts: [] },
} as unknown as ReportAnswer

describe('reportEventEffect', () => {
  it('writes the final status of a failed generation into a report under way, with no read', () => {
    expect(reportEventEffect('report_generation_failed', pending('ibv_data_acquired'))).toEqual({
      kind: 'write',
      answer: pending('generation_failed'),
    })
  })

  it('reads a generated report (its accounts are not in the event)', () => {
    expect(reportEventEffect('report_generated', pending('ibv_data_acquired'))).toEqual({
      kind: 'read',
    })
  })

  it('reads every report under way on a failed data pull (its payload names none for sure)', () => {
    expect(reportEventEffect('data_pull_via_connection_failed', pending('initiated'))).toEqual({
      kind: 'read',
    })
    expect(namesItsReport('data_pull_via_connection_failed')).toBe(false)
    expect(namesItsReport('report_generated')).toBe(true)
  })

  it('keeps a report that is there or final; reads when nothing is cached', () => {
    for (const event of [
      'report_generated',
      'report_generation_failed',
      'data_pull_via_connection_failed',
    ]) {
      expect(reportEventEffect(event, ready)).toEqual({ kind: 'keep' })
      expect(reportEventEffect(event, pending('ibv_data_acquire_failed'))).toEqual({ kind: 'keep' })
      expect(reportEventEffect(event, undefined)).toEqual({ kind: 'read' })
    }
  })
})
