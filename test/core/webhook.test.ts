import { describe, expect, it } from 'vitest'
import { IbvError, WEBHOOK_PAYLOAD_LIMITS, parseWebhook } from '../../src/core/index.js'

const generated = {
  consumer_id: 'LND-42',
  product_request_id: 'IBV-0001',
  ibv_report: 'https://service.test/api/v2/ibv/requests/IBV-0001',
  ibv_report_status: 'complete',
  event: 'report_generated',
}
const failed = {
  ...generated,
  ibv_report_status: 'generation_failed',
  event: 'report_generation_failed',
}

function webhookError(body: unknown): IbvError {
  try {
    parseWebhook(body)
  } catch (error) {
    if (error instanceof IbvError) return error
    throw error
  }
  throw new Error('parseWebhook accepted the body')
}

describe('parseWebhook', () => {
  it('decodes report_generated', () => {
    expect(parseWebhook(generated)).toEqual({
      event: 'report_generated',
      status: 'complete',
      productRequestId: 'IBV-0001',
      consumerId: 'LND-42',
      reportUrl: generated.ibv_report,
      payload: generated,
    })
  })

  it('decodes report_generation_failed', () => {
    expect(parseWebhook(failed)).toMatchObject({
      event: 'report_generation_failed',
      status: 'generation_failed',
      productRequestId: 'IBV-0001',
    })
  })

  it('keeps whatever data_pull_via_connection_failed carries (its payload is not specified)', () => {
    const body = {
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      institution: 'Platypus Bank',
      attempt: 3,
    }
    expect(parseWebhook(body)).toEqual({
      event: 'data_pull_via_connection_failed',
      consumerId: 'LND-42',
      payload: body,
    })
    expect(parseWebhook({ event: 'data_pull_via_connection_failed' })).toEqual({
      event: 'data_pull_via_connection_failed',
      payload: { event: 'data_pull_via_connection_failed' },
    })
  })

  it("keeps fields a report event carries beyond the service API's, as the other events do", () => {
    const extra = {
      ...generated,
      delivered_at: '2026-11-22T12:00:00Z',
      attempt: { number: 2, of: 5 },
    }
    expect(parseWebhook(extra).payload).toEqual(extra)
    expect(parseWebhook({ ...failed, reason: 'bank_timeout' }).payload).toEqual({
      ...failed,
      reason: 'bank_timeout',
    })
  })

  it("keeps a report event's extra fields only within WEBHOOK_PAYLOAD_LIMITS; past them, the event with the service API's fields", () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < WEBHOOK_PAYLOAD_LIMITS.depth; level++) deep = [deep]
    expect(parseWebhook({ ...generated, extra: deep }).payload).toEqual(generated)
    expect(
      parseWebhook({ ...generated, notes: 'x'.repeat(WEBHOOK_PAYLOAD_LIMITS.bytes) }).payload,
    ).toEqual(generated)
    // Just within both limits: kept whole.
    let nested: unknown = 'bottom'
    for (let level = 0; level < WEBHOOK_PAYLOAD_LIMITS.depth - 1; level++) nested = [nested]
    expect(parseWebhook({ ...generated, extra: nested }).payload).toEqual({
      ...generated,
      extra: nested,
    })
  })

  it("refuses ids and links too long to be the service's", () => {
    expect(
      webhookError({ ...generated, product_request_id: `IBV${'X'.repeat(300)}` }),
    ).toMatchObject({ fields: { product_request_id: [expect.stringMatching(/256/)] } })
    expect(
      webhookError({ ...generated, ibv_report: `https://s.test/${'x'.repeat(3000)}` }),
    ).toMatchObject({ fields: { ibv_report: [expect.stringMatching(/2048/)] } })
  })

  it('accepts the raw JSON text of a request body', () => {
    expect(parseWebhook(JSON.stringify(generated)).event).toBe('report_generated')
  })

  it('rejects text that is not JSON', () => {
    expect(webhookError('{"event":')).toMatchObject({
      code: 'invalid_webhook',
      message: 'The webhook body is not valid JSON.',
    })
  })

  it.each([
    ['null', null],
    ['an array', [generated]],
    ['a number', 42],
    ['no event', { ...generated, event: undefined }],
    ['a numeric event', { ...generated, event: 7 }],
  ])('rejects %s', (_, body) => {
    expect(webhookError(body).code).toBe('invalid_webhook')
  })

  it('rejects an unknown event, naming the allowed ones', () => {
    const error = webhookError({ ...generated, event: 'report_deleted' })
    expect(error.message).toBe('Unknown webhook event "report_deleted".')
    expect(error.fields).toEqual({
      event: [
        'must be one of report_generated, report_generation_failed, data_pull_via_connection_failed',
      ],
    })
  })

  it('rejects a report event with a missing or empty product_request_id, saying which field', () => {
    expect(webhookError({ ...generated, product_request_id: undefined }).fields).toHaveProperty(
      'product_request_id',
    )
    expect(webhookError({ ...generated, product_request_id: '' }).fields).toHaveProperty(
      'product_request_id',
    )
    expect(webhookError({ ...failed, consumer_id: 12 }).fields).toHaveProperty('consumer_id')
  })

  it('rejects a status that contradicts the event', () => {
    expect(webhookError({ ...generated, ibv_report_status: 'generation_failed' }).fields).toEqual({
      ibv_report_status: ['must be complete for report_generated'],
    })
    expect(webhookError({ ...failed, ibv_report_status: 'complete' }).code).toBe('invalid_webhook')
  })
})
