// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { classifyRefresh, institutionIn } from '../../src/core/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

// Attack (finding 10): a refresh answer whose message is 200 KB of "reconnect to " made the lazy
// `(.+?)` in institutionIn scan to the end from every start, quadratic: 1.5 s of backend CPU per
// answer. The fix reads at most 1,000 characters of a message. Timing is not asserted (noisy
// machines); what proves the bound is that nothing past the cut is read or kept.
const CUT = 1000
const HUGE = 'reconnect to '.repeat(16_000) // 208,000 characters, no "using the connection link"

describe('a long refresh message', () => {
  it('is cut before matching: the outcome keeps the first 1,000 characters only', () => {
    const outcome = classifyRefresh(200, {
      status: 'refresh_not_ready',
      ibv_report_status: 'initiated',
      ibv_connection_link: 'https://service.test/connect/x',
      message: HUGE,
    })
    expect(outcome.kind).toBe('refresh_not_ready')
    expect(outcome.message).toBe(HUGE.slice(0, CUT))
    expect('institutionName' in outcome).toBe(false)
  })

  it('never reads an institution name that starts after the cut', () => {
    const late = `${'x'.repeat(200_000)} Ask the consumer to reconnect to Far Away Bank using the connection link.`
    expect(institutionIn(late)).toBeUndefined()
    const outcome = classifyRefresh(200, {
      ibv_report_status: 'ibv_data_acquire_failed',
      ibv_connection_link: 'https://l.test',
      message: late,
    })
    expect(outcome).toMatchObject({ kind: 'data_pull_failed', message: late.slice(0, CUT) })
    expect('institutionName' in outcome).toBe(false)
    // Within the cut, the name is still found.
    const early = `Ask the consumer to reconnect to Near Bank using the connection link.${'x'.repeat(200_000)}`
    expect(institutionIn(early)).toBe('Near Bank')
  })

  it('cuts the message of every kind, the unknown one too', () => {
    for (const body of [
      { message: `Consumer ID LND-1 does not exist.${HUGE}` },
      { message: `The product request failed to initiate.${HUGE}` },
      { message: HUGE },
    ]) {
      expect(classifyRefresh(400, body).message.length).toBe(CUT)
    }
  })

  it('reaches the browser cut, through the client and the backend', async () => {
    const KEY = 'sk_test_refresh-length'
    const sandbox = createSandbox({ clock: createManualClock(), apiKey: KEY })
    // The real sandbox, with its refresh answers' messages made huge.
    const fetch = async (request: Request) => {
      const answer = await sandbox.fetch(request)
      if (!new URL(request.url).pathname.includes('/refresh/')) return answer
      const body = (await answer.json()) as Record<string, unknown>
      return Response.json(
        { ...body, message: `${String(body.message)} ${HUGE}` },
        { status: answer.status },
      )
    }
    await sandbox.fetch(
      new Request('https://service.test/sandbox/product_requests', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: 'LND-42' }),
      }),
    )
    await sandbox.advance(6)
    const client = createIbvClient({ apiKey: KEY, serviceUrl: 'https://service.test', fetch })
    const backend = createIbvBackend({ client, authorize: () => true, verifyWebhook: () => false })
    const response = await backend.fetch(
      new Request('https://lender.test/api/ibv/refresh/LND-42', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    const outcome = (await response.json()) as { kind: string; message: string }
    expect(outcome.kind).toBe('submitted')
    expect(outcome.message.length).toBe(CUT)
    expect(outcome.message).toMatch(/^Refresh request submitted/)
  })
})
