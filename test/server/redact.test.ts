// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { MAX_ANSWER_DEPTH, createRedactor } from '../../src/server/redact.js'

const KEY = 'sk_live/7Qz+never=show~me!'
const redact = createRedactor(KEY)
const percent = encodeURIComponent(KEY)
// Independent encoders (Node's Buffer), so the tests do not reuse the redactor's own arithmetic.
const base64 = (text: string) => Buffer.from(text).toString('base64')
const base64url = (text: string) => Buffer.from(text).toString('base64url')
const hex = (text: string) => Buffer.from(text).toString('hex')
const eachChar = (text: string, escape: (code: number) => string) =>
  [...text].map((c) => escape(c.charCodeAt(0))).join('')

describe('createRedactor: text', () => {
  it('replaces the plain, "\\/"-escaped and URL-encoded forms where they stand', () => {
    expect(redact.text(`bad key ${KEY}, again ${KEY}`)).toBe('bad key [redacted], again [redacted]')
    expect(redact.text(`{"x-api-key":"${KEY.replace('/', '\\/')}"}`)).toBe(
      '{"x-api-key":"[redacted]"}',
    )
    expect(redact.text(`https://s.test/?k=${percent}&a=1`)).toBe('https://s.test/?k=[redacted]&a=1')
    expect(redact.text('k=sk_live%2f7Qz%2bnever%3dshow~me!')).toBe('k=[redacted]')
  })

  it('replaces the JSON-escaped form of a key with quotes or backslashes in it', () => {
    const odd = createRedactor('sk_"quoted\\key')
    expect(odd.text(`sent ${JSON.stringify('sk_"quoted\\key')}`)).toBe('sent "[redacted]"')
    expect(odd.text('sent sk_"quoted\\key')).toBe('sent [redacted]')
  })

  it('withholds a text that hides the key in a form it cannot place: double encodings, \\u escapes, a partial URL-encoding', () => {
    expect(redact.text(`k=${encodeURIComponent(percent)}`)).toBe('[redacted]')
    const unicode = [...KEY]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')
    expect(redact.text(`key ${unicode}`)).toBe('[redacted]')
    expect(redact.text(JSON.stringify(JSON.stringify({ key: KEY.replace('/', '\\/') })))).toBe(
      '[redacted]',
    )
    expect(redact.text(`k=sk_live%2f7Qz+never%3Dshow~me!`)).toBe('[redacted]')
  })

  it('leaves other texts exactly as they are, escapes included', () => {
    for (const text of [
      'Validation error',
      'C:\\path\\to',
      '100% sure, %41 stays',
      'line\\nbreak \\u00e9',
      'sk_live/7Qz+never=show',
    ]) {
      expect(redact.text(text)).toBe(text)
    }
  })

  it('leaves alone look-alikes of the new forms: prefixes in other cases or encodings, entities, escapes', () => {
    const prefix = KEY.slice(0, -3)
    for (const text of [
      prefix.toUpperCase(),
      base64(prefix),
      `Basic ${base64(`${prefix}:`)}`,
      base64url(`x${prefix}`),
      hex(prefix).toUpperCase(),
      base64(KEY.toUpperCase()),
      'Johnson &amp; Johnson &#38; Co &#x26; Sons &#',
      'C:\\x41\\u{42}\\x\\u{}',
      Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)).toString('base64'),
    ]) {
      expect(redact.text(text)).toBe(text)
    }
  })
})

describe('createRedactor: the key in another case or encoding', () => {
  it('matches the key and its escaped forms in any case, where they stand', () => {
    expect(redact.text(`bad key ${KEY.toUpperCase()}`)).toBe('bad key [redacted]')
    const mixed = [...KEY].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')
    expect(redact.text(`bad key ${mixed}, again ${KEY}`)).toBe(
      'bad key [redacted], again [redacted]',
    )
    expect(redact.text(`k=${percent.toLowerCase()}&k=${percent.toUpperCase()}`)).toBe(
      'k=[redacted]&k=[redacted]',
    )
    // Mixed-case hex in one URL-encoding: it used to be withheld whole; now it is cut out in place.
    expect(redact.text('k=sk_live%2f7Qz%2Bnever%3dshow~me!')).toBe('k=[redacted]')
  })

  it('replaces hex of the key, lower, upper or mixed case, where it stands', () => {
    expect(redact.text(`key 0x${hex(KEY)} sent`)).toBe('key 0x[redacted] sent')
    expect(redact.text(`key ${hex(KEY).toUpperCase()}`)).toBe('key [redacted]')
    expect(redact.text(`key ${hex(KEY).replace(/[a-f]/, (c) => c.toUpperCase())}`)).toBe(
      'key [redacted]',
    )
  })

  it('withholds a text holding base64 or base64url of the key, at any byte offset of the encoded data', () => {
    for (const before of ['', 'a', 'ab', 'abc', '{"x-api-key":"']) {
      for (const after of ['', ':', '"}', 'xyz']) {
        expect(redact.text(`Basic ${base64(before + KEY + after)}`), `${before}|${after}`).toBe(
          '[redacted]',
        )
        expect(redact.text(`t=${base64url(before + KEY + after)}.sig`), `${before}|${after}`).toBe(
          '[redacted]',
        )
      }
    }
    expect(redact.text(`got ${base64(JSON.stringify({ headers: { 'x-api-key': KEY } }))}`)).toBe(
      '[redacted]',
    )
    // base64 whose "+" and "/" were then URL-encoded: the decode rounds look for base64 too.
    expect(redact.text(`?auth=${encodeURIComponent(base64(`a${KEY}`))}`)).toBe('[redacted]')
  })

  it('withholds a text hiding the key behind HTML entities, \\x or \\u{} escapes', () => {
    expect(redact.text(`key ${KEY.replace(/_/g, '&#95;')}`)).toBe('[redacted]')
    expect(redact.text(`key ${eachChar(KEY, (code) => `&#${code};`)}`)).toBe('[redacted]')
    expect(redact.text(`key ${eachChar(KEY, (code) => `&#x${code.toString(16)};`)}`)).toBe(
      '[redacted]',
    )
    expect(
      redact.text(`key ${eachChar(KEY, (code) => `&#X${code.toString(16).toUpperCase()};`)}`),
    ).toBe('[redacted]')
    expect(redact.text(`key ${eachChar(KEY, (code) => `\\x${code.toString(16)}`)}`)).toBe(
      '[redacted]',
    )
    expect(redact.text(`key ${eachChar(KEY, (code) => `\\u{${code.toString(16)}}`)}`)).toBe(
      '[redacted]',
    )
    expect(
      redact.text(`key ${eachChar(KEY, (code) => `\\u{00${code.toString(16).toUpperCase()}}`)}`),
    ).toBe('[redacted]')
    // Entities that were then URL-encoded (a query string built from HTML): two rounds.
    expect(
      redact.text(
        `?k=${encodeURIComponent(KEY.replace(/[/+=~!]/g, (c) => `&#${c.charCodeAt(0)};`))}`,
      ),
    ).toBe('[redacted]')
  })
})

describe('createRedactor: value', () => {
  it('redacts every string and every key of a parsed body, and copies it', () => {
    const body = JSON.parse(
      JSON.stringify({
        a: KEY,
        list: [1, null, true, `x ${KEY}`],
        nested: { [KEY]: { b: percent } },
      }),
    ) as unknown
    expect(redact.value(body)).toEqual({
      a: '[redacted]',
      list: [1, null, true, 'x [redacted]'],
      nested: { '[redacted]': { b: '[redacted]' } },
    })
    expect(redact.value(body)).not.toBe(body)
  })

  it('keeps an own "__proto__" key as data, never as a prototype', () => {
    const copy = redact.value(JSON.parse('{"__proto__":{"polluted":true},"a":1}')) as Record<
      string,
      unknown
    >
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it(`refuses JSON nested more than ${MAX_ANSWER_DEPTH} levels with a typed error, however deep`, () => {
    const nested = (depth: number) =>
      JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown
    expect(() => redact.value(nested(MAX_ANSWER_DEPTH))).not.toThrow()
    for (const depth of [MAX_ANSWER_DEPTH + 1, 20_000]) {
      let error: unknown
      try {
        redact.value(nested(depth))
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(IbvError)
      expect(error).toMatchObject({ code: 'malformed_response' })
    }
  })
})

describe('createRedactor: error', () => {
  it('copies an IbvError with code, status and fields, without the key', () => {
    const original = new IbvError('invalid_request', `bad ${KEY}`, {
      status: 400,
      fields: { [KEY]: [`no ${KEY}`] },
    })
    const copy = redact.error(original)
    expect(copy).toBeInstanceOf(IbvError)
    expect(copy).toMatchObject({
      code: 'invalid_request',
      status: 400,
      message: 'bad [redacted]',
      fields: { '[redacted]': ['no [redacted]'] },
    })
    expect(copy.stack).not.toContain(KEY)
    expect(copy.stack).toContain('redact.test.ts')
  })

  it('copies a cause chain as name, message and code only: no Request, no key', () => {
    const request = new Request('https://s.test', { headers: { 'x-api-key': KEY } })
    const root = Object.assign(new Error(`connect refused, key ${KEY}`), {
      code: 'ECONNREFUSED',
      request,
    })
    const original = new IbvError('network', 'unreachable', {
      cause: Object.assign(new TypeError('fetch failed', { cause: root }), { request }),
    })
    const copy = redact.error(original)
    const cause = copy.cause as Error & { cause: Error & { code?: string } }
    expect(cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' })
    expect(cause.cause).toMatchObject({
      name: 'Error',
      message: 'connect refused, key [redacted]',
      code: 'ECONNREFUSED',
    })
    expect(Object.keys(cause)).not.toContain('request')
    expect(Object.keys(cause.cause)).not.toContain('request')
  })

  it('ends a cyclic cause chain, and turns anything thrown into an Error', () => {
    const cyclic = new Error('loop') as Error & { cause?: unknown }
    cyclic.cause = cyclic
    let depth = 0
    for (let error: unknown = redact.error(cyclic); error instanceof Error; error = error.cause)
      depth++
    expect(depth).toBeLessThan(10)
    expect(redact.error(`thrown ${KEY}`)).toMatchObject({ message: 'thrown [redacted]' })
    expect(redact.error({ request: KEY }).message).toBe('A value of type object was thrown.')
  })
})

describe('createRedactor: a short test key', () => {
  it('is not looked for inside texts (it would match ordinary words), but errors are still copied', () => {
    const short = createRedactor('k')
    expect(short.text('access_token')).toBe('access_token')
    expect(short.value({ token: 'k' })).toEqual({ token: 'k' })
    // Nor in its other cases and encodings, one character under the minimum.
    const seven = createRedactor('abcdefg')
    const forms = `ABCDEFG ${base64('abcdefg')} ${base64('xabcdefg')} ${hex('abcdefg')} &#97;bcdefg \\x61bcdefg`
    expect(seven.text(forms)).toBe(forms)
    const request = new Request('https://s.test', { headers: { 'x-api-key': 'k' } })
    const copy = short.error(
      new IbvError('network', 'unreachable', {
        cause: Object.assign(new Error('fetch failed'), { request }),
      }),
    )
    expect(Object.keys(copy.cause as object)).not.toContain('request')
  })
})
