// A test of yours. (This one is test/testing/readme-quick-start.test.tsx: npm test runs it.)
import { afterEach, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { ConnectButton } from 'ibv-kit'
import { createIbvTestEnvironment, renderWithIbv } from 'ibv-kit/testing'

afterEach(() => vi.useRealTimers())

it("connects the applicant's bank", async () => {
  vi.useFakeTimers()
  const env = createIbvTestEnvironment({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
  const connected = vi.fn()
  renderWithIbv(<ConnectButton consumerId="LND-1" onSuccess={connected} />, env)
  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await env.settle() // the consumer token arrives, the widget opens
  const productRequestId = await env.connect('LND-1') // the applicant completes the widget
  expect(connected).toHaveBeenCalledWith(expect.objectContaining({ productRequestId }))
  await env.advance(6) // the sandbox makes the report; env.webhooks has report_generated
  expect(env.webhooks.map((event) => event.event)).toEqual(['report_generated'])
  env.close()
})
