// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parseWebhook } from '../../src/core/index.js'
import { webhookKey } from '../../src/server/index.js'
import { backendUnderAttack } from './backend-under-attack.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapAfterGc(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

const MiB = 1024 * 1024

// Finding 4: the dedupe key of data_pull_via_connection_failed was the whole payload (up to
// 1 MiB), kept 24 h for 10,000 keys, plus 500 whole events in the relay's history: 1,000
// unverified posts took the heap to 1.5 GiB.
// 100 MiB of posts and forced collections: a shared machine under load takes more than the default
// 5 s, so the limit is generous (this asserts memory, not time).
describe('unverified webhooks cannot exhaust memory', { timeout: 60_000 }, () => {
  it('200 unique 512 KiB posts grow the heap by less than 64 MiB', async () => {
    const { post, backend } = backendUnderAttack({ onWebhook: undefined })
    const before = heapAfterGc()
    for (let index = 0; index < 200; index++) {
      const body = JSON.stringify({
        event: 'data_pull_via_connection_failed',
        consumer_id: `LND-${index}`,
        filler: `${index}`.padEnd(512 * 1024, 'x'),
      })
      const answer = await post('/webhooks', body)
      expect(answer.status).toBeLessThan(500)
    }
    expect((await backend.relay.since(0)).length).toBeLessThanOrEqual(200)
    expect((heapAfterGc() - before) / MiB).toBeLessThan(64)
  })

  it('200 unique payloads just under the cap are accepted, and grow the heap by less than 64 MiB', async () => {
    const { post } = backendUnderAttack({ onWebhook: undefined })
    const before = heapAfterGc()
    for (let index = 0; index < 200; index++) {
      const body = JSON.stringify({
        event: 'data_pull_via_connection_failed',
        consumer_id: `LND-${index}`,
        filler: `${index}`.padEnd(60 * 1024, 'x'),
      })
      expect((await post('/webhooks', body)).status).toBe(200)
    }
    expect((heapAfterGc() - before) / MiB).toBeLessThan(64)
  })

  it('200 payloads of many small values (63 KiB of {}) grow the heap by less than 64 MiB', async () => {
    const { post } = backendUnderAttack({ onWebhook: undefined })
    const before = heapAfterGc()
    for (let index = 0; index < 200; index++) {
      const many = JSON.stringify(Array.from({ length: 20_000 }, () => ({})))
      const body = `{"event":"data_pull_via_connection_failed","consumer_id":"LND-${index}","values":${many}}`
      expect((await post('/webhooks', body)).status).toBe(200)
    }
    expect((heapAfterGc() - before) / MiB).toBeLessThan(64)
  }, 60_000)

  it('keys a free-form payload by a short hash, not by its text', async () => {
    const event = parseWebhook({
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-1',
      filler: 'x'.repeat(60 * 1024),
    })
    const key = await webhookKey(event)
    expect(key).toMatch(/^data_pull_via_connection_failed:[0-9a-f]{64}$/)
    const other = await webhookKey(
      parseWebhook({
        event: 'data_pull_via_connection_failed',
        consumer_id: 'LND-1',
        filler: 'y'.repeat(60 * 1024),
      }),
    )
    expect(other).not.toBe(key)
  })
})
