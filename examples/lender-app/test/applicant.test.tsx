// The applicant page against the real sandbox and backend, in process (ibv-kit/testing), with
// fake timers: the report's polling runs when `env.advance` moves time, not in real seconds.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { createIbvTestEnvironment, ibvHandlers, renderWithIbv } from 'ibv-kit/testing'
import { APPLICANT, App, ApplicantPage } from '../src/App.tsx'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const embeddedReportState = () =>
  document.querySelector('.ibv-embedded-report')?.getAttribute('data-state')

describe('ApplicantPage, rendered with renderWithIbv', () => {
  it('connect the bank → the report completes → the embedded report shows', async () => {
    const env = createIbvTestEnvironment({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
    renderWithIbv(<ApplicantPage applicant={APPLICANT} />, env)

    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await env.settle()
    expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()

    // The applicant completes the sandbox's widget (user_good / pass_good) in the open dialog.
    const productRequestId = await env.connect(APPLICANT.consumerId)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText(productRequestId)).toBeTruthy()
    expect(screen.getByText('Started')).toBeTruthy()
    expect(embeddedReportState()).toBeUndefined()

    // The sandbox produces the report about 6 s later.
    await env.advance(6)
    expect(screen.getByText('Complete')).toBeTruthy()
    expect(embeddedReportState()).toBe('ready')
    expect(screen.getByTitle('Income and bank verification report')).toBeTruthy()
    env.close()
  })
})

describe('the whole App, its own fetchers answered through MSW', () => {
  // The app fetches /api/ibv on its own origin and loads the service from `${origin}/ibv-sandbox`
  // (where vite.config.ts mounts the sandbox): the environment answers both.
  const env = createIbvTestEnvironment({
    serviceUrl: `${location.origin}/ibv-sandbox`,
    advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms),
  })
  const server = setupServer(...ibvHandlers(env))
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' })) // MSW 3: onUnhandledFrame
  afterAll(() => {
    server.close()
    env.close()
  })

  it('connect the bank → the report completes → the embedded report shows', async () => {
    render(<App />)

    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await env.settle()
    expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()

    const productRequestId = await env.connect(APPLICANT.consumerId)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Started')).toBeTruthy()

    await env.advance(6)
    expect(screen.getByText('Complete')).toBeTruthy()
    expect(embeddedReportState()).toBe('ready')
    // Your backend's onWebhook saw the report complete.
    expect(env.webhooks.map((event) => [event.event, event.productRequestId])).toEqual([
      ['report_generated', productRequestId],
    ])
  })
})
