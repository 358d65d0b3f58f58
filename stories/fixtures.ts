// Loaders' helpers: each sets up a sandbox state through Storybook's backend (no key here).
import {
  IbvError,
  createBackendFetchers,
  type IbvFetchers,
  type IbvReport,
  type PrefetchedReport,
} from 'ibv-kit'
import { storySandboxProblem } from '../.storybook/sandbox.ts'
import { API } from './story-urls.ts'

async function post(route: string, body: unknown): Promise<Record<string, string>> {
  const problem = storySandboxProblem()
  if (problem)
    throw new Error(
      `This story needs Storybook's in-browser sandbox, which could not start: ${problem}`,
    )
  const response = await fetch(`${API}/fixtures/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // The page's service worker answers this; without it the server would (a static one: 404), so
  // say so rather than "invalid JSON".
  if (!response.headers.get('content-type')?.includes('json')) {
    throw new Error(
      `This story needs Storybook's in-browser sandbox, whose service worker did not answer (${response.status}): reload the page.`,
    )
  }
  return response.json()
}

const unique = (prefix: string) =>
  `${prefix}-${Math.random().toString(36).slice(2, 10).toUpperCase()}`

/**
 * A product request for a fresh consumer, its pipeline already run to its end; with
 * `pending: true`, just started (in the test project it stays there: its clock is stopped).
 */
export async function productRequest(
  options: {
    outcome?: string
    accounts?: number
    features?: number
    institution?: string
    pending?: boolean
  } = {},
) {
  const consumerId = unique('SB')
  const created = await post('product_requests', { consumer_id: consumerId, ...options })
  return { consumerId, productRequestId: created.product_request_id ?? '' }
}

/** What `prefetchReport` (ibv-kit/server) returns for this product request, read on the server. */
export async function prefetched(productRequestId: string): Promise<PrefetchedReport | null> {
  return (await post('prefetch', {
    product_request_id: productRequestId,
  })) as unknown as PrefetchedReport | null
}

export const nextRefresh = (consumerId: string, outcome: string) =>
  post('next_refresh', { consumer_id: consumerId, outcome })
export const refreshNow = (consumerId: string) => post('refresh', { consumer_id: consumerId })

/** The report of a product request, as `useIbvReport` would get it. */
export async function reportOf(productRequestId: string): Promise<IbvReport> {
  const answer = await createBackendFetchers(API).report(productRequestId)
  if (answer.kind !== 'ready')
    throw new Error(`report ${productRequestId} is ${answer.pending.ibv_report_status}`)
  return answer.report
}

const backend = createBackendFetchers(API)

/** Fetchers whose token-fetcher fails as told, for the error stories. */
export function failingTokens(failure: () => Promise<never>): IbvFetchers {
  return { ...backend, token: failure }
}

/** The first `failures` token fetches fail as a network error would; then the real one answers. */
export function flakyTokens(failures: number): IbvFetchers {
  let calls = 0
  return {
    ...backend,
    token: (request) =>
      ++calls <= failures
        ? Promise.reject(new IbvError('network', 'The network dropped.'))
        : backend.token(request),
  }
}

/** The first token lives 8 s (renewed after 4 s); the renewal never answers, so renewing stays visible. */
export function stuckRenewal(): IbvFetchers {
  let calls = 0
  return {
    ...backend,
    token: async (request) => {
      if (++calls > 1) return new Promise<never>(() => undefined)
      return { ...(await backend.token(request)), expires_in: 8 }
    },
  }
}

export const neverAnswers: IbvFetchers = {
  ...backend,
  token: () => new Promise<never>(() => undefined),
}

/** Fetchers none of which ever answers: whatever shows came from elsewhere (`prefetched`). */
export const silent: IbvFetchers = {
  token: () => new Promise<never>(() => undefined),
  report: () => new Promise<never>(() => undefined),
  refresh: () => new Promise<never>(() => undefined),
}
