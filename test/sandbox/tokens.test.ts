import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { tokenLifetime } from '../../src/core/index.js'
import { call } from './call.js'

const noKey = { 'content-type': 'application/json' }

describe('POST /api/v1/auth/tokens (operation 1, consumer token)', () => {
  it('issues a token with expires_in 3600, as a number', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { status, body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      consumer_id: 'LND-42',
    })
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in'])
    expect(body.expires_in).toBe(3600)
    expect(body.access_token).toMatch(/^sbx_c_[0-9a-f]{48}$/)
  })

  it('answers 401 with message when the key is missing or wrong', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    for (const headers of [noKey, { ...noKey, 'x-api-key': 'wrong' }]) {
      const { status, body } = await call(
        sandbox,
        'POST',
        '/api/v1/auth/tokens',
        { consumer_id: 'LND-42' },
        headers,
      )
      expect(status).toBe(401)
      expect(Object.keys(body)).toEqual(['message'])
    }
  })

  it('answers 400 with message and fields when consumer_id is missing', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    for (const payload of [{}, { consumer_id: '' }, { consumer_id: 42 }]) {
      const { status, body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', payload)
      expect(status).toBe(400)
      expect(body).toEqual({
        message: 'Validation error',
        fields: { consumer_id: ['consumer_id is required for generation of a consumer token'] },
      })
    }
  })

  it('can send expires_in as the numeric string the service API documents', async () => {
    const sandbox = createSandbox({ clock: createManualClock(), expiresInFormat: 'string' })
    const { body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
    expect(body.expires_in).toBe('3600')
    expect(tokenLifetime(body, 0).expiresIn).toBe(3600)
  })
})

describe('POST /api/v1/auth/tokens (operation 2, embedded report token)', () => {
  async function withRequest() {
    const sandbox = createSandbox({ clock: createManualClock() })
    const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
      consumer_id: 'LND-42',
    })
    return { sandbox, id: created.body.product_request_id as string }
  }

  it('issues a token bound to the product request with expires_in 1800', async () => {
    const { sandbox, id } = await withRequest()
    const { status, body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      product_request_id: id,
      type: 'embedded_report_token',
    })
    expect(status).toBe(200)
    expect(body.expires_in).toBe(1800)
    expect(body.access_token).toMatch(/^sbx_e_/)
  })

  it('answers 401 with error (not message) when the key is wrong', async () => {
    const { sandbox, id } = await withRequest()
    const { status, body } = await call(
      sandbox,
      'POST',
      '/api/v1/auth/tokens',
      { product_request_id: id, type: 'embedded_report_token' },
      noKey,
    )
    expect(status).toBe(401)
    expect(Object.keys(body)).toEqual(['error'])
  })

  it('answers 400 with the service API wording for a missing product_request_id', async () => {
    const { sandbox } = await withRequest()
    const { status, body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      type: 'embedded_report_token',
    })
    expect(status).toBe(400)
    expect(body).toEqual({
      message: 'Validation error',
      fields: {
        product_request_id: [
          'product_request_id is required for generation of an embedded report token',
        ],
      },
    })
  })

  it('answers 400 for a wrong or missing type and an unknown product request, field by field', async () => {
    const { sandbox, id } = await withRequest()
    const wrongType = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      product_request_id: id,
      type: 'consumer',
    })
    expect(wrongType.body.fields).toEqual({ type: ['type must equal embedded_report_token'] })
    const noType = await call(sandbox, 'POST', '/api/v1/auth/tokens', { product_request_id: id })
    expect(noType.status).toBe(400)
    const unknown = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      product_request_id: 'IBVNOPE',
      type: 'embedded_report_token',
    })
    expect(unknown.body.fields).toEqual({
      product_request_id: ['product_request_id IBVNOPE does not match any product request'],
    })
  })

  it('answers 400 in the same shape for text that is not JSON', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { status, body } = await call(sandbox, 'POST', '/api/v1/auth/tokens', '{"consumer_id":')
    expect(status).toBe(400)
    expect(body).toEqual({
      message: 'The request body is not valid JSON.',
      fields: { body: ['is not valid JSON'] },
    })
  })
})
