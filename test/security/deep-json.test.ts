// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { readSse } from '../server/sse.js'
import { APP, backendUnderAttack, deepJson, generated } from './backend-under-attack.js'

// Finding 1: a webhook nested ~20,000 levels deep parsed fine, then JSON.stringify threw inside
// the /events queue, a rejection nothing caught: Node exited, and the stream never sent again.
describe('deep JSON in a webhook', () => {
  it('is refused with a typed 400, and a live stream keeps delivering what follows', async () => {
    const { backend, post, handled } = backendUnderAttack()
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    const reading = readSse(stream, (messages) => messages.length >= 1)

    const deep = `{"event":"data_pull_via_connection_failed","consumer_id":"LND-42","detail":${deepJson(20_000)}}`
    const answer = await post('/webhooks', deep)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({
      code: 'invalid_webhook',
      fields: { payload: [expect.stringMatching(/deep/)] },
    })

    expect((await post('/webhooks', JSON.stringify(generated('IBV-AFTER')))).status).toBe(200)
    const { messages } = await reading
    expect(messages.map((message) => JSON.parse(message.data ?? '{}').productRequestId)).toEqual([
      'IBV-AFTER',
    ])
    expect(handled.map((event) => event.event)).toEqual(['report_generated'])
  })

  it('keeps only the typed fields of a report event, so a deep extra field is never stored or relayed', async () => {
    const { backend, post, handled } = backendUnderAttack()
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    const reading = readSse(stream, (messages) => messages.length >= 1)
    const body = JSON.stringify(generated('IBV-EXTRA')).replace(
      /}$/,
      `,"extra":${deepJson(20_000)}}`,
    )

    expect((await post('/webhooks', body)).status).toBe(200)
    const { messages } = await reading
    const relayed = JSON.parse(messages[0]?.data ?? '{}')
    expect(relayed.payload).toEqual(generated('IBV-EXTRA'))
    expect(handled[0]?.payload).toEqual(generated('IBV-EXTRA'))
  })

  it('keeps a data_pull_via_connection_failed payload only within its bounds', async () => {
    // A webhooks body cap above the payload bound, so the payload bound is what refuses it.
    const { post, handled } = backendUnderAttack({ maxBodyBytes: { webhooks: 256 * 1024 } })
    const event = {
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      detail: { a: { b: { c: 'kept' } } },
    }
    expect((await post('/webhooks', JSON.stringify(event))).status).toBe(200)
    expect(handled[0]?.payload).toEqual(event)

    const large = { ...event, detail: 'x'.repeat(128 * 1024) }
    const answer = await post('/webhooks', JSON.stringify(large))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({
      code: 'invalid_webhook',
      fields: { payload: [expect.stringMatching(/KiB/)] },
    })
  })

  it("refuses deep JSON in the other routes' bodies too, with a 400", async () => {
    const { post, upstream } = backendUnderAttack()
    const answer = await post(
      '/tokens',
      `{"type":"consumer","consumer_id":"LND-42","x":${deepJson(5_000)}}`,
    )
    expect(answer.status).toBe(400)
    expect(upstream).toHaveLength(0)
  })
})
