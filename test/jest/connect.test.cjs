/**
 * @jest-environment ./test/jest/jsdom-environment.cjs
 */
// A component test in Jest with its default configuration: CommonJS, no transform of
// node_modules, jsdom for this file only (the docblock above) and fake timers. The applicant
// connects their bank in <ConnectButton>'s widget, against the real sandbox and backend, in process.
const globals = require('@jest/globals')
const { createElement } = require('react')
const { cleanup, fireEvent, screen } = require('@testing-library/react')
const { ConnectButton } = require('ibv-kit')
const { createIbvTestEnvironment, renderWithIbv } = require('ibv-kit/testing')

const { afterEach, expect, it, jest: jestApi } = globals
afterEach(() => {
  cleanup()
  jestApi.useRealTimers()
})

it("connects the applicant's bank, and the report is made", async () => {
  jestApi.useFakeTimers()
  const env = createIbvTestEnvironment({
    advanceTimers: (ms) => jestApi.advanceTimersByTimeAsync(ms),
  })
  /** @type {unknown[]} */
  const connected = []
  renderWithIbv(
    createElement(ConnectButton, {
      consumerId: 'LND-1',
      onSuccess: (success) => void connected.push(success),
    }),
    env,
  )

  fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
  await env.settle() // the consumer token arrives, the widget opens
  expect(screen.getByRole('dialog', { name: 'Connect your bank' })).toBeTruthy()
  const productRequestId = await env.connect('LND-1') // the applicant completes the widget
  expect(connected).toEqual([expect.objectContaining({ productRequestId })])

  await env.advance(6) // the sandbox makes the report and sends its webhook to your backend
  expect(env.webhooks.map((event) => event.event)).toEqual(['report_generated'])
  env.close()
})
