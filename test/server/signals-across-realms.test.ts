// @vitest-environment node
import { JSDOM } from 'jsdom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createIbvTestEnvironment } from '../../src/testing/index.js'
import { anySignal } from '../../src/server/upstream-signal.js'

// Jest's jsdom environment gives the test jsdom's AbortSignal (its DOM accepts only jsdom's),
// while fetch, Request and Response stay Node's and make Node's signals: a backend request's signal
// then comes from one realm and the global AbortSignal from another, and jsdom's `AbortSignal.any`
// refuses Node's signals.
const jsdomWindow = new JSDOM('').window
function asUnderJest() {
  vi.stubGlobal('AbortSignal', jsdomWindow.AbortSignal)
}
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('signals from two realms (Jest with jsdom)', () => {
  it('the backend mints a consumer token when the global AbortSignal is not the Request’s', async () => {
    asUnderJest()
    const env = createIbvTestEnvironment()
    try {
      const answer = await env.fetchers.token({ type: 'consumer', consumerId: 'LND-1' })
      expect(answer.access_token).toEqual(expect.any(String))
    } finally {
      env.close()
    }
  })

  it('anySignal aborts with the reason of whichever signal, of either realm, aborts first', () => {
    const node = new globalThis.AbortController()
    const dom = new jsdomWindow.AbortController()
    asUnderJest()
    const either = anySignal([node.signal, dom.signal])
    expect(either.aborted).toBe(false)
    dom.abort(new Error('the page went away'))
    expect(either.aborted).toBe(true)
    expect((either.reason as Error).message).toBe('the page went away')
    node.abort(new Error('later'))
    expect((either.reason as Error).message).toBe('the page went away')
  })

  it('anySignal is aborted at once when a signal given already is', () => {
    const gone = new jsdomWindow.AbortController()
    gone.abort(new Error('before'))
    const either = anySignal([new globalThis.AbortController().signal, gone.signal])
    expect(either.aborted).toBe(true)
    expect((either.reason as Error).message).toBe('before')
  })
})
