import { createBackendFetchers } from '../../src/react/index.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js'

export const SERVICE = 'https://service.test'
const KEY = 'sandbox-api-key'

/**
 * The whole chain a lender runs, in process: the React fetchers call the backend handler, whose
 * client calls the sandbox. `respond` can answer a backend call itself (a failure to simulate);
 * every call the fetchers make is counted by route.
 */
export function createChain(
  options: SandboxOptions = {},
  respond?: (path: string, attempt: number) => Response | Error | Promise<Response> | undefined,
  fetcherOptions: { timeoutMs?: number } = {},
) {
  const sandbox = createSandbox({ serviceUrl: SERVICE, ...options })
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: KEY, serviceUrl: SERVICE, fetch: sandbox.fetch }),
    authorize: () => true,
  })
  const calls: string[] = []
  const times: number[] = []
  const fetchers = createBackendFetchers('/api/ibv', {
    ...fetcherOptions,
    fetch: async (input, init) => {
      const path = new URL(String(input), 'https://lender.test').pathname
      calls.push(path)
      times.push(Date.now())
      const override = respond?.(path, calls.filter((call) => call === path).length)
      if (override instanceof Error) throw override
      if (override) return override
      return backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init))
    },
  })
  const control = async (path: string, body: unknown) => {
    const response = await sandbox.fetch(
      new Request(`${SERVICE}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    return (await response.json()) as Record<string, string>
  }
  /** Whether the portal accepts `token` right now (what an iframe load would get). */
  const portalAccepts = async (token: string) =>
    (
      await sandbox.fetch(
        new Request(`${SERVICE}/portal/embeddable_reports?token=${encodeURIComponent(token)}`),
      )
    ).status === 200
  const tokenCalls = () => calls.filter((call) => call === '/api/ibv/tokens').length
  /** When each call to `path` prefix was made (fake time in tests that fake it). */
  const timesOf = (prefix: string) => times.filter((_, index) => calls[index]?.startsWith(prefix))
  return { sandbox, backend, fetchers, calls, timesOf, tokenCalls, control, portalAccepts }
}

/** The token in an iframe's src. */
export function tokenOf(iframe: HTMLIFrameElement): string {
  return new URL(iframe.src).searchParams.get('token') ?? ''
}
