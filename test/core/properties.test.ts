import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { IbvError, classifyRefresh, parseWebhook, tokenLifetime } from '../../src/core/index.js'

// Whatever arrives over the wire, these functions answer with a value or an IbvError: nothing else.
function valueOrIbvError(run: () => unknown): boolean {
  try {
    run()
    return true
  } catch (error) {
    return error instanceof IbvError
  }
}

const webhookLike = fc.record(
  {
    event: fc.constantFrom(
      'report_generated',
      'report_generation_failed',
      'data_pull_via_connection_failed',
      'x',
    ),
    consumer_id: fc.jsonValue(),
    product_request_id: fc.jsonValue(),
    ibv_report: fc.jsonValue(),
    ibv_report_status: fc.constantFrom('complete', 'generation_failed', 'initiated'),
  },
  { requiredKeys: [] },
)

describe('on arbitrary JSON', () => {
  it('parseWebhook returns an event or throws IbvError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), webhookLike, fc.json(), fc.string()), (body) =>
        valueOrIbvError(() => parseWebhook(body)),
      ),
    )
  })

  it('tokenLifetime returns a lifetime renewing before expiry, or throws IbvError', () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ expires_in: fc.oneof(fc.jsonValue(), fc.double(), fc.integer().map(String)) }),
    )
    fc.assert(
      fc.property(body, (response) => {
        try {
          const lifetime = tokenLifetime(response, 1_000_000)
          return lifetime.renewAt < lifetime.expiresAt && lifetime.expiresAt > 1_000_000
        } catch (error) {
          return error instanceof IbvError
        }
      }),
    )
  })

  it('classifyRefresh never throws and always names a kind', () => {
    const refreshLike = fc.record(
      {
        status: fc.constantFrom('in_progress', 'refresh_not_ready', 'other'),
        ibv_report_status: fc.constantFrom('initiated', 'ibv_data_acquire_failed'),
        message: fc.string(),
        product_request_id: fc.jsonValue(),
        ibv_connection_link: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.oneof(fc.jsonValue(), refreshLike),
        (status, body) => {
          const outcome = classifyRefresh(status, body)
          return typeof outcome.kind === 'string' && typeof outcome.message === 'string'
        },
      ),
    )
    expect(valueOrIbvError(() => classifyRefresh(Number.NaN, undefined))).toBe(true)
  })
})
