import { describe, expect, it } from 'vitest'
import {
  IbvError,
  ibvReportSchema,
  parseWith,
  pendingReportSchema,
  refreshResponseSchema,
  tokenErrorSchema,
  tokenResponseSchema,
} from '../../src/core/index.js'

const report = {
  product_request_id: 'IBV-0001',
  client_id: 'client-1',
  consumer_id: 'LND-42',
  reference_date: '2026-11-22',
  created_at: '2026-11-22 12:00:00',
  ibv_report_status: 'complete',
  accounts: [
    {
      provider_name: 'Platypus Bank',
      account_name: 'Everyday Checking',
      account_type: 'checking',
      routing_number: '011000015',
      account_number: '000123456789',
      owner_name: 'Ada Lovelace',
      balance: 1234.56,
      loyalty_tier: 'gold',
      items: [
        {
          item_code: 'ibv_validate_metrics',
          item_name: 'Validate metrics',
          item_version: '1.4.0',
          data: { ne_income_feature_1: 4200, ne_income_feature_2: 'monthly' },
        },
      ],
    },
  ],
}

describe('schemas', () => {
  it('accept a report shaped as the service API shows it, keeping custom account fields', () => {
    const parsed = parseWith(ibvReportSchema, report, 'malformed_response')
    expect(parsed.accounts[0]).toMatchObject({ loyalty_tier: 'gold' })
    expect(parsed.accounts[0]?.items[0]?.data).toEqual({
      ne_income_feature_1: 4200,
      ne_income_feature_2: 'monthly',
    })
  })

  it('reject a report with a wrong field type, naming its path', () => {
    const broken = { ...report, accounts: [{ ...report.accounts[0], balance: '12.00' }] }
    let caught: unknown
    try {
      parseWith(ibvReportSchema, broken, 'malformed_response', 'report')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(IbvError)
    expect(caught).toMatchObject({
      code: 'malformed_response',
      fields: { 'accounts.0.balance': [expect.any(String)] },
    })
    expect((caught as Error).message).toMatch(
      /^The report does not match the service API \(accounts\.0\.balance: /,
    )
  })

  it('accept both shapes of expires_in and the failure bodies of the token requests', () => {
    expect(tokenResponseSchema.safeParse({ access_token: 'a', expires_in: 3600 }).success).toBe(
      true,
    )
    expect(tokenResponseSchema.safeParse({ access_token: 'a', expires_in: '1800' }).success).toBe(
      true,
    )
    expect(tokenResponseSchema.safeParse({ access_token: '', expires_in: 1800 }).success).toBe(
      false,
    )
    expect(
      tokenErrorSchema.safeParse({
        message: 'Validation error',
        fields: { type: ['must equal embedded_report_token'] },
      }).success,
    ).toBe(true)
    expect(tokenErrorSchema.safeParse({ error: 'Invalid token' }).success).toBe(true)
  })

  it('accept the pending body and every refresh body', () => {
    expect(
      pendingReportSchema.safeParse({
        product_request_id: 'IBV-1',
        ibv_report: 'https://s.test/api/v2/ibv/requests/IBV-1',
        ibv_report_status: 'initiated',
        message: 'Check back later',
        ibv_connection_link: 'https://s.test/connect',
      }).success,
    ).toBe(true)
    expect(
      refreshResponseSchema.safeParse({ message: 'Consumer ID does not exist.' }).success,
    ).toBe(true)
    expect(refreshResponseSchema.safeParse({ status: 7 }).success).toBe(false)
  })
})
