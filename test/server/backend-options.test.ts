import { describe, expect, it } from 'vitest'
import { createIbvBackend, createIbvClient } from 'ibv-kit/server'
import { createSandbox } from 'ibv-kit/sandbox'

const client = createIbvClient({ apiKey: 'sandbox-key', serviceUrl: 'http://sandbox.test', fetch: createSandbox().fetch })
const build = (extra: Record<string, unknown>) => () => createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true, ...extra })

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

  it('takes whole numbers, and the defaults when left out', () => {
    expect(build({ maxStreams: 5, heartbeatMs: 1000, maxStreamBufferBytes: 4096 })).not.toThrow()
    expect(build({})).not.toThrow()
  })
})
