// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { prefetchReport, type AuthorizeContext } from '../../src/server/index.js'
import { tokenBackend } from '../server/token-backend.js'

// prefetchReport with a timeoutMs that is no deadline at all threw Node's own RangeError, and only
// after `authorize` had been asked: the caller's typo cost a session look-up and said nothing useful.
describe('prefetchReport timeoutMs', () => {
  it.each([-1, 0, Number.NaN, Number.POSITIVE_INFINITY, 1.5, 2 ** 31, '3000'])(
    'refuses %s with an invalid_request IbvError naming timeoutMs, before authorize',
    async (timeoutMs) => {
      const asked: AuthorizeContext[] = []
      const { backend } = tokenBackend({ authorize: (context) => (asked.push(context), true) })
      for (const prefetch of [
        () =>
          prefetchReport(backend, new Request('https://lender.test/'), 'IBV1', {
            timeoutMs: timeoutMs as number,
          }),
        () =>
          backend.prefetch(new Request('https://lender.test/'), 'IBV1', {
            timeoutMs: timeoutMs as number,
          }),
      ]) {
        const error = await prefetch().then(
          () => undefined,
          (thrown: unknown) => thrown,
        )
        expect(error).toMatchObject({
          name: 'IbvError',
          code: 'invalid_request',
          fields: { timeoutMs: [expect.stringMatching(/whole number/)] },
        })
      }
      expect(asked).toEqual([])
    },
  )

  it('takes a whole number of milliseconds', async () => {
    const { backend, productRequest } = tokenBackend()
    const id = await productRequest()
    expect(
      await prefetchReport(backend, new Request('https://lender.test/'), id, { timeoutMs: 1000 }),
    ).toMatchObject({ productRequestId: id })
  })
})
