import { describe, expectTypeOf, it } from 'vitest'
import type {
  RefreshOutcome,
  RefreshOutcomeKind,
  ReportStatus,
  WebhookEvent,
} from '../../src/core/index.js'

describe('RefreshOutcome', () => {
  it('has exactly the seven kinds: one per refresh case of the service API, and unknown', () => {
    expectTypeOf<RefreshOutcomeKind>().toEqualTypeOf<
      | 'submitted'
      | 'invalid_connection'
      | 'data_pull_failed'
      | 'consumer_not_found'
      | 'refresh_not_ready'
      | 'refresh_failed'
      | 'unknown'
    >()
  })

  it('narrows on kind: a submitted outcome always names the new product request', () => {
    const outcome = {} as RefreshOutcome
    if (outcome.kind === 'submitted') expectTypeOf(outcome.productRequestId).toEqualTypeOf<string>()
    if (outcome.kind === 'refresh_not_ready')
      expectTypeOf(outcome.connectionLink).toEqualTypeOf<string | undefined>()
    if (outcome.kind === 'consumer_not_found')
      expectTypeOf(outcome).not.toHaveProperty('connectionLink')
    if (outcome.kind === 'unknown') expectTypeOf(outcome.body).toEqualTypeOf<unknown>()
  })
})

describe('WebhookEvent', () => {
  it('narrows on event', () => {
    const event = {} as WebhookEvent
    expectTypeOf(event.event).toEqualTypeOf<
      'report_generated' | 'report_generation_failed' | 'data_pull_via_connection_failed'
    >()
    if (event.event === 'report_generated') {
      expectTypeOf(event.status).toEqualTypeOf<'complete'>()
      expectTypeOf(event.productRequestId).toEqualTypeOf<string>()
    }
    if (event.event === 'report_generation_failed')
      expectTypeOf(event.status).toEqualTypeOf<'generation_failed'>()
    if (event.event === 'data_pull_via_connection_failed') {
      expectTypeOf(event.productRequestId).toEqualTypeOf<string | undefined>()
      expectTypeOf(event).not.toHaveProperty('status')
    }
  })
})

describe('ReportStatus', () => {
  it('is the six states of the service API', () => {
    expectTypeOf<ReportStatus>().toEqualTypeOf<
      | 'initiated'
      | 'reconnect_required'
      | 'ibv_data_acquire_failed'
      | 'ibv_data_acquired'
      | 'generation_failed'
      | 'complete'
    >()
  })
})
