import { describe, expect, it } from 'vitest'
import { createIbvBackend, createIbvClient } from 'ibv-kit/server'
import { createSandbox } from 'ibv-kit/sandbox'

const client = createIbvClient({
  apiKey: 'sandbox-key',
  serviceUrl: 'http://sandbox.test',
  fetch: createSandbox().fetch,
})
const build = (extra: Record<string, unknown>) => () =>
  createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true, ...extra })

describe('createIbvBackend options', () => {
  it.each([
    ['maxStreams', -1, /maxStreams must be a whole number from 1 up, not -1/],
    ['maxStreams', Number.NaN, /maxStreams .* not NaN/],
    ['heartbeatMs', Number.POSITIVE_INFINITY, /heartbeatMs .* not Infinity/],
    ['maxStreamBufferBytes', '1024', /maxStreamBufferBytes .* not "1024"/],
    ['maxStreamBufferBytes', 1.5, /maxStreamBufferBytes .* not 1.5/],
  ])('refuses %s = %s at construction, naming the option', (name, value, message) => {
    expect(build({ [name]: value })).toThrow(RangeError)
    expect(build({ [name]: value })).toThrow(message)
  })

  // 'null' would let any sandboxed iframe or file: page of any site through; the others never match.
  it.each([
    'null',
    '*',
    'https://app.lender.example/',
    'https://App.Lender.example',
    'app.lender.example',
    'https://app.lender.example/path',
  ])(
    'refuses allowedOrigins entry %s at construction: only an origin as a browser sends it',
    (entry) => {
      expect(build({ allowedOrigins: [entry] })).toThrow(TypeError)
      expect(build({ allowedOrigins: [entry] })).toThrow(/allowedOrigins/)
    },
  )

  it('takes origins as browsers send them in allowedOrigins', () => {
    expect(
      build({
        allowedOrigins: [
          'https://app.lender.example',
          'http://127.0.0.1:5173',
          'https://[::1]:8443',
        ],
      }),
    ).not.toThrow()
  })

  it('takes whole numbers, and the defaults when left out', () => {
    expect(build({ maxStreams: 5, heartbeatMs: 1000, maxStreamBufferBytes: 4096 })).not.toThrow()
    expect(build({})).not.toThrow()
  })
})
