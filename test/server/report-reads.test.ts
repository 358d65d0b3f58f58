// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createMemoryReportCache } from '../../src/server/index.js'
import { generated } from '../security/backend-under-attack.js'
import { reportBackend } from './report-backend.js'

describe('GET /reports/:id shares one upstream read', () => {
  it('20 concurrent viewers of one report: 1 upstream read, 20 authorize calls', async () => {
    const { counts, read, productRequest, advance } = reportBackend()
    const id = await productRequest()
    await advance(10)
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(id)))
    expect(counts).toEqual({ reads: 1, authorize: 20 })
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 200,
        body: { product_request_id: id, ibv_report_status: 'complete' },
      })
  })

  it('without a report cache, reads one after another each go upstream (nothing is kept)', async () => {
    const { counts, read, productRequest } = reportBackend({ latencyMs: 1 })
    const id = await productRequest()
    await read(id)
    await read(id)
    expect(counts.reads).toBe(2)
  })

  it('a memory report cache shares an answer for its ttl, and a webhook forgets it at once', async () => {
    const { counts, read, productRequest, advance, webhook } = reportBackend({
      reportCache: createMemoryReportCache({ ttlMs: 60_000 }),
      latencyMs: 1,
    })
    const id = await productRequest()
    expect((await read(id)).status).toBe(202)
    expect((await read(id)).status).toBe(202)
    expect(counts).toEqual({ reads: 1, authorize: 2 })
    await advance(10)
    expect((await webhook(generated(id))).status).toBe(200)
    expect(await read(id)).toMatchObject({ status: 200, body: { ibv_report_status: 'complete' } })
    expect(counts.reads).toBe(2)
  })

  it('a failing upstream read is not kept: the next viewer reads again', async () => {
    const { counts, read } = reportBackend({ reportCache: createMemoryReportCache(), latencyMs: 1 })
    expect((await read('IBVNOPE')).status).toBe(404)
    expect((await read('IBVNOPE')).status).toBe(404)
    expect(counts.reads).toBe(2)
  })

  it('v1 and v2 reads of one report are not shared', async () => {
    const { backend, counts, productRequest, advance } = reportBackend({
      reportCache: createMemoryReportCache(),
    })
    const id = await productRequest()
    await advance(10)
    const get = (query: string) =>
      backend.fetch(new Request(`https://lender.test/api/ibv/reports/${id}${query}`))
    await Promise.all([get(''), get('?version=v1'), get(''), get('?version=v1')])
    expect(counts.reads).toBe(2)
  })

  it('createMemoryReportCache refuses a ttlMs that is not a whole number', () => {
    for (const ttlMs of [-1, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => createMemoryReportCache({ ttlMs })).toThrow(/ttlMs must be a whole number/)
  })
})
