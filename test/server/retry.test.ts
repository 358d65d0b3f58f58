import { describe, expect, it } from 'vitest'
import { IbvError } from '../../src/core/index.js'
import { createIbvClient } from '../../src/server/index.js'
import { withRetry } from '../../src/server/retry.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

/** A fetch in front of the sandbox whose first `hangs` calls never answer (until aborted). */
function flaky(hangs: number) {
  const sandbox = createSandbox({ clock: createManualClock() })
  let calls = 0
  const fetch = (request: Request) => {
    calls++
    if (calls > hangs) return sandbox.fetch(request)
    return new Promise<Response>((_, reject) =>
      request.signal.addEventListener('abort', () => reject(request.signal.reason)),
    )
  }
  return { sandbox, fetch, calls: () => calls }
}

const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 }

describe('retries', () => {
  it('retries a report read that timed out twice, to success', async () => {
    const { sandbox, fetch, calls } = flaky(2)
    const client = createIbvClient({
      apiKey: 'sandbox-api-key',
      serviceUrl: 'https://s.test',
      fetch,
      timeoutMs: 20,
      retry,
    })
    await sandbox.fetch(
      new Request('https://s.test/sandbox/product_requests', {
        method: 'POST',
        headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: 'c', product_request_id: 'IBV-R1' }),
      }),
    )
    expect(calls()).toBe(0)
    expect((await client.getReport('IBV-R1')).kind).toBe('pending')
    expect(calls()).toBe(3)
  })

  it('stops at the bound with a timeout error when the service never answers', async () => {
    const { fetch, calls } = flaky(Number.POSITIVE_INFINITY)
    const client = createIbvClient({
      apiKey: 'sandbox-api-key',
      serviceUrl: 'https://s.test',
      fetch,
      timeoutMs: 20,
      retry,
    })
    await expect(client.getReport('IBV-R1')).rejects.toMatchObject({ code: 'timeout' })
    expect(calls()).toBe(3)
  })

  it('retries 502, 503 and 504 but not a 4xx', async () => {
    const statuses = [503, 502, 504]
    let calls = 0
    const client = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      retry: { attempts: 5, baseDelayMs: 1 },
      fetch: async () => {
        calls++
        const status = statuses.shift()
        return status
          ? new Response('', { status })
          : Response.json({ access_token: 't', expires_in: 60 })
      },
    })
    expect((await client.createConsumerToken('c')).access_token).toBe('t')
    expect(calls).toBe(4)
    calls = 0
    const refusing = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      retry,
      fetch: async () => {
        calls++
        return Response.json({ message: 'no' }, { status: 401 })
      },
    })
    await expect(refusing.getReport('IBV1')).rejects.toMatchObject({ code: 'unauthorized' })
    expect(calls).toBe(1)
  })

  it('stops at the deadline even with attempts left', async () => {
    const { fetch, calls } = flaky(Number.POSITIVE_INFINITY)
    const client = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      fetch,
      timeoutMs: 20,
      retry: { attempts: 50, baseDelayMs: 1, deadlineMs: 1 },
    })
    await expect(client.getReport('IBV1')).rejects.toMatchObject({ code: 'timeout' })
    expect(calls()).toBe(1)
  })

  it('never retries a refresh, which would create a second product request', async () => {
    const { fetch, calls } = flaky(Number.POSITIVE_INFINITY)
    const client = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      fetch,
      timeoutMs: 20,
      retry,
    })
    await expect(client.refresh('c')).rejects.toMatchObject({ code: 'timeout' })
    expect(calls()).toBe(1)
  })

  it('a signal aborted during the wait between two attempts: no attempt starts after it', async () => {
    const caller = new AbortController()
    let attempts = 0
    const failing = async () => {
      attempts++
      // Aborted once this attempt has failed, while the retry waits (up to 10 s).
      setTimeout(() => caller.abort(), 0)
      throw new IbvError('network', 'unreachable')
    }
    await expect(
      withRetry(failing, { attempts: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 }, caller.signal),
    ).rejects.toMatchObject({ code: 'network' })
    expect(attempts).toBe(1)
  })

  for (const call of ['createConsumerToken', 'createEmbeddedReportToken', 'refresh'] as const) {
    it(`${call} takes a signal: once it aborts, the call ends and no retry starts`, async () => {
      const caller = new AbortController()
      let calls = 0
      const fetch = async () => {
        calls++
        caller.abort()
        return new Response(null, { status: 503 })
      }
      const client = createIbvClient({ apiKey: 'k', serviceUrl: 'https://s.test', fetch, retry })
      await expect(client[call]('IBV1', { signal: caller.signal })).rejects.toMatchObject({
        code: 'network',
        message: expect.stringMatching(/abandoned/),
      })
      expect(calls).toBe(1)
      // Already aborted: nothing is sent.
      await expect(client[call]('IBV1', { signal: caller.signal })).rejects.toMatchObject({
        code: 'network',
      })
      expect(calls).toBe(1)
    })
  }

  it('a signal that timed out ends the call with a timeout error', async () => {
    const { fetch, calls } = flaky(Number.POSITIVE_INFINITY)
    const client = createIbvClient({
      apiKey: 'k',
      serviceUrl: 'https://s.test',
      fetch,
      retry: { attempts: 50, baseDelayMs: 1, maxDelayMs: 2 },
    })
    await expect(
      client.createConsumerToken('c', { signal: AbortSignal.timeout(50) }),
    ).rejects.toMatchObject({ code: 'timeout' })
    expect(calls()).toBe(1)
  })
})
