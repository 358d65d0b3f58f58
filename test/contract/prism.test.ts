// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { createIbvClient } from '../../src/server/index.js'

// The client against a server none of this code wrote: Stoplight Prism's mock of
// docs/public/openapi/ibv-service.openapi.yaml, which answers from the document's schemas and examples
// and refuses a request that does not fit it (422), or lacks the x-api-key (401).
const root = fileURLToPath(new URL('../../', import.meta.url))
const DOCUMENT = 'docs/public/openapi/ibv-service.openapi.yaml'
let prism: ChildProcess | undefined
let serviceUrl = ''

/** A port nothing listens on now, on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

beforeAll(async () => {
  const port = await freePort()
  const child = spawn(
    `${root}node_modules/.bin/prism`,
    ['mock', DOCUMENT, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  prism = child
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 50_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Prism exited (${code}):\n${output}`))
    })
  })
  child.stdout?.removeAllListeners('data').resume()
  child.stderr?.removeAllListeners('data').resume()
  child.removeAllListeners('exit')
  serviceUrl = `http://127.0.0.1:${port}`
}, 60_000)

afterAll(async () => {
  if (prism?.pid === undefined || prism.exitCode !== null) return
  const exited = once(prism, 'exit')
  process.kill(prism.pid)
  await exited
})

/** The client, asking Prism for the answer the document lists under `status` when one is given. */
function client(status?: number) {
  return createIbvClient({
    apiKey: 'sk_test_prism',
    serviceUrl,
    retry: { attempts: 1 },
    fetch: (request) => {
      if (status !== undefined) request.headers.set('prefer', `code=${status}`)
      return fetch(request)
    },
  })
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no failure',
    (error: unknown) => (error instanceof IbvError ? error.code : String(error)),
  )

describe('the client against a Prism mock of the service document', () => {
  it('reads both tokens', async () => {
    const consumer = await client().createConsumerToken('LND-42')
    expect(consumer.access_token).toMatch(/\S/)
    expect(consumer.expires_in).toBeGreaterThan(0)
    const embedded = await client().createEmbeddedReportToken('IBV7Q2K9M4X1P8Z')
    expect(embedded.access_token).toMatch(/\S/)
    expect(embedded.expiresAt).toBeGreaterThan(Date.now())
  })

  it('reads a report, a pending answer, and a missing one', async () => {
    const ready = await client().getReport('IBV7Q2K9M4X1P8Z')
    expect(ready.kind).toBe('ready')
    if (ready.kind === 'ready') expect(ready.report.accounts[0]?.items[0]?.item_code).toMatch(/\S/)
    const v1 = await client().getReport('IBV7Q2K9M4X1P8Z', { version: 'v1' })
    expect(v1.kind).toBe('ready')
    const pending = await client(202).getReport('IBV7Q2K9M4X1P8Z')
    expect(pending).toMatchObject({ kind: 'pending', status: expect.any(String) })
    expect(await failure(client(404).getReport('IBV7Q2K9M4X1P8Z'))).toBe('not_found')
  })

  it('reads a submitted refresh', async () => {
    const outcome = await client().refresh('LND-42')
    expect(outcome).toMatchObject({ kind: 'submitted', productRequestId: expect.any(String) })
  })

  it('reads the refusals: a wrong field, a wrong key', async () => {
    expect(await failure(client(400).createConsumerToken('LND-42'))).toBe('invalid_request')
    expect(await failure(client(401).createConsumerToken('LND-42'))).toBe('unauthorized')
    expect(await failure(client(401).getReport('IBV7Q2K9M4X1P8Z'))).toBe('unauthorized')
    expect(await failure(client(401).refresh('LND-42'))).toBe('unauthorized')
  })
})
