import { describe, expect, it } from 'vitest'
import {
  IbvError,
  connectWidgetUrl,
  embeddedReportUrl,
  isFrameUrl,
  joinServiceUrl,
  refreshUrl,
  reportUrl,
  tokensUrl,
} from '../../src/core/index.js'

const bases = [
  'https://api.service.test',
  'https://api.service.test/',
  'https://api.service.test//',
]

describe('URL builders', () => {
  it.each(bases)('build every path of the service API with one slash from %s', (base) => {
    expect(tokensUrl(base)).toBe('https://api.service.test/api/v1/auth/tokens')
    expect(refreshUrl(base, 'LND-42')).toBe(
      'https://api.service.test/api/v1/ibv/requests/refresh/LND-42',
    )
    expect(reportUrl(base, 'IBV-1')).toBe('https://api.service.test/api/v2/ibv/requests/IBV-1')
    expect(reportUrl(base, 'IBV-1', 'v1')).toBe(
      'https://api.service.test/api/v1/ibv/requests/IBV-1',
    )
    expect(embeddedReportUrl(base, 'tok')).toBe(
      'https://api.service.test/portal/embeddable_reports?token=tok',
    )
    expect(connectWidgetUrl(base, 'tok', 'https://lender.test')).toBe(
      'https://api.service.test/connect?token=tok&origin=https%3A%2F%2Flender.test',
    )
  })

  it('keep a path prefix and work with a relative service URL', () => {
    expect(tokensUrl('https://gw.test/ibv/')).toBe('https://gw.test/ibv/api/v1/auth/tokens')
    expect(reportUrl('/ibv-sandbox', 'IBV-1')).toBe('/ibv-sandbox/api/v2/ibv/requests/IBV-1')
    expect(joinServiceUrl('', '/api')).toBe('/api')
  })

  it.each([
    ['a space', 'LND 42', 'LND%2042'],
    ['a slash', 'LND/42', 'LND%2F42'],
    ['a query and a hash', 'a?b#c', 'a%3Fb%23c'],
    ['unicode', 'préstamo-💸', 'pr%C3%A9stamo-%F0%9F%92%B8'],
    ['dots inside', 'a..b', 'a..b'],
    ['a percent sign', '100%', '100%25'],
  ])('encode an id with %s as one path segment', (_, id, encoded) => {
    expect(refreshUrl('https://s.test', id)).toBe(
      `https://s.test/api/v1/ibv/requests/refresh/${encoded}`,
    )
    expect(reportUrl('https://s.test', id)).toBe(`https://s.test/api/v2/ibv/requests/${encoded}`)
    const parsed = new URL(reportUrl('https://s.test', id))
    expect(parsed.pathname.split('/').length).toBe(6)
  })

  it('encode the token in the portal address so it round-trips', () => {
    const token = 'a+b/c=d&e f'
    const url = new URL(embeddedReportUrl('https://s.test', token))
    expect(url.searchParams.get('token')).toBe(token)
    expect([...url.searchParams.keys()]).toEqual(['token'])
  })

  it("never let the locale replace the page's own parameters: the token, the origin", () => {
    expect(() =>
      embeddedReportUrl('https://s.test', 'tok', { locale: 'es', localeParam: 'token' }),
    ).toThrow(expect.objectContaining({ code: 'invalid_request' }))
    expect(() =>
      connectWidgetUrl('https://s.test', 'tok', 'https://lender.test', {
        locale: 'https://evil.test',
        localeParam: 'origin',
      }),
    ).toThrow(/localeParam cannot be "origin"/)
    expect(
      new URL(
        embeddedReportUrl('https://s.test', 'tok', { locale: 'es', localeParam: '__proto__' }),
      ).searchParams.get('__proto__'),
    ).toBe('es')
  })

  it('carry a locale as a `locale` parameter, or under another name, or not at all', () => {
    expect(embeddedReportUrl('https://s.test', 'tok', { locale: 'fr-CA' })).toBe(
      'https://s.test/portal/embeddable_reports?token=tok&locale=fr-CA',
    )
    expect(connectWidgetUrl('https://s.test', 'tok', 'https://lender.test', { locale: 'es' })).toBe(
      'https://s.test/connect?token=tok&origin=https%3A%2F%2Flender.test&locale=es',
    )
    expect(
      embeddedReportUrl('https://s.test', 'tok', { locale: 'es', localeParam: 'ui_locales' }),
    ).toBe('https://s.test/portal/embeddable_reports?token=tok&ui_locales=es')
    expect(
      new URL(
        connectWidgetUrl('https://s.test', 'tok', 'https://l.test', {
          locale: 'a&b=c',
          localeParam: 'l g',
        }),
      ).searchParams.get('l g'),
    ).toBe('a&b=c')
    // No locale, or no parameter for it: the URL of an English page, byte for byte.
    for (const options of [{}, { locale: '' }, { locale: 'es', localeParam: null }]) {
      expect(embeddedReportUrl('https://s.test', 'tok', options)).toBe(
        'https://s.test/portal/embeddable_reports?token=tok',
      )
      expect(connectWidgetUrl('https://s.test', 'tok', 'https://l.test', options)).toBe(
        'https://s.test/connect?token=tok&origin=https%3A%2F%2Fl.test',
      )
    }
  })

  it("carry the lender's redirect page as redirect_uri and the returned OAuth state as oauth_state_id", () => {
    const url = connectWidgetUrl('https://s.test', 'tok', 'https://lender.test', {
      redirectUri: 'https://lender.test/back?applicant=42',
      oauthStateId: 'os_1',
      locale: 'es',
    })
    expect(url).toBe(
      'https://s.test/connect?token=tok&origin=https%3A%2F%2Flender.test&redirect_uri=https%3A%2F%2Flender.test%2Fback%3Fapplicant%3D42&oauth_state_id=os_1&locale=es',
    )
    // Neither given: the URL of before, byte for byte.
    expect(
      connectWidgetUrl('https://s.test', 'tok', 'https://l.test', {
        redirectUri: undefined,
        oauthStateId: undefined,
      }),
    ).toBe('https://s.test/connect?token=tok&origin=https%3A%2F%2Fl.test')
  })

  it.each([
    'https://elsewhere.test/back',
    'http://lender.test/back',
    '/back',
    'javascript:alert(1)',
    '',
  ])('refuse the redirect page %j, not an absolute http(s) URL on the origin', (redirectUri) => {
    expect(() =>
      connectWidgetUrl('https://s.test', 'tok', 'https://lender.test', { redirectUri }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        fields: { redirectUri: [expect.stringContaining('origin')] },
      }),
    )
  })

  it('never let the locale replace the redirect page or the state', () => {
    const redirect = {
      redirectUri: 'https://lender.test/back',
      oauthStateId: 'os_1',
      locale: 'https://evil.test',
    }
    for (const localeParam of ['redirect_uri', 'oauth_state_id']) {
      expect(() =>
        connectWidgetUrl('https://s.test', 'tok', 'https://lender.test', {
          ...redirect,
          localeParam,
        }),
      ).toThrow(`localeParam cannot be "${localeParam}"`)
    }
  })

  it.each(['.', '..'])(
    'refuse the dot segment %j, which URL parsers resolve even when encoded',
    (id) => {
      expect(new URL('https://s.test/a/%2E%2E').pathname).toBe('/')
      expect(() => refreshUrl('https://s.test', id)).toThrow(IbvError)
      expect(() => reportUrl('https://s.test', id)).toThrow(/cannot be/)
    },
  )

  it('refuse an empty identifier rather than call another path', () => {
    expect(() => refreshUrl('https://s.test', '')).toThrow(IbvError)
    let caught: unknown
    try {
      reportUrl('https://s.test', '')
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({
      code: 'invalid_request',
      fields: { product_request_id: ['is required'] },
    })
  })
})

describe('isFrameUrl', () => {
  it.each([
    'https://api.service.test',
    'http://127.0.0.1:4010/ibv-sandbox',
    '/ibv-sandbox',
    'ibv-sandbox',
  ])('takes %j', (url) => {
    expect(isFrameUrl(url)).toBe(true)
  })
  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVA\tSCRIPT:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'http://[::1',
  ])('refuses %j, and the frame URLs built on it throw', (url) => {
    expect(isFrameUrl(url)).toBe(false)
    expect(() => embeddedReportUrl(url, 'tok')).toThrow(IbvError)
    expect(() => connectWidgetUrl(url, 'tok', 'https://lender.test')).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    )
  })
})
