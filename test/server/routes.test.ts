import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  BACKEND_ROUTES,
  BACKEND_ROUTE_NAMES,
  type BackendRouteName,
} from '../../src/core/routes.js'
import { createBackendFetchers, type IbvFetchers } from '../../src/core/fetchers.js'
import { inviteBackend } from './invite-backend.js'

// The route table in core is the one list of the backend's routes: the backend serves every one,
// and the browser's fetchers call every one marked for them, and nothing else. A route added on
// one side only fails here.
const APP = 'https://lender.test'
const { backend, invite } = inviteBackend()

afterAll(async () => {
  await backend.close({ timeoutMs: 0 })
})

/** `path` with each `:name` segment filled with a placeholder id. */
const filled = (path: string) => path.replace(/:\w+/g, 'LND-42')

/** Which route of the table `method` and `pathname` (under /api/ibv) are, if any. */
function routeOf(method: string, pathname: string): BackendRouteName | undefined {
  return BACKEND_ROUTE_NAMES.find((name) => {
    const route = BACKEND_ROUTES[name]
    const pattern = new RegExp(`^/api/ibv${route.path.replace(/:\w+/g, '[^/]+')}$`)
    return route.method === method && pattern.test(pathname)
  })
}

describe('the route table', () => {
  it.each(BACKEND_ROUTE_NAMES)('has route %s served by createIbvBackend', async (name) => {
    const { method, path } = BACKEND_ROUTES[name]
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv${filled(path)}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      }),
    )
    const body = await (name === 'events'
      ? response.body?.cancel().then(() => ({}))
      : response.json().catch(() => ({})))
    expect(response.status).not.toBe(405)
    // The backend's own 404 (a service's 404 for the placeholder id is a route that was served).
    expect((body as { message?: string } | undefined)?.message ?? '').not.toMatch(/^No route/)
  })

  it('serves no route of its own: a path outside the table is a 404', async () => {
    const response = await backend.fetch(new Request(`${APP}/api/ibv/tokens/extra`))
    expect(response.status).toBe(404)
  })

  it("has every fetcher of createBackendFetchers call its own route of the table, and every fetchers' route called", async () => {
    const called: { fetcher: string; route: BackendRouteName | undefined }[] = []
    let current = ''
    const fetchers = createBackendFetchers('/api/ibv', {
      fetch: async (input, init) => {
        const request = new Request(new URL(String(input), APP), init)
        called.push({
          fetcher: current,
          route: routeOf(request.method, new URL(request.url).pathname),
        })
        return backend.fetch(request)
      },
    })
    const link = await invite('LND-42')
    const calls: { [K in keyof IbvFetchers]-?: () => Promise<unknown> } = {
      token: () => fetchers.token({ type: 'consumer', consumerId: 'LND-42' }),
      report: () => fetchers.report('IBV-none'),
      refresh: () => fetchers.refresh('LND-42'),
      invite: () => fetchers.invite('LND-42'),
      invites: () => fetchers.invites('LND-42'),
      completeInvite: () => fetchers.completeInvite(link, 'IBV-none'),
    }
    expect(Object.keys(fetchers).sort()).toEqual(Object.keys(calls).sort())
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const [fetcher, call] of Object.entries(calls)) {
      current = fetcher
      // Only where it goes counts here: an answer the sandbox refuses is fine.
      await call().catch(() => {})
    }
    errors.mockRestore()
    for (const { fetcher, route } of called) expect(route).toBe(fetcher)
    const forFetchers = BACKEND_ROUTE_NAMES.filter(
      (name) => BACKEND_ROUTES[name].caller === 'fetchers',
    )
    expect([...new Set(called.map(({ route }) => route))].sort()).toEqual(forFetchers.sort())
  })
})
