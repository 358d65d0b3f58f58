import { describe, expect, it } from 'vitest'
import { REPORT_STATUSES, describeStatus, isReportStatus } from '../../src/core/index.js'

describe('REPORT_STATUSES', () => {
  it('lists the six states of the service API, each once', () => {
    expect([...REPORT_STATUSES].sort()).toEqual([
      'complete',
      'generation_failed',
      'ibv_data_acquire_failed',
      'ibv_data_acquired',
      'initiated',
      'reconnect_required',
    ])
  })
})

describe('describeStatus', () => {
  it.each([
    ['initiated', 'progress', false, false],
    ['reconnect_required', 'warning', false, true],
    ['ibv_data_acquire_failed', 'danger', true, true],
    ['ibv_data_acquired', 'progress', false, false],
    ['generation_failed', 'danger', true, false],
    ['complete', 'success', true, false],
  ] as const)(
    '%s: tone %s, terminal %s, needsReconnect %s',
    (status, tone, terminal, needsReconnect) => {
      const description = describeStatus(status)
      expect(description).toMatchObject({ status, known: true, tone, terminal, needsReconnect })
      expect(description.label).not.toBe('')
      expect(description.description.length).toBeGreaterThan(10)
    },
  )

  it('gives every known state its own label', () => {
    const labels = REPORT_STATUSES.map((status) => describeStatus(status).label)
    expect(new Set(labels).size).toBe(REPORT_STATUSES.length)
  })

  it('answers safely for a status the service may add later, keeping the raw value', () => {
    expect(describeStatus('under_review')).toEqual({
      status: 'under_review',
      known: false,
      label: 'Unknown status',
      tone: 'neutral',
      terminal: false,
      needsReconnect: false,
      description: 'This page does not know the status "under_review" yet.',
    })
  })

  it('does not mistake object-prototype names or case variants for known states', () => {
    for (const status of ['constructor', '__proto__', 'toString', 'COMPLETE', ' complete', '']) {
      expect(describeStatus(status).known).toBe(false)
    }
  })

  it('tolerates non-string input from untyped callers', () => {
    expect(describeStatus(undefined as unknown as string)).toMatchObject({
      status: 'undefined',
      known: false,
    })
    expect(describeStatus(Object.create(null) as string)).toMatchObject({ known: false })
  })
})

describe('isReportStatus', () => {
  it('accepts the six states and nothing else', () => {
    expect(REPORT_STATUSES.every(isReportStatus)).toBe(true)
    expect([undefined, null, 1, 'done', {}].some(isReportStatus)).toBe(false)
  })
})
