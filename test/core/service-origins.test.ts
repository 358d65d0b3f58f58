import { describe, expect, it } from 'vitest'
import { IbvError, assertServiceOrigin, checkAllowedServiceOrigins } from '../../src/core/index.js'

// Which service origins the components may load a hosted page from (and ask a token for): the
// configured service URL's origin by default, or the origins the lender lists.
const refusal = (serviceUrl: unknown, policy: Parameters<typeof assertServiceOrigin>[1]) => {
  try {
    assertServiceOrigin(serviceUrl, policy)
    return undefined
  } catch (error) {
    return error
  }
}

describe('assertServiceOrigin', () => {
  it('allows the configured service URL and any path on its origin', () => {
    expect(
      refusal('https://ibv.example.com', { serviceUrl: 'https://ibv.example.com/base/' }),
    ).toBeUndefined()
    expect(
      refusal('https://ibv.example.com/other', { serviceUrl: 'https://ibv.example.com' }),
    ).toBeUndefined()
  })

  it('refuses another origin with a typed invalid_request error naming the origin and the option', () => {
    const error = refusal('https://evil.example/x', { serviceUrl: 'https://ibv.example.com' })
    expect(error).toBeInstanceOf(IbvError)
    expect(error).toMatchObject({
      code: 'invalid_request',
      fields: { serviceUrl: [expect.stringContaining('allowedServiceOrigins')] },
    })
    expect((error as Error).message).toContain('https://evil.example')
    // Another port or scheme is another origin.
    expect(
      refusal('https://ibv.example.com:8443', { serviceUrl: 'https://ibv.example.com' }),
    ).toBeInstanceOf(IbvError)
    expect(
      refusal('http://ibv.example.com', { serviceUrl: 'https://ibv.example.com' }),
    ).toBeInstanceOf(IbvError)
  })

  it('resolves relative URLs against the page, on both sides', () => {
    expect(refusal('/ibv-sandbox', { serviceUrl: '/ibv-sandbox' })).toBeUndefined()
    expect(
      refusal(`${location.origin}/ibv-sandbox`, { serviceUrl: '/ibv-sandbox' }),
    ).toBeUndefined()
    expect(refusal('/ibv-sandbox', { serviceUrl: 'https://ibv.example.com' })).toBeInstanceOf(
      IbvError,
    )
    expect(refusal('//evil.example/x', { serviceUrl: '/ibv-sandbox' })).toBeInstanceOf(IbvError)
  })

  it('with allowedServiceOrigins, allows those origins only (the configured URL too only when listed)', () => {
    const policy = {
      serviceUrl: 'https://ibv.example.com',
      allowedServiceOrigins: ['https://ibv.example.com', 'https://eu.ibv.example.com/'],
    }
    expect(refusal('https://eu.ibv.example.com/x', policy)).toBeUndefined()
    expect(refusal('https://ibv.example.com', policy)).toBeUndefined()
    expect(refusal('https://us.ibv.example.com', policy)).toBeInstanceOf(IbvError)
    expect(
      refusal('https://ibv.example.com', {
        serviceUrl: 'https://ibv.example.com',
        allowedServiceOrigins: ['https://eu.ibv.example.com'],
      }),
    ).toBeInstanceOf(IbvError)
  })

  it("without a configured service URL or list, allows the page's own origin only", () => {
    expect(refusal('/ibv-sandbox', {})).toBeUndefined()
    expect(refusal('https://evil.example', {})).toBeInstanceOf(IbvError)
  })

  it('refuses what is not http(s) or does not parse', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'http://[', 42, undefined]) {
      expect(refusal(url, { serviceUrl: 'https://ibv.example.com' })).toMatchObject({
        name: 'IbvError',
        code: 'invalid_request',
      })
    }
  })
})

describe('checkAllowedServiceOrigins', () => {
  it('takes undefined or a list of http(s) origins or URLs', () => {
    expect(() => checkAllowedServiceOrigins(undefined, 'configureIbv')).not.toThrow()
    expect(() =>
      checkAllowedServiceOrigins(
        ['https://a.example', 'http://127.0.0.1:9000/', '/ibv-sandbox'],
        'configureIbv',
      ),
    ).not.toThrow()
  })

  it.each([
    ['a string', 'https://a.example'],
    ['an empty list', []],
    ['a non-string entry', [42]],
    ['a wildcard', ['*']],
    ['another scheme', ['javascript:alert(1)']],
    ['a blank entry', [' ']],
  ])('refuses %s with a TypeError naming the option and its caller', (_, value) => {
    expect(() => checkAllowedServiceOrigins(value, '<IbvProvider>')).toThrow(TypeError)
    expect(() => checkAllowedServiceOrigins(value, '<IbvProvider>')).toThrow(
      /^<IbvProvider>: allowedServiceOrigins /,
    )
  })
})
