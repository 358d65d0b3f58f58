// @vitest-environment node
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { EventRelay, toNodeHandler, type IbvBackend } from '../../src/server/index.js'
import { backendUnderAttack } from '../security/backend-under-attack.js'
import { bulky, readSlowly } from './catch-up-helpers.js'
import { readSse } from './sse.js'

// Under `toNodeHandler`, an `/events` stream is written straight to Node's response (no Web
// stream in between): the same subscriber, so the same guarantees over a real socket.
const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

async function serve(backend: IbvBackend, answers: Response[] = []) {
  const server = createServer(
    toNodeHandler({
      basePath: backend.basePath,
      fetch: async (request) => answers[answers.push(await backend.fetch(request)) - 1]!,
    }),
  )
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const events = (init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}/api/ibv/events`, {
      ...init,
      headers: { cookie: 'session=node', ...init.headers },
    })
  return Object.assign(events, { port })
}

/** Waits (bounded) until `check` holds; the test fails with `what` otherwise. */
async function until(check: () => boolean, what: string) {
  for (let tries = 0; tries < 200 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check(), what).toBe(true)
}

describe('GET /events through toNodeHandler', () => {
  it('sends the SSE headers, resumes from Last-Event-ID and then sends live events', async () => {
    const relay = new EventRelay({ historySize: 100 })
    const { backend } = backendUnderAttack({ relay })
    const events = await serve(backend)
    const [first, second] = [relay.publish(bulky('LND-1', 10)), relay.publish(bulky('LND-2', 10))]
    const answer = await events({ headers: { 'last-event-id': String(first.id) } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const reading = readSse(answer, (messages) => messages.length >= 2)
    await until(() => backend.openStreams === 1, 'the stream is open')
    const live = relay.publish(bulky('LND-3', 10))
    const { messages, raw } = await reading
    expect(raw.startsWith('retry: 3000\n\n')).toBe(true)
    expect(messages.map((message) => Number(message.id))).toEqual([second.id, live.id])
  })

  it('holds no Web stream per idle stream: the answer to the adapter has no body', async () => {
    const { backend } = backendUnderAttack()
    const answers: Response[] = []
    const events = await serve(backend, answers)
    const answer = await events()
    expect(answer.status).toBe(200)
    await until(() => backend.openStreams === 1, 'the stream is open')
    expect(answers.map((each) => each.body === null)).toEqual([true])
  })

  it('sends a slow reader the whole history, in order, a page at a time', async () => {
    const relay = new EventRelay({ historySize: 1000, historyBytes: 16 * 1024 * 1024 })
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: 64 * 1024 })
    const events = await serve(backend)
    for (let index = 0; index < 300; index++) relay.publish(bulky(`LND-${index}`, 2000)) // ~600 KiB
    const answer = await events({ headers: { 'last-event-id': '1' } })
    expect(await readSlowly(answer, 299)).toEqual(
      Array.from({ length: 299 }, (_, index) => index + 2),
    )
  })

  it('drops a client that stops reading once Node holds more than maxStreamBufferBytes for it', async () => {
    const relay = new EventRelay({ historySize: 10 })
    const { backend } = backendUnderAttack({ relay, maxStreamBufferBytes: 64 * 1024 })
    const { port } = await serve(backend)
    // A raw socket that sends the request and never reads: the kernel's buffers fill, then Node's.
    const stalled = connect({ host: '127.0.0.1', port })
    stalled.pause()
    stalled.write(
      `GET /api/ibv/events HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: session=stalled\r\n\r\n`,
    )
    await until(() => backend.openStreams === 1, 'the stalled stream is open')
    for (let sent = 0; sent < 5000 && backend.openStreams === 1; sent++) {
      relay.publish(bulky('LND-1', 8000)) // each well below the buffer: only what piles up counts
      await new Promise((resolve) => setImmediate(resolve))
    }
    await until(() => backend.openStreams === 0, 'the stalled stream is dropped')
    stalled.destroy()
  })

  it('drops a reader that resumes far behind and then stops reading, though nothing new arrives', async () => {
    // A full history, then a resume from its start by a socket that never reads: the catch-up
    // fills its page and waits for the reader. No live event comes to push it over its buffer, so
    // only the heartbeat can tell that the reader took nothing since the one before.
    const relay = new EventRelay({ historySize: 500 })
    for (let index = 0; index < 500; index++) relay.publish(bulky('LND-1', 15_000))
    const { backend } = backendUnderAttack({ relay, heartbeatMs: 20 })
    const { port } = await serve(backend)
    const stalled = connect({ host: '127.0.0.1', port })
    stalled.pause()
    stalled.write(
      `GET /api/ibv/events HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: session=stalled\r\nlast-event-id: 1\r\n\r\n`,
    )
    await until(() => backend.openStreams === 1, 'the stalled stream is open')
    await until(() => backend.openStreams === 0, 'the stalled reader is dropped')
    stalled.destroy()
  })

  it('frees the place of a client that disconnects', async () => {
    const { backend } = backendUnderAttack()
    const events = await serve(backend)
    const controller = new AbortController()
    const answer = await events({ signal: controller.signal })
    expect(answer.status).toBe(200)
    await until(() => backend.openStreams === 1, 'the stream is open')
    controller.abort()
    await until(() => backend.openStreams === 0, 'the place is freed')
  })

  it('ends every stream on close(), so browsers reconnect elsewhere', async () => {
    const { backend } = backendUnderAttack()
    const events = await serve(backend)
    const answer = await events()
    const reader = answer.body!.getReader()
    await reader.read() // the retry line
    await backend.close()
    let done = false
    while (!done) done = (await reader.read()).done
    expect(backend.openStreams).toBe(0)
  })
})
