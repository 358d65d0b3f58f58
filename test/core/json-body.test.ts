import { describe, expect, it } from 'vitest'
import { IbvError, parseJsonObjectBody } from '../../src/core/index.js'

function failure(text: string, type: string | null) {
  try {
    parseJsonObjectBody(text, type)
  } catch (error) {
    if (error instanceof IbvError) return error
    throw error
  }
  throw new Error('accepted')
}

describe('parseJsonObjectBody', () => {
  it('reads an object, and an empty body as {}', () => {
    expect(parseJsonObjectBody('{"a":1}', 'application/json; charset=utf-8')).toEqual({ a: 1 })
    expect(parseJsonObjectBody('  ', null)).toEqual({})
    expect(parseJsonObjectBody('{"a":1}', 'application/merge-patch+json')).toEqual({ a: 1 })
  })

  it('refuses another content type with 415', () => {
    expect(failure('a=1', 'application/x-www-form-urlencoded')).toMatchObject({
      code: 'invalid_request',
      status: 415,
      fields: { body: ['must be application/json'] },
    })
  })

  it.each([
    ['{oops', 'is not valid JSON'],
    ['[1]', 'must be a JSON object'],
    ['null', 'must be a JSON object'],
    ['"text"', 'must be a JSON object'],
  ])('refuses %j with 400 and fields.body', (text, reason) => {
    expect(failure(text, 'application/json')).toMatchObject({
      status: 400,
      fields: { body: [reason] },
    })
  })
})
