// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { readSse } from '../server/sse.js'
import { APP, backendUnderAttack, generated } from './backend-under-attack.js'

const events = (init?: RequestInit, query = '') =>
  new Request(`${APP}/api/ibv/events${query}`, init)

// Finding 2: HEAD ran the GET handler and threw the body away, so its relay listener and
// heartbeat lived for ever; streams were unbounded; a reader that stopped reading buffered all.
describe('GET and HEAD /events', () => {
  it('answers 100 HEADs with headers only and opens no stream', async () => {
    const { backend } = backendUnderAttack()
    for (let index = 0; index < 100; index++) {
      const answer = await backend.fetch(events({ method: 'HEAD' }))
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(answer.body).toBeNull()
    }
    expect(backend.relay.subscribers).toBe(0)
  })

  it('refuses a HEAD that authorize refuses, as it would the GET', async () => {
    const { backend } = backendUnderAttack({ authorize: () => false })
    expect((await backend.fetch(events({ method: 'HEAD' }))).status).toBe(403)
  })

  it('bounds the live streams of one backend, and frees a place when one closes', async () => {
    const { backend } = backendUnderAttack({ maxStreams: 3 })
    const controllers = [new AbortController(), new AbortController(), new AbortController()]
    const open = await Promise.all(
      controllers.map((controller) => backend.fetch(events({ signal: controller.signal }))),
    )
    expect(open.map((answer) => answer.status)).toEqual([200, 200, 200])

    const refused = await backend.fetch(events())
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' })

    controllers[0]?.abort()
    await open[0]?.body?.cancel().catch(() => undefined)
    const again = await backend.fetch(events())
    expect(again.status).toBe(200)
    await again.body?.cancel()
    for (const answer of open.slice(1)) await answer.body?.cancel()
  })

  it('drops a subscriber that stops reading instead of buffering without end', async () => {
    const { backend } = backendUnderAttack({ maxStreamBufferBytes: 64 * 1024 })
    const paused = await backend.fetch(events())
    const reader = paused.body!.getReader()
    await reader.read() // the `retry:` line; then it never reads again
    expect(backend.relay.subscribers).toBe(1)
    for (let index = 0; index < 2000; index++)
      backend.relay.publish({
        event: 'report_generated',
        status: 'complete',
        productRequestId: `IBV-${index}`,
        consumerId: 'LND-42',
        reportUrl: 'https://service.test/r',
        payload: generated(`IBV-${index}`),
      })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(backend.relay.subscribers).toBe(0)
  })

  it('drops a subscriber whose events pile up behind a slow authorize, before they fill memory', async () => {
    const slow = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100))
    const { backend, post } = backendUnderAttack({
      authorize: ({ action }) => (action === 'event' ? slow() : true),
      maxStreamBufferBytes: 256 * 1024,
    })
    const stream = await backend.fetch(events())
    void readSse(stream, () => false, 10_000).catch(() => undefined) // a reader that keeps up
    for (let index = 0; index < 20; index++) {
      const body = JSON.stringify({
        event: 'data_pull_via_connection_failed',
        consumer_id: `LND-${index}`,
        filler: `${index}`.padEnd(60 * 1024, 'x'),
      })
      expect((await post('/webhooks', body)).status).toBe(200)
    }
    expect(backend.relay.subscribers).toBe(0)
  })

  it('frees the place of a stream whose request was aborted before it opened', async () => {
    const { backend } = backendUnderAttack({ maxStreams: 2 })
    for (let index = 0; index < 2; index++) {
      const controller = new AbortController()
      controller.abort()
      await backend.fetch(events({ signal: controller.signal })) // dropped unread, as a host might
    }
    expect(backend.relay.subscribers).toBe(0)
    const answer = await backend.fetch(events())
    expect(answer.status).toBe(200)
    await answer.body?.cancel()
  })

  it('keeps a stream that reads, however many events pass', async () => {
    const { backend, post } = backendUnderAttack()
    const stream = await backend.fetch(events())
    const reading = readSse(stream, (messages) => messages.length >= 50, 10_000)
    for (let index = 0; index < 50; index++)
      await post('/webhooks', JSON.stringify(generated(`IBV-R${index}`)))
    expect((await reading).messages).toHaveLength(50)
  })
})

// Finding 7: `Last-Event-ID: garbage` became 0 and replayed the whole history to a new client.
describe('Last-Event-ID', () => {
  it.each(['garbage', '-5', '1e309', '0', '1.5', '', '+2', '0x2', '99999999999999999999'])(
    '%j starts from now instead of replaying the history',
    async (value) => {
      const { backend, post } = backendUnderAttack()
      for (const id of ['IBV-OLD-1', 'IBV-OLD-2', 'IBV-OLD-3'])
        await post('/webhooks', JSON.stringify(generated(id)))
      for (const request of [
        events({ headers: { 'last-event-id': value } }),
        events(undefined, `?last_event_id=${encodeURIComponent(value)}`),
      ]) {
        const stream = await backend.fetch(request)
        const reading = readSse(stream, (messages) => messages.length >= 1)
        await post('/webhooks', JSON.stringify(generated(`IBV-NEW-${request.url.length}`)))
        const { messages } = await reading
        expect(
          messages.map((message) => JSON.parse(message.data ?? '{}').productRequestId),
        ).toEqual([`IBV-NEW-${request.url.length}`])
      }
    },
  )

  it('a positive integer resumes after that event', async () => {
    const { backend, post } = backendUnderAttack()
    for (const id of ['IBV-1', 'IBV-2', 'IBV-3'])
      await post('/webhooks', JSON.stringify(generated(id)))
    const { messages } = await readSse(
      await backend.fetch(events({ headers: { 'last-event-id': '1' } })),
      (received) => received.length >= 2,
    )
    expect(messages.map((message) => message.id)).toEqual(['2', '3'])
  })
})
