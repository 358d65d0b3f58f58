import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  configureIbv,
  defineIbvElements,
  IbvError,
  type IbvElementEventMap,
} from '../../src/elements/index.js'
import { createIbvClient } from '../../src/server/index.js'
import { startHttpBackend } from './http-backend.js'

// Which side failed, as `<ibv-connect-button>` tells the page: its `ibv-error` carries an
// `IbvError` whose `source` blames the lender's backend for the backend's answers, and the
// service only when the backend says the service failed. Real servers over HTTP on 127.0.0.1.
const serviceUrl = 'https://service.test'
const servers: Array<{ close(): void }> = []

beforeAll(() => {
  defineIbvElements()
  configureIbv({ serviceUrl })
})
afterEach(() => document.body.replaceChildren())
afterAll(() => {
  for (const server of servers) server.close()
})

/** A server that answers every request with `status` and no body, as a misrouted backend does. */
async function bareStatusServer(status: number): Promise<string> {
  const server: Server = createServer((_, response) => response.writeHead(status).end())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ibv/tokens`
}

/** A lender's backend whose calls to the service get `answer` (a status, or no connection at all). */
async function backendWithService(answer: number | 'unreachable'): Promise<string> {
  const backend = await startHttpBackend(serviceUrl, {
    onError: () => {},
    client: createIbvClient({
      apiKey: 'sandbox-api-key',
      serviceUrl,
      retry: { attempts: 1 },
      fetch: async () => {
        if (answer === 'unreachable') throw new TypeError('fetch failed')
        return Response.json({ message: 'Service unavailable' }, { status: answer })
      },
    }),
  })
  servers.push(backend)
  return backend.tokenUrl
}

/** Clicks a connect button whose tokens come from `tokenUrl`; resolves with what it reported once it shows its error. */
async function failedConnect(tokenUrl: string) {
  const element = document.createElement('ibv-connect-button')
  element.setAttribute('consumer-id', 'LND-42')
  element.setAttribute('token-url', tokenUrl)
  const errors: IbvError[] = []
  const exits: unknown[] = []
  element.addEventListener('ibv-error', (event) =>
    errors.push((event as IbvElementEventMap['ibv-error']).detail.error),
  )
  element.addEventListener('ibv-exit', (event) => exits.push((event as CustomEvent).detail))
  document.body.append(element)
  await Promise.resolve()
  element.querySelector('button')!.click()
  await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('error'), {
    timeout: 20_000,
  })
  expect(element.querySelector('[role="alert"]')?.textContent).toBe(
    'The bank connection could not be started. Try again.',
  )
  expect(exits).toEqual([])
  return errors
}

describe('<ibv-connect-button> says which side failed', () => {
  it("blames the lender's server, never the service, for its bare HTTP 501", async () => {
    const errors = await failedConnect(await bareStatusServer(501))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(IbvError)
    expect(errors[0]).toMatchObject({
      code: 'server_error',
      status: 501,
      source: 'backend',
      message: 'Your backend answered HTTP 501.',
    })
    expect(JSON.parse(JSON.stringify(errors[0]))).toMatchObject({ source: 'backend' })
  })

  it('blames the service when the backend says the service failed', async () => {
    const errors = await failedConnect(await backendWithService(503))
    expect(errors.map(({ code, source }) => ({ code, source }))).toEqual([
      { code: 'server_error', source: 'service' },
    ])
  })

  it('blames the service when the backend could not reach it', async () => {
    const errors = await failedConnect(await backendWithService('unreachable'))
    expect(errors.map(({ code, status, source }) => ({ code, status, source }))).toEqual([
      { code: 'server_error', status: 502, source: 'service' },
    ])
  })

  it('blames the backend for its own refusal', async () => {
    const backend = await startHttpBackend(serviceUrl, { authorize: () => false })
    servers.push(backend)
    const errors = await failedConnect(backend.tokenUrl)
    expect(errors.map(({ code, status, source }) => ({ code, status, source }))).toEqual([
      { code: 'forbidden', status: 403, source: 'backend' },
    ])
  })
})
