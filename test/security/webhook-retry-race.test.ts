// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { createMemoryWebhookStore } from '../../src/server/index.js'
import { backendUnderAttack, generated } from './backend-under-attack.js'

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

// Finding 3: the key was claimed before the handler finished. The service's retry, arriving while
// a slow handler still ran, was told "duplicate" and stopped; then the handler failed, released
// the key, and no one ever delivered the event again.
describe('a retry that arrives while onWebhook is still running', () => {
  it('is told to come back (503), and the event is handled once it finally succeeds', async () => {
    const calls: string[] = []
    const first = deferred()
    const { post } = backendUnderAttack({
      onWebhook: async (event) => {
        calls.push(event.event)
        if (calls.length === 1) await first.promise
      },
    })
    const body = JSON.stringify(generated('IBV-RACE'))

    const slow = post('/webhooks', body)
    await new Promise((resolve) => setTimeout(resolve, 10))
    const retry = await post('/webhooks', body)
    expect(retry.status).toBe(503)
    expect(retry.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await retry.json()).toMatchObject({ code: 'in_progress' })

    first.reject(new Error('database down'))
    expect((await slow).status).toBe(500)

    const later = await post('/webhooks', body)
    expect(later.status).toBe(200)
    expect(await later.json()).toEqual({ received: true })
    expect(calls).toHaveLength(2)

    const duplicate = await post('/webhooks', body)
    expect(await duplicate.json()).toEqual({ received: true, duplicate: true })
    expect(calls).toHaveLength(2)
  })

  it('a key whose handler never finished (a crashed instance) can be claimed again after its lease', async () => {
    vi.useFakeTimers()
    try {
      const store = createMemoryWebhookStore({ leaseMs: 60_000 })
      expect(await store.claim('k', 'a')).toBe('claimed')
      vi.advanceTimersByTime(59_999)
      expect(await store.claim('k', 'b')).toBe('in_progress')
      vi.advanceTimersByTime(1)
      expect(await store.claim('k', 'b')).toBe('claimed')
      await store.complete('k', 'b')
      vi.advanceTimersByTime(86_399_999)
      expect(await store.claim('k', 'c')).toBe('done')
      vi.advanceTimersByTime(1)
      expect(await store.claim('k', 'c')).toBe('claimed')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a failed handler leaves the key absent, not done', async () => {
    const store = createMemoryWebhookStore()
    expect(await store.claim('k', 'a')).toBe('claimed')
    await store.release('k', 'a')
    expect(await store.claim('k', 'b')).toBe('claimed')
  })

  it('a handler that outlived its lease cannot release or complete the claim of the copy that took over', async () => {
    vi.useFakeTimers()
    try {
      const store = createMemoryWebhookStore({ leaseMs: 1000 })
      expect(await store.claim('k', 'slow')).toBe('claimed')
      vi.advanceTimersByTime(1000)
      expect(await store.claim('k', 'next')).toBe('claimed')
      await store.release('k', 'slow') // the slow one fails late
      expect(await store.claim('k', 'third')).toBe('in_progress')
      await store.complete('k', 'slow') // or succeeds late
      expect(await store.claim('k', 'third')).toBe('in_progress')
      await store.complete('k', 'next')
      expect(await store.claim('k', 'third')).toBe('done')
    } finally {
      vi.useRealTimers()
    }
  })

  it('through the route: a copy that takes over after the lease is not undone by the first handler failing late', async () => {
    const calls: string[] = []
    const first = deferred()
    const second = deferred()
    const { post } = backendUnderAttack({
      webhookStore: createMemoryWebhookStore({ leaseMs: 30 }),
      onWebhook: async () => {
        calls.push('call')
        if (calls.length === 1) await first.promise
        if (calls.length === 2) await second.promise
      },
    })
    const body = JSON.stringify(generated('IBV-LEASE'))
    const a = post('/webhooks', body)
    await new Promise((resolve) => setTimeout(resolve, 60))
    const b = post('/webhooks', body) // the lease ran out: this copy takes over
    await new Promise((resolve) => setTimeout(resolve, 10))
    first.reject(new Error('late failure'))
    expect((await a).status).toBe(500)
    const c = await post('/webhooks', body) // the second is still running: come back later
    expect(c.status).toBe(503)
    second.resolve()
    expect((await b).status).toBe(200)
    expect(calls).toHaveLength(2)
  })
})
