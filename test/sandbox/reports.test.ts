import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { ibvReportSchema, parseWith, pendingReportSchema } from '../../src/core/index.js'
import { call } from './call.js'

async function setup(outcome = 'complete', extra: Record<string, unknown> = {}) {
  const sandbox = createSandbox({ clock: createManualClock(), seed: 7 })
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: 'LND-42',
    outcome,
    ...extra,
  })
  return { sandbox, id: created.body.product_request_id as string }
}

describe('GET /api/v2/ibv/requests/:id (operation 4)', () => {
  it('answers 202 with the pending body while the report is not ready', async () => {
    const { sandbox, id } = await setup()
    const { status, body } = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)
    expect(status).toBe(202)
    expect(Object.keys(body).sort()).toEqual([
      'ibv_connection_link',
      'ibv_report',
      'ibv_report_status',
      'message',
      'product_request_id',
    ])
    expect(body).toMatchObject({
      product_request_id: id,
      ibv_report: `http://sandbox.test/api/v2/ibv/requests/${id}`,
      ibv_report_status: 'initiated',
      message: 'The report is not ready yet. Check for results later.',
    })
    expect(body.ibv_connection_link).toMatch(/^http:\/\/sandbox\.test\/connect\?link=lnk_/)
    expect(() => parseWith(pendingReportSchema, body, 'malformed_response')).not.toThrow()
  })

  it('answers 200 with the IBV report once generated, on v2 and on v1', async () => {
    const { sandbox, id } = await setup()
    await sandbox.advance(6)
    for (const version of ['v2', 'v1']) {
      const { status, body } = await call(sandbox, 'GET', `/api/${version}/ibv/requests/${id}`)
      expect(status).toBe(200)
      const report = parseWith(ibvReportSchema, body, 'malformed_response')
      expect(report).toMatchObject({
        product_request_id: id,
        consumer_id: 'LND-42',
        client_id: 'sandbox-client',
        ibv_report_status: 'complete',
      })
      expect(report.reference_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(report.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
  })

  it('builds realistic reports: ids start with IBV, items carry ne_income_feature_<n>', async () => {
    const { sandbox, id } = await setup('complete', { accounts: 3, features: 5 })
    await sandbox.advance(6)
    const { body } = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)
    const report = parseWith(ibvReportSchema, body, 'malformed_response')
    expect(id).toMatch(/^IBV/)
    expect(report.accounts).toHaveLength(3)
    for (const account of report.accounts) {
      expect(account.routing_number).toMatch(/^\d{9}$/)
      expect(account.items[0]?.item_code).toBe('ibv_validate_metrics')
      expect(account.items[0]?.item_version).toMatch(/^\d+\.\d+\.\d+$/)
      const features = Object.keys(account.items[0]?.data ?? {}).filter((name) =>
        /^ne_income_feature_\d+$/.test(name),
      )
      expect(features).toHaveLength(5)
    }
    expect(new Set(report.accounts.map((account) => account.account_type)).size).toBe(3)
  })

  it('gives the same report for the same id in another sandbox', async () => {
    const first = createSandbox({ clock: createManualClock(Date.UTC(2026, 5, 1)) })
    const second = createSandbox({ clock: createManualClock(Date.UTC(2026, 5, 1)), seed: 99 })
    const reports = []
    for (const sandbox of [first, second]) {
      await call(sandbox, 'POST', '/sandbox/product_requests', {
        consumer_id: 'LND-42',
        product_request_id: 'IBV-FIXED-1',
      })
      await sandbox.advance(6)
      reports.push((await call(sandbox, 'GET', '/api/v2/ibv/requests/IBV-FIXED-1')).body)
    }
    expect(reports[0]).toEqual(reports[1])
    const other = await call(first, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-42',
      product_request_id: 'IBV-FIXED-2',
    })
    await first.advance(6)
    const otherReport = await call(
      first,
      'GET',
      `/api/v2/ibv/requests/${other.body.product_request_id as string}`,
    )
    expect(otherReport.body.accounts).not.toEqual(reports[0]?.accounts)
  })

  it('gives the same ids for the same seed', async () => {
    const ids = []
    for (let run = 0; run < 2; run++) {
      const { body } = await call(
        createSandbox({ clock: createManualClock(), seed: 123 }),
        'POST',
        '/sandbox/product_requests',
        { consumer_id: 'c' },
      )
      ids.push(body.product_request_id)
    }
    expect(ids[0]).toBe(ids[1])
  })

  it('answers 202 with the final status for final failures, and 404 for unknown ids', async () => {
    const { sandbox, id } = await setup('generation_failed')
    await sandbox.advance(6)
    const failed = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)
    expect(failed.status).toBe(202)
    expect(failed.body).toMatchObject({
      ibv_report_status: 'generation_failed',
      message: expect.stringContaining('No report will be produced'),
    })
    const unknown = await call(sandbox, 'GET', '/api/v2/ibv/requests/IBVNOPE')
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'Product request IBVNOPE does not exist.' },
    })
  })

  it('answers 401 without the key', async () => {
    const { sandbox, id } = await setup()
    const { status, body } = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`, undefined, {})
    expect(status).toBe(401)
    expect(body.message).toMatch(/x-api-key/)
  })
})
