// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { servedDemo } from './served-demo.js'

// `npm run dev` as a lender starts it: the demo page, the sandbox and the demo backend on one
// Vite server on 127.0.0.1.
const demo = servedDemo()

describe('npm run dev', () => {
  it('serves the demo page on 127.0.0.1', async () => {
    expect(demo.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const html = await (await fetch(`${demo.base}/`)).text()
    expect(html).toContain('<title>Northwind Lending · ibv-kit demo</title>')
  })

  it('mounts the sandbox and a backend that knows the seeded applicants', async () => {
    const applicants = await (await fetch(`${demo.base}/api/ibv/demo/applicants`)).json()
    expect(applicants.map((applicant: { consumerId: string }) => applicant.consumerId)).toEqual([
      'DEMO-ADA',
      'DEMO-MATEO',
      'DEMO-PRIYA',
      'DEMO-LENA',
    ])
    const ada = applicants[0].productRequestId
    expect(ada).toMatch(/^IBV/)
    const report = await fetch(`${demo.base}/api/ibv/reports/${ada}`)
    expect([200, 202]).toContain(report.status)
  })

  it('authorizes explicitly: demo applicants get tokens, anyone else a 403', async () => {
    const token = (consumerId: string) =>
      fetch(`${demo.base}/api/ibv/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'consumer', consumer_id: consumerId }),
      })
    expect((await token('DEMO-LENA')).status).toBe(200)
    expect((await token('SOMEONE-ELSE')).status).toBe(403)
    expect((await fetch(`${demo.base}/api/ibv/reports/IBVNOTOURS`)).status).toBe(403)
  })

  it('verifies webhooks as we recommend: the sandbox signs them (Standard Webhooks), an unsigned one is a 401', async () => {
    const forged = {
      consumer_id: 'DEMO-LENA',
      product_request_id: 'IBVFORGED',
      ibv_report: `${demo.base}/ibv-sandbox/api/v2/ibv/requests/IBVFORGED`,
      ibv_report_status: 'complete',
      event: 'report_generated',
    }
    const unsigned = await fetch(`${demo.base}/api/ibv/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    })
    expect(unsigned.status).toBe(401)
    // The seeded report completes: its signed delivery is accepted (the sandbox's log, with its public test key).
    await fetch(`${demo.base}/api/ibv/demo/applicants`)
    await fetch(`${demo.base}/api/ibv/demo/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 10 }),
    })
    await vi.waitFor(async () => {
      const log = (await (
        await fetch(`${demo.base}/ibv-sandbox/sandbox/webhooks`, {
          headers: { 'x-api-key': 'sandbox-api-key' },
        })
      ).json()) as { deliveries: Array<{ status?: number }> }
      expect(log.deliveries.length).toBeGreaterThan(0)
      expect(log.deliveries.every((delivery) => delivery.status === 200)).toBe(true)
    })
  })

  it('keeps the sandbox key on the server: the page never needs it', async () => {
    const moved = await fetch(`${demo.base}/api/ibv/demo/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
    })
    expect(moved.status).toBe(200)
    const direct = await fetch(`${demo.base}/ibv-sandbox/sandbox/clock`)
    expect(direct.status).toBe(401)
    for (const module of [
      '/main.tsx',
      '/App.tsx',
      '/ApplicantDetail.tsx',
      '/ControlPanel.tsx',
      '/api.ts',
    ]) {
      const code = await (await fetch(`${demo.base}${module}`)).text()
      expect(code.length).toBeGreaterThan(100)
      expect(code).not.toContain('sandbox-api-key')
      expect(code).not.toContain('x-api-key')
    }
  })
})
