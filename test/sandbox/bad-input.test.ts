import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { call } from './call.js'

const sandbox = () => createSandbox({ clock: createManualClock() })

describe('bad input gets a JSON error that says what is wrong', () => {
  it('text that is not JSON, and JSON that is not an object: 400', async () => {
    const s = sandbox()
    for (const body of ['{oops', '[1,2]', '"text"', 'null']) {
      const answer = await call(s, 'POST', '/sandbox/product_requests', body)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toMatch(/JSON/)
    }
  })

  it('a content type other than JSON: 415', async () => {
    const answer = await call(sandbox(), 'POST', '/api/v1/auth/tokens', 'consumer_id=x', {
      'x-api-key': 'sandbox-api-key',
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(answer.status).toBe(415)
    expect(answer.body.message).toMatch(/Content-Type: application\/json/)
  })

  it('a body over 1 MiB: 413', async () => {
    const big = JSON.stringify({ consumer_id: 'x'.repeat(1024 * 1024) })
    const answer = await call(sandbox(), 'POST', '/api/v1/auth/tokens', big)
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ message: 'The request body is larger than 1 MiB.' })
  })

  it('an unknown route: 404 naming it', async () => {
    const answer = await call(sandbox(), 'GET', '/api/v3/ibv/requests/IBV1')
    expect(answer).toMatchObject({
      status: 404,
      body: { message: 'No route for GET /api/v3/ibv/requests/IBV1.' },
    })
  })

  it('a known route with the wrong method: 405 with Allow', async () => {
    const answer = await call(sandbox(), 'DELETE', '/api/v1/auth/tokens')
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST')
    expect(answer.body.message).toBe('DELETE is not allowed here; use POST.')
  })

  it('control routes need the key and check their input', async () => {
    const s = sandbox()
    expect((await call(s, 'POST', '/sandbox/reset', undefined, {})).status).toBe(401)
    const bad = await call(s, 'POST', '/sandbox/product_requests', {
      outcome: 'amazing',
      accounts: -1,
      product_request_id: 'X',
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields as object).sort()).toEqual([
      'accounts',
      'consumer_id',
      'outcome',
      'product_request_id',
    ])
    expect((await call(s, 'POST', '/sandbox/clock/advance', { seconds: -5 })).status).toBe(400)
    expect((await call(s, 'POST', '/sandbox/clock/advance', { seconds: '5' })).status).toBe(400)
    expect(
      (await call(s, 'POST', '/sandbox/consumers/nobody/next_refresh', { outcome: 'submitted' }))
        .status,
    ).toBe(404)
    expect(
      (await call(s, 'POST', '/sandbox/consumers/nobody/next_refresh', { outcome: 'maybe' }))
        .status,
    ).toBe(400)
  })

  it('moves the clock through the control route', async () => {
    const s = sandbox()
    const before = (await call(s, 'GET', '/sandbox/clock')).body.now_ms as number
    const after = await call(s, 'POST', '/sandbox/clock/advance', { seconds: 90 })
    expect(after.body.now_ms).toBe(before + 90_000)
  })
})
