import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { ConnectButton, ReportStatusBadge, useIbvReport } from '../../src/index.js'
import { createIbvTestEnvironment, renderWithIbv } from '../../src/testing/index.js'
import { requirePeer } from '../../src/testing/optional-peer.js'

function Status({ productRequestId }: { productRequestId: string }) {
  const { status } = useIbvReport(productRequestId)
  return status ? <ReportStatusBadge status={status} /> : <p>Loading…</p>
}

/** A lender's applicant page: connect, then show the report's status. */
function Applicant({ consumerId }: { consumerId: string }) {
  const [productRequestId, setProductRequestId] = useState<string>()
  return productRequestId ? (
    <Status productRequestId={productRequestId} />
  ) : (
    <ConnectButton
      consumerId={consumerId}
      onSuccess={({ productRequestId: id }) => setProductRequestId(id)}
    />
  )
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('createIbvTestEnvironment', () => {
  it('connect → complete → report, in real time: the open widget is completed and onSuccess runs', async () => {
    const env = createIbvTestEnvironment()
    renderWithIbv(<Applicant consumerId="LND-1" />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })
    const id = await env.connect('LND-1')
    expect(id).toMatch(/^IBV/)
    expect(screen.queryByRole('dialog')).toBeNull()
    await env.advance(6)
    expect(await screen.findByText('Complete')).toBeTruthy()
    expect(env.webhooks.map((event) => [event.event, event.productRequestId])).toEqual([
      ['report_generated', id],
    ])
  })

  it('with fake timers: advance moves the sandbox and the app together', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    const env = createIbvTestEnvironment({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
    renderWithIbv(<Applicant consumerId="LND-2" />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await env.settle()
    expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
    await env.connect('LND-2')
    await env.advance(6)
    expect(screen.getByText('Complete')).toBeTruthy()
  })

  it('with vi.useFakeTimers() as it comes (setImmediate faked too): settle and advance still run', async () => {
    vi.useFakeTimers()
    const env = createIbvTestEnvironment({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
    renderWithIbv(<Applicant consumerId="LND-7" />, env)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await env.settle()
    await env.connect('LND-7')
    await env.advance(6)
    expect(screen.getByText('Complete')).toBeTruthy()
  })

  it('connect without a widget open, and the outcomes: wrong password waits in reconnect_required', async () => {
    const env = createIbvTestEnvironment()
    const waiting = await env.connect('LND-3', 'wrong_password')
    const report = await env.fetchers.report(waiting)
    expect(report).toMatchObject({ kind: 'pending' })
    expect(JSON.stringify(report)).toContain('reconnect_required')
    const failed = await env.connect('LND-4', 'generation_failed')
    await env.advance(6)
    expect(JSON.stringify(await env.fetchers.report(failed))).toContain('generation_failed')
    await expect(env.connect('LND-5', 'nope' as never)).rejects.toThrow(/outcome must be one of/)
  })

  it("authorize is the app's: a refused token is a 403 the app sees", async () => {
    const env = createIbvTestEnvironment({ authorize: ({ consumerId }) => consumerId !== 'LND-NO' })
    await expect(
      env.fetchers.token({ type: 'consumer', consumerId: 'LND-NO' }),
    ).rejects.toMatchObject({ status: 403 })
  })

  it('a service URL with a path (the Vite plugin mounts the sandbox at /ibv-sandbox): its routes are there', async () => {
    const env = createIbvTestEnvironment({ serviceUrl: 'http://localhost:5173/ibv-sandbox' })
    await expect(
      env.fetchers.token({ type: 'consumer', consumerId: 'LND-6' }),
    ).resolves.toMatchObject({ access_token: expect.any(String) })
    const id = await env.connect('LND-6')
    await env.advance(6)
    expect(await env.fetchers.report(id)).toMatchObject({ kind: 'ready' })
    env.close()
  })
})

describe('createIbvTestEnvironment: your failures surface, not hide', () => {
  it('a failing onWebhook (an assertion) rejects the next advance, and a retried delivery is listed once', async () => {
    let calls = 0
    const env = createIbvTestEnvironment({
      onWebhook: (event) => {
        calls++
        if (calls === 1) expect(event.event).toBe('this-is-wrong')
      },
    })
    await env.connect('LND-6')
    await expect(env.advance(6)).rejects.toThrow(/this-is-wrong/)
    // The backend answered 500, the sandbox retried, and the second call succeeded.
    await env.advance(10)
    expect(calls).toBe(2)
    expect(env.webhooks.map((event) => event.event)).toEqual(['report_generated'])
  })

  it('connect refuses a widget open from another service URL, naming both', async () => {
    const env = createIbvTestEnvironment()
    const other = createIbvTestEnvironment({ serviceUrl: 'https://elsewhere.test' })
    renderWithIbv(<Applicant consumerId="LND-7" />, other)
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })
    await expect(env.connect('LND-7')).rejects.toThrow(
      /loads from https:\/\/elsewhere\.test\/connect, not from this environment's serviceUrl https:\/\/ibv-sandbox\.test/,
    )
    // Its own environment completes it.
    await other.connect('LND-7')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('optional peers', () => {
  it('a peer that is not installed says what to install; one that is broken keeps its own error as the cause', () => {
    const missing = Object.assign(new Error("Cannot find package 'msw' imported from /app/x.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    })
    expect(() => requirePeer({ error: missing }, 'msw', 'ibvHandlers')).toThrow(
      'ibvHandlers needs msw: npm install --save-dev msw',
    )
    const broken = Object.assign(
      new Error(
        "Cannot find package '@testing-library/dom' imported from /app/node_modules/@testing-library/react/x.js",
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
    const thrown = (() => {
      try {
        requirePeer({ error: broken }, '@testing-library/react', 'renderWithIbv')
      } catch (error) {
        return error as Error
      }
      return undefined
    })()
    expect(thrown?.message).toMatch(
      /^renderWithIbv could not load @testing-library\/react: Cannot find package '@testing-library\/dom'/,
    )
    expect(thrown?.cause).toBe(broken)
    expect(requirePeer({ module: 42 }, 'x', 'y')).toBe(42)
  })
})
