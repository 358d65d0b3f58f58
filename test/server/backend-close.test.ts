// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { EventRelay, type IbvRelay } from '../../src/server/index.js'
import type { WebhookEvent } from '../../src/core/index.js'
import { APP, backendUnderAttack, generated } from '../security/backend-under-attack.js'
import { readSseFor } from './sse.js'

/** The in-memory relay whose publish fails while `down` says so. */
function flakyRelay() {
  const inner = new EventRelay()
  const state = { down: false }
  const relay: IbvRelay = {
    publish: async (event: WebhookEvent) => {
      if (state.down) throw new Error('relay down')
      return inner.publish(event)
    },
    since: (lastId) => inner.since(lastId),
    subscribe: (listener) => inner.subscribe(listener),
    get subscribers() {
      return inner.subscribers
    },
  }
  return { relay, inner, state }
}

describe('backend.close()', () => {
  it('lets the webhook being handled finish, refuses new ones and streams with a retryable 503, and ends open streams', async () => {
    let finishHandling = () => {}
    const handling = new Promise<void>((resolve) => (finishHandling = resolve))
    const handled: string[] = []
    const { backend, post } = backendUnderAttack({
      onWebhook: async (event) => void (await handling, handled.push(event.productRequestId ?? '')),
    })
    const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`))
    const inFlight = post('/webhooks', JSON.stringify(generated('IBV-INFLIGHT')))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const closed = backend.close()
    const refused = await post('/webhooks', JSON.stringify(generated('IBV-LATE')))
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toMatchObject({ code: 'shutting_down' })
    expect((await backend.fetch(new Request(`${APP}/api/ibv/events`))).status).toBe(503)
    // The open stream ended: its browser reconnects to another instance.
    expect(backend.relay.subscribers).toBe(0)
    expect(await readSseFor(stream, 5_000)).toEqual([])
    finishHandling()
    expect(await (await inFlight).json()).toEqual({ received: true })
    await closed
    expect(handled).toEqual(['IBV-INFLIGHT'])
  })

  it('drains what waits for the relay before it resolves', async () => {
    const { relay, inner, state } = flakyRelay()
    const { backend, post, errors } = backendUnderAttack({ relay })
    state.down = true
    expect(await (await post('/webhooks', JSON.stringify(generated('IBV-WAIT')))).json()).toEqual({
      received: true,
      relayed: false,
    })
    setTimeout(() => (state.down = false), 150)
    await backend.close({ timeoutMs: 5_000 })
    expect(inner.since(0).map((relayed) => relayed.productRequestId)).toEqual(['IBV-WAIT'])
    expect(errors.filter((error) => String(error).includes('closed with'))).toEqual([])
  })

  it('a relay that never comes back: resolves after timeoutMs and tells onError what was left', async () => {
    const { relay, state } = flakyRelay()
    const { backend, post, errors } = backendUnderAttack({ relay })
    state.down = true
    await post('/webhooks', JSON.stringify(generated('IBV-LOST')))
    await backend.close({ timeoutMs: 300 })
    expect(errors.map(String).filter((text) => text.includes('closed with'))).toEqual([
      expect.stringContaining('1 handled event(s) not yet completed and relayed'),
    ])
  })

  it('an onError that throws (a broken logger) never becomes an unhandled rejection, and the event is still relayed', async () => {
    const { relay, inner, state } = flakyRelay()
    const { post } = backendUnderAttack({
      relay,
      onError: () => {
        throw new Error('logger broke')
      },
    })
    state.down = true
    expect((await post('/webhooks', JSON.stringify(generated('IBV-LOGGER')))).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    state.down = false
    const deadline = Date.now() + 5_000
    while (inner.since(0).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(inner.since(0).map((relayed) => relayed.productRequestId)).toEqual(['IBV-LOGGER'])
  })
})
