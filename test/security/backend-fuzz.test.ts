// @vitest-environment node
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { APP, backendUnderAttack, deepJson } from './backend-under-attack.js'

const ROUTES = ['/tokens', '/reports/IBV1', '/refresh/LND-42', '/webhooks', '/events', '/nope']
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH']

// Bodies a hostile caller might send: any JSON, any text, deep nesting, and objects that have the
// right keys with any values, so the fuzzing also reaches past the first checks of each route.
const anyValue = fc.oneof(fc.jsonValue(), fc.string(), fc.constant(null))
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 1, max: 50_000 }).map(deepJson),
  fc
    .record(
      {
        type: fc.constantFrom('consumer', 'embedded_report_token', 'x'),
        consumer_id: anyValue,
        product_request_id: anyValue,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        event: fc.constantFrom(
          'report_generated',
          'report_generation_failed',
          'data_pull_via_connection_failed',
          'other',
        ),
        consumer_id: anyValue,
        product_request_id: anyValue,
        ibv_report: anyValue,
        ibv_report_status: fc.constantFrom('complete', 'generation_failed', 'x'),
        detail: anyValue,
      },
      { requiredKeys: ['event'] },
    )
    .map((value) => JSON.stringify(value)),
  fc.constant(undefined),
)
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/ld+json',
    ),
    origin: fc.constantFrom(APP, 'https://evil.test', 'null', 'https://app.lender.test'),
    'sec-fetch-site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
    'last-event-id': fc.oneof(
      fc.string({ maxLength: 30 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
      fc.nat().map(String),
    ),
  },
  { requiredKeys: [] },
)

describe('every backend route, fuzzed with hostile requests', () => {
  it('answers each with JSON (4xx or success), never crashes, and calls the service only when authorized', async () => {
    let allow = true
    const { backend, upstream, errors } = backendUnderAttack({ authorize: () => allow })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(...METHODS),
        body,
        headers,
        fc.boolean(),
        async (route, method, text, sent, allowed) => {
          allow = allowed
          const calledBefore = upstream.length
          const withBody = text !== undefined && method !== 'GET' && method !== 'HEAD'
          const answer = await backend.fetch(
            new Request(`${APP}/api/ibv${route}`, {
              method,
              headers: sent,
              body: withBody ? text : undefined,
            }),
          )
          const type = answer.headers.get('content-type') ?? ''

          expect(answer.status < 300 || (answer.status >= 400 && answer.status < 500)).toBe(true)
          if (type.startsWith('text/event-stream')) {
            await answer.body?.cancel()
          } else if (method !== 'HEAD') {
            expect(type).toMatch(/^application\/json/)
            const json = (await answer.json()) as Record<string, unknown>
            if (answer.status >= 400)
              expect(json).toMatchObject({ message: expect.any(String), code: expect.any(String) })
          }
          if (!allowed) expect(upstream.length).toBe(calledBefore)
        },
      ),
      { numRuns: 400 },
    )
    expect(backend.relay.subscribers).toBe(0)
    expect(errors).toEqual([])
  })
})
