import { expectTypeOf, test } from 'vitest'
import type { PrefetchedReport } from '../../src/core/index.js'
import type { IbvBackend, PrefetchReportOptions, prefetchReport } from '../../src/server/index.js'

// backend.prefetch is the public form of prefetchReport: the same parameters after the backend,
// the same answer.
test('backend.prefetch takes what prefetchReport takes after the backend', () => {
  type AfterBackend<T> = T extends (backend: IbvBackend, ...rest: infer Rest) => unknown
    ? Rest
    : never
  expectTypeOf<Parameters<IbvBackend['prefetch']>>().toEqualTypeOf<
    AfterBackend<typeof prefetchReport>
  >()
  expectTypeOf<Parameters<IbvBackend['prefetch']>>().toEqualTypeOf<
    [request: Request, productRequestId: string, options?: PrefetchReportOptions]
  >()
  expectTypeOf<ReturnType<IbvBackend['prefetch']>>().toEqualTypeOf<
    Promise<PrefetchedReport | null>
  >()
})
