import { createIbvTestEnvironment } from 'ibv-kit/testing'
import { createBackendFetchers } from '../../src/react/index.js'
import { createRealClock, type SandboxOptions } from '../../src/sandbox/index.js'

export const SERVICE = 'https://service.test'
const APP = 'https://lender.test'

/**
 * The whole chain a lender runs, in process, from `ibv-kit/testing`: `createIbvTestEnvironment`
 * gives the sandbox and the backend over it, as it gives lenders. What the kit does not offer, and
 * the package's own tests need, is here: fetchers that count and time every call by route, and
 * `respond`, which answers a backend call itself (a failure to simulate), with the fetchers'
 * `timeoutMs`. The sandbox's clock is real unless `options.clock` says otherwise.
 */
export function createChain(
  // Where webhooks go, and how, is the kit's: the sandbox's go to the backend, signed.
  options: Omit<
    SandboxOptions,
    'serviceUrl' | 'fetch' | 'webhookUrl' | 'webhookHeaders' | 'webhookSecret'
  > = {},
  respond?: (path: string, attempt: number) => Response | Error | Promise<Response> | undefined,
  fetcherOptions: { timeoutMs?: number } = {},
) {
  const { clock = createRealClock(), ...sandboxOptions } = options
  const env = createIbvTestEnvironment({
    serviceUrl: SERVICE,
    appOrigin: APP,
    clock,
    sandbox: sandboxOptions,
  })
  const calls: string[] = []
  const times: number[] = []
  const fetchers = createBackendFetchers('/api/ibv', {
    ...fetcherOptions,
    fetch: async (input, init) => {
      const url = new URL(String(input), APP)
      calls.push(url.pathname)
      times.push(Date.now())
      const override = respond?.(url.pathname, calls.filter((call) => call === url.pathname).length)
      if (override instanceof Error) throw override
      if (override) return override
      return env.backend.fetch(new Request(url, init))
    },
  })
  const control = async (path: string, body: unknown) => {
    const response = await env.sandbox.fetch(
      new Request(`${SERVICE}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': env.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    return (await response.json()) as Record<string, string>
  }
  /** Whether the portal accepts `token` right now (what an iframe load would get). */
  const portalAccepts = async (token: string) =>
    (
      await env.sandbox.fetch(
        new Request(`${SERVICE}/portal/embeddable_reports?token=${encodeURIComponent(token)}`),
      )
    ).status === 200
  const tokenCalls = () => calls.filter((call) => call === '/api/ibv/tokens').length
  /** When each call to `path` prefix was made (fake time in tests that fake it). */
  const timesOf = (prefix: string) => times.filter((_, index) => calls[index]?.startsWith(prefix))
  return {
    sandbox: env.sandbox,
    backend: env.backend,
    fetchers,
    calls,
    timesOf,
    tokenCalls,
    control,
    portalAccepts,
  }
}

/** The token in an iframe's src. */
export function tokenOf(iframe: HTMLIFrameElement): string {
  return new URL(iframe.src).searchParams.get('token') ?? ''
}
