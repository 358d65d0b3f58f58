// Tests without a page, in Jest with its default configuration (CommonJS, the Node environment):
// your backend's rules and your webhook handling, against the real sandbox and backend.
const { expect, it } = require('@jest/globals')
const { createIbvTestEnvironment } = require('ibv-kit/testing')

it('refuses a token for an applicant the user does not work on', async () => {
  const env = createIbvTestEnvironment({ authorize: ({ consumerId }) => consumerId === 'LND-1' })
  await expect(
    env.fetchers.token({ type: 'consumer', consumerId: 'LND-1' }),
  ).resolves.toHaveProperty('access_token')
  // The fetchers reject with an IbvError: status 403, code 'forbidden'.
  await expect(env.fetchers.token({ type: 'consumer', consumerId: 'LND-2' })).rejects.toMatchObject(
    { status: 403, code: 'forbidden' },
  )
  env.close()
})

it('hands a generated report to onWebhook once', async () => {
  /** @type {import('ibv-kit/server').WebhookEvent[]} */
  const seen = []
  const env = createIbvTestEnvironment({ onWebhook: (event) => void seen.push(event) })
  const productRequestId = await env.connect('LND-1')
  await env.advance(6)
  expect(seen.map((event) => [event.event, event.productRequestId])).toEqual([
    ['report_generated', productRequestId],
  ])
  const report = await env.fetchers.report(productRequestId)
  expect(report.kind).toBe('ready')
  env.close()
})
