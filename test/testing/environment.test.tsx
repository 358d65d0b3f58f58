import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { ConnectButton, ReportStatusBadge, useIbvReport } from '../../src/index.js'
import { createIbvTestEnvironment, renderWithIbv } from '../../src/testing/index.js'

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
    <ConnectButton consumerId={consumerId} onSuccess={({ productRequestId: id }) => setProductRequestId(id)} />
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
    expect(env.webhooks.map((event) => [event.event, event.productRequestId])).toEqual([['report_generated', id]])
  })

  it('with fake timers: advance moves the sandbox and the app together', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
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

  it('authorize is the app\'s: a refused token is a 403 the app sees', async () => {
    const env = createIbvTestEnvironment({ authorize: ({ consumerId }) => consumerId !== 'LND-NO' })
    await expect(env.fetchers.token({ type: 'consumer', consumerId: 'LND-NO' })).rejects.toMatchObject({ status: 403 })
  })

  it('a service URL with a path (the Vite plugin mounts the sandbox at /ibv-sandbox): its routes are there', async () => {
    const env = createIbvTestEnvironment({ serviceUrl: 'http://localhost:5173/ibv-sandbox' })
    await expect(env.fetchers.token({ type: 'consumer', consumerId: 'LND-6' })).resolves.toMatchObject({ access_token: expect.any(String) })
    const id = await env.connect('LND-6')
    await env.advance(6)
    expect(await env.fetchers.report(id)).toMatchObject({ kind: 'ready' })
    env.close()
  })
})
