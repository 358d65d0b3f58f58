import { describe, expect, it } from 'vitest'
import {
  IbvError,
  codeForStatus,
  errorFromResponse,
  isRetryable,
  readFieldErrors,
} from '../../src/core/index.js'
import { asIbvError } from '../../src/core/errors.js'

describe('IbvError', () => {
  it('is an Error with a stable code, status and fields', () => {
    const error = new IbvError('invalid_request', 'Validation error', {
      status: 400,
      fields: { type: ['is invalid'] },
    })
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      name: 'IbvError',
      code: 'invalid_request',
      status: 400,
      fields: { type: ['is invalid'] },
    })
  })

  it('serializes without its cause', () => {
    const error = new IbvError('network', 'The service could not be reached.', {
      cause: new Error('x-api-key=secret'),
    })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'IbvError',
      code: 'network',
      source: 'network',
      message: 'The service could not be reached.',
    })
  })

  it('says which side failed: as told, else the network for code network and the backend otherwise', () => {
    expect(new IbvError('network', 'offline').source).toBe('network')
    expect(new IbvError('server_error', 'boom', { status: 500 }).source).toBe('backend')
    expect(new IbvError('timeout', 'slow', { source: 'service' }).source).toBe('service')
  })

  it('knows whether a retry can help', () => {
    expect(new IbvError('network', 'offline').retryable).toBe(true)
    expect(new IbvError('server_error', 'boom', { status: 503 }).retryable).toBe(true)
    expect(new IbvError('unauthorized', 'no', { status: 401 }).retryable).toBe(false)
    expect(new IbvError('invalid_request', 'no', { status: 400 }).retryable).toBe(false)
  })
})

describe('isRetryable', () => {
  it('reads the status of foreign errors: 5xx, 408 and 429 yes, other 4xx no', () => {
    expect(isRetryable(Object.assign(new Error('x'), { status: 503 }))).toBe(true)
    expect(isRetryable({ status: 429 })).toBe(true)
    expect(isRetryable({ status: 408 })).toBe(true)
    expect(isRetryable({ status: 401 })).toBe(false)
    expect(isRetryable({ status: 400 })).toBe(false)
  })

  it('agrees with codeForStatus on every status (it compares the statuses instead of looking the code up)', () => {
    const retryableCodes = ['network', 'timeout', 'rate_limited', 'server_error']
    for (const status of [
      ...Array.from({ length: 600 }, (_, index) => index),
      500.5,
      599.9,
      600,
      1000,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(isRetryable({ status }), `status ${status}`).toBe(
        retryableCodes.includes(codeForStatus(status)),
      )
    }
  })

  it('takes an error without a status for a network failure', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true)
    expect(isRetryable('boom')).toBe(true)
  })
})

describe('codeForStatus', () => {
  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [408, 'timeout'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [504, 'server_error'],
    [418, 'unknown'],
    [302, 'unknown'],
  ] as const)('maps %i to %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code)
  })
})

describe('errorFromResponse', () => {
  it('reads the 400 of the embedded-token request: message and fields', () => {
    const error = errorFromResponse(400, {
      message: 'Validation error',
      fields: {
        product_request_id: [
          'product_request_id is required for generation of an embedded report token',
        ],
      },
    })
    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      message: 'Validation error',
      fields: {
        product_request_id: [
          'product_request_id is required for generation of an embedded report token',
        ],
      },
    })
  })

  it('reads the 401 of either token request: message or error', () => {
    expect(errorFromResponse(401, { message: 'Invalid credentials' })).toMatchObject({
      code: 'unauthorized',
      message: 'Invalid credentials',
    })
    expect(errorFromResponse(401, { error: 'Invalid token' })).toMatchObject({
      code: 'unauthorized',
      message: 'Invalid token',
    })
  })

  it('falls back to a sentence for a body without words', () => {
    expect(errorFromResponse(502, '<html>')).toMatchObject({
      code: 'server_error',
      source: 'service',
      message: 'The verification service answered HTTP 502.',
    })
    expect(errorFromResponse(500, { message: '  ' }).message).toBe(
      'The verification service answered HTTP 500.',
    )
  })

  it("names the lender's backend, never the service, for the backend's own answer", () => {
    expect(errorFromResponse(501, undefined, 'backend')).toMatchObject({
      code: 'server_error',
      status: 501,
      source: 'backend',
      message: 'Your backend answered HTTP 501.',
    })
  })
})

describe('readFieldErrors', () => {
  it('keeps well-formed entries and drops the rest', () => {
    expect(readFieldErrors({ a: ['x', 1, 'y'], b: 'z', c: 3, d: [] })).toEqual({
      a: ['x', 'y'],
      b: ['z'],
    })
    expect(readFieldErrors(['x'])).toBeUndefined()
    expect(readFieldErrors({})).toBeUndefined()
  })
})

describe('asIbvError', () => {
  it('keeps an IbvError as it is', () => {
    const error = new IbvError('forbidden', 'No.')
    expect(asIbvError(error, 'Wrapped.')).toBe(error)
  })

  it('gives an app error with an HTTP status the code that status stands for', () => {
    const refused = Object.assign(new Error('Forbidden'), { status: 403 })
    expect(asIbvError(refused, 'The token could not be had.')).toMatchObject({
      code: 'forbidden',
      status: 403,
      message: 'The token could not be had.',
      cause: refused,
    })
    expect(asIbvError({ status: 503 }, 'Down.')).toMatchObject({
      code: 'server_error',
      retryable: true,
    })
  })

  it('calls an error without a status unknown, whatever was thrown', () => {
    for (const thrown of [new Error('Nope'), 'a string', null, undefined, { status: '500' }]) {
      expect(asIbvError(thrown, 'Failed.')).toMatchObject({ code: 'unknown', status: undefined })
    }
  })
})
