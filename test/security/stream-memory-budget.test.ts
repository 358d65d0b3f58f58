// @vitest-environment node
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { EventRelay, toNodeHandler } from '../../src/server/index.js'
import { bulky } from '../server/catch-up-helpers.js'
import { readSse } from '../server/sse.js'
import { APP, backendUnderAttack, generated } from './backend-under-attack.js'

// 1,000 streams that resumed from the start of a long history and never read held a catch-up page
// each in memory (+557 MiB): each stream's own cap bounded it, nothing bounded them all together.
const servers: Server[] = []
const sockets: Socket[] = []
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** Waits (bounded) until `check` holds; the test fails with `what` otherwise. */
async function until(check: () => boolean, what: string) {
  for (let tries = 0; tries < 1000 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check(), what).toBe(true)
}

/** A relay whose history holds `count` events of `bytes` each. */
function fullHistory(count: number, bytes: number) {
  const relay = new EventRelay({ historySize: count, historyBytes: count * (bytes + 1024) })
  for (let index = 0; index < count; index++) relay.publish(bulky(`LND-${index}`, bytes))
  return relay
}

const generatedEvent = {
  event: 'report_generated',
  status: 'complete',
  productRequestId: 'IBV-1',
  consumerId: 'LND-1',
  reportUrl: 'https://service.test/r',
  payload: generated('IBV-1'),
} as const
const byUser = (request: Request) => request.headers.get('x-user') ?? undefined
// Each stream catches up 128 KiB at a time (half its own cap): 4 such pages fill the budget.
const caps = {
  identify: byUser,
  maxStreamBufferBytes: 256 * 1024,
  maxStreamBufferBytesTotal: 512 * 1024,
  heartbeatMs: 60_000,
}

describe('maxStreamBufferBytesTotal', () => {
  it('drops the readers holding the most once all streams together hold more, and the others keep streaming', async () => {
    const relay = fullHistory(100, 16 * 1024)
    const { backend } = backendUnderAttack({ relay, ...caps })
    const reader = await backend.fetch(
      new Request(`${APP}/api/ibv/events`, { headers: { 'x-user': 'reader' } }),
    )
    const reading = readSse(
      reader,
      (messages) => messages.some((message) => message.event === 'report_generated'),
      10_000,
    )
    reading.catch(() => undefined)
    // 8 resumes from the start that never read: together 1 MiB unread, twice the budget.
    const stalled = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        backend.fetch(
          new Request(`${APP}/api/ibv/events`, {
            headers: { 'x-user': `stalled-${index}`, 'last-event-id': '1' },
          }),
        ),
      ),
    )
    expect(stalled.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    await until(
      () => backend.openStreams <= 1 + 3,
      'the stalled streams past the budget are dropped',
    )
    expect(backend.openStreams).toBeGreaterThanOrEqual(2)
    // The reader, which holds nothing, still gets what happens next.
    relay.publish(generatedEvent)
    const { messages } = await reading
    expect(messages.at(-1)?.event).toBe('report_generated')
    for (const answer of stalled) await answer.body?.cancel().catch(() => undefined)
  }, 30_000)

  it('bounds streams under toNodeHandler that resume and never read, while a reader keeps streaming', async () => {
    // The kernel's socket buffers take part of each catch-up first; the history outgrows them.
    const relay = fullHistory(400, 30 * 1024)
    const { backend } = backendUnderAttack({ relay, ...caps })
    const server = createServer(toNodeHandler(backend))
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const reader = await fetch(`http://127.0.0.1:${port}/api/ibv/events`, {
      headers: { 'x-user': 'reader' },
    })
    const reading = readSse(
      reader,
      (messages) => messages.some((message) => message.event === 'report_generated'),
      20_000,
    )
    reading.catch(() => undefined)
    // Each reads its answer's first bytes (the stream is open), then never reads again.
    const opened = Array.from({ length: 8 }, (_, index) => {
      const socket = connect({ host: '127.0.0.1', port })
      sockets.push(socket)
      socket.write(
        `GET /api/ibv/events HTTP/1.1\r\nhost: 127.0.0.1\r\nx-user: stalled-${index}\r\nlast-event-id: 1\r\n\r\n`,
      )
      return once(socket, 'data').then(([chunk]) => {
        socket.pause()
        return String(chunk).split('\r\n')[0]
      })
    })
    expect(await Promise.all(opened)).toEqual(Array(8).fill('HTTP/1.1 200 OK'))
    await until(
      () => backend.openStreams <= 1 + 3,
      'the stalled streams past the budget are dropped',
    )
    relay.publish(generatedEvent)
    const { messages } = await reading
    expect(messages.at(-1)?.event).toBe('report_generated')
  }, 30_000)

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10'])(
    'refuses maxStreamBufferBytesTotal %s at construction',
    (value) => {
      expect(() => backendUnderAttack({ maxStreamBufferBytesTotal: value as number })).toThrow(
        /maxStreamBufferBytesTotal must be a whole number/,
      )
    },
  )
})

// Streams share each event's encoded bytes, kept by id; a relay whose ids start again (a Redis
// history emptied and refilled) must still send each stream the event it holds now.
describe('shared event bytes', () => {
  it('sends the event the relay holds now when an id comes back with other content', async () => {
    const inner = new EventRelay()
    let replaced = false
    const relay = {
      publish: (event: Parameters<EventRelay['publish']>[0]) => inner.publish(event),
      since: (lastId: number) =>
        inner
          .since(lastId)
          .map((relayed) =>
            replaced ? { ...relayed, data: relayed.data.replace('LND-1', 'LND-9') } : relayed,
          ),
      subscribe: (listener: Parameters<EventRelay['subscribe']>[0]) => inner.subscribe(listener),
      get subscribers() {
        return inner.subscribers
      },
    }
    inner.publish(bulky('LND-0', 10))
    inner.publish(bulky('LND-1', 10))
    const { backend } = backendUnderAttack({ relay, identify: () => 'user-1' })
    const resume = async () => {
      const answer = await backend.fetch(
        new Request(`${APP}/api/ibv/events`, { headers: { 'last-event-id': '1' } }),
      )
      const { messages } = await readSse(answer, (messages) => messages.length >= 1)
      return JSON.parse(messages[0]?.data ?? '{}').consumerId
    }
    expect(await resume()).toBe('LND-1')
    replaced = true
    expect(await resume()).toBe('LND-9')
  })
})
