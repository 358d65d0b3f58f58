import { describe, expect, it } from 'vitest'
import {
  IbvError,
  lifetimeFrom,
  MAX_EXPIRES_IN_SECONDS,
  MIN_EXPIRES_IN_SECONDS,
  parseExpiresIn,
  parseTokenResponse,
  tokenLifetime,
} from '../../src/core/index.js'

const received = Date.UTC(2026, 10, 22, 12, 0, 0)

describe('tokenLifetime', () => {
  it('reads expires_in as a number (as the service API shows it)', () => {
    expect(tokenLifetime({ access_token: 't', expires_in: 1800 }, received)).toEqual({
      expiresIn: 1800,
      expiresAt: received + 1_800_000,
      renewAt: received + 1_800_000 - 120_000,
    })
  })

  it('reads expires_in as a numeric string (as the service API documents it)', () => {
    expect(tokenLifetime({ access_token: 't', expires_in: '3600' }, received).expiresAt).toBe(
      received + 3_600_000,
    )
    expect(tokenLifetime({ expires_in: ' 1800 ' }, new Date(received)).expiresIn).toBe(1800)
    expect(tokenLifetime({ expires_in: '90.5' }, received).expiresIn).toBe(90.5)
  })

  it('renews at the configured lead, capped at half the lifetime', () => {
    expect(tokenLifetime({ expires_in: 1800 }, received, { renewLeadSeconds: 300 }).renewAt).toBe(
      received + 1_500_000,
    )
    expect(tokenLifetime({ expires_in: 60 }, received).renewAt).toBe(received + 30_000)
    expect(tokenLifetime({ expires_in: 60 }, received, { renewLeadSeconds: -5 }).renewAt).toBe(
      received + 60_000,
    )
  })

  it('is lifetimeFrom() once the answer is validated, the browser path', () => {
    const { expires_in } = parseTokenResponse({ access_token: 't', expires_in: '1800' })
    expect(lifetimeFrom(expires_in, received)).toEqual(
      tokenLifetime({ expires_in: 1800 }, received),
    )
    expect(lifetimeFrom(60, received, 300)).toEqual(
      tokenLifetime({ expires_in: 60 }, received, { renewLeadSeconds: 300 }),
    )
    expect(lifetimeFrom(60, received, 300).renewAt).toBe(received + 30_000)
  })

  it.each([
    ['zero', 0],
    ['a negative number', -1],
    ['under a second', 0.5],
    ['a denormal number', 5e-324],
    ['a string under a second', '0.5'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a non-numeric string', 'soon'],
    ['an empty string', ''],
    ['a negative string', '-5'],
    ['an exponent string', '1e3'],
    ['a string with units', '1800s'],
    ['null', null],
    ['a boolean', true],
    ['an object', { seconds: 1800 }],
    ['more than a year', MAX_EXPIRES_IN_SECONDS + 1],
  ])('refuses %s with an IbvError', (_, expires_in) => {
    const call = () => tokenLifetime({ access_token: 't', expires_in }, received)
    expect(call).toThrow(IbvError)
    expect(call).toThrow(/expires_in must be a positive number of seconds/)
  })

  it('refuses a missing expires_in and a body that is not an object', () => {
    expect(() => tokenLifetime({ access_token: 't' }, received)).toThrow(/got undefined/)
    expect(() => tokenLifetime('1800', received)).toThrow(IbvError)
    expect(() => tokenLifetime(null, received)).toThrow(IbvError)
  })

  it('rejects an invalid receivedAt as a programming error', () => {
    expect(() => tokenLifetime({ expires_in: 1800 }, new Date('nope'))).toThrow(TypeError)
  })
})

describe('parseExpiresIn', () => {
  it('accepts the edge of the range', () => {
    expect(parseExpiresIn(MAX_EXPIRES_IN_SECONDS)).toBe(MAX_EXPIRES_IN_SECONDS)
    expect(parseExpiresIn(String(MIN_EXPIRES_IN_SECONDS))).toBe(MIN_EXPIRES_IN_SECONDS)
  })

  it('carries the code malformed_response', () => {
    try {
      parseExpiresIn('later')
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({
        code: 'malformed_response',
        message: expect.stringContaining('"later"'),
      })
    }
  })
})

describe('parseTokenResponse', () => {
  it('normalises expires_in to a number and keeps the token', () => {
    expect(parseTokenResponse({ access_token: 'abc', expires_in: '1800' })).toEqual({
      access_token: 'abc',
      expires_in: 1800,
    })
  })

  it('refuses an answer without a token, without echoing anything secret', () => {
    expect(() => parseTokenResponse({ expires_in: 1800 })).toThrow(
      'The token answer has no access_token.',
    )
    expect(() => parseTokenResponse({ access_token: '', expires_in: 1800 })).toThrow(IbvError)
    expect(() => parseTokenResponse({ message: 'Invalid credentials' })).toThrow(IbvError)
  })

  it('does not put the token in the message when expires_in is bad', () => {
    try {
      parseTokenResponse({ access_token: 'secret-token-value', expires_in: 'x' })
      expect.unreachable()
    } catch (error) {
      expect(JSON.stringify(error)).not.toContain('secret-token-value')
      expect((error as Error).message).not.toContain('secret-token-value')
    }
  })
})
