import { describe, expect, it } from 'vitest'
import { classifyRefresh, institutionIn } from '../../src/core/index.js'

// Bodies shaped as the service API's refresh tables describe them.
const link = 'https://service.test/connect/reconnect?c=LND-42'
const success = {
  ibv_report: 'https://service.test/api/v1/ibv/requests/IBV-NEW-1',
  product_request_id: 'IBV-NEW-1',
  ibv_report_status: 'initiated',
  ibv_connection_link: link,
  message: 'Refresh request submitted',
  status: 'in_progress',
}
const invalidConnection = {
  ibv_report: 'https://service.test/api/v1/ibv/requests/IBV-OLD-1',
  product_request_id: 'IBV-OLD-1',
  ibv_report_status: 'initiated',
  ibv_connection_link: link,
  message:
    'Unable to pull IBV data. Ask the consumer to reconnect to Platypus Bank using the connection link.',
}
const dataPullFailure = {
  ibv_report_status: 'ibv_data_acquire_failed',
  ibv_connection_link: link,
  message:
    'Unable to pull IBV data. Ask the consumer to reconnect to Platypus Bank using the connection link.',
}
const consumerNotFound = { message: 'Consumer ID LND-404 does not exist.' }
const tooManyRequests = {
  ibv_report: 'https://service.test/api/v1/ibv/requests/IBV-OLD-1',
  product_request_id: 'IBV-OLD-1',
  ibv_report_status: 'initiated',
  ibv_connection_link: link,
  message:
    'Reports can only be refreshed once every 24 hours. Wait to refresh or ask the consumer to reconnect to Platypus Bank using the connection link.',
  status: 'refresh_not_ready',
}
const refreshFailed = { message: 'The product request failed to initiate.' }

// The service API gives no status codes for the error cases: the result must not depend on them.
const errorStatuses = [200, 400, 404, 409, 422, 429, 500]

describe('classifyRefresh', () => {
  it('classifies the success body', () => {
    expect(classifyRefresh(200, success)).toEqual({
      kind: 'submitted',
      message: 'Refresh request submitted',
      httpStatus: 200,
      body: success,
      productRequestId: 'IBV-NEW-1',
      reportUrl: success.ibv_report,
      connectionLink: link,
    })
  })

  it('does not call a success-shaped body with an error status a success', () => {
    expect(classifyRefresh(500, success).kind).toBe('unknown')
    expect(classifyRefresh(200, { ...success, product_request_id: undefined }).kind).toBe('unknown')
  })

  it.each(errorStatuses)(
    'classifies the invalid-connection sample (data-pull message, no status) at HTTP %i',
    (code) => {
      expect(classifyRefresh(code, invalidConnection)).toMatchObject({
        kind: 'invalid_connection',
        connectionLink: link,
        productRequestId: 'IBV-OLD-1',
        institutionName: 'Platypus Bank',
      })
    },
  )

  it('classifies the listed invalid-connection message on its own', () => {
    const outcome = classifyRefresh(400, {
      message: 'Connection no longer valid. Ask consumer to reconnect.',
    })
    expect(outcome).toMatchObject({
      kind: 'invalid_connection',
      message: 'Connection no longer valid. Ask consumer to reconnect.',
    })
  })

  it.each(errorStatuses)('classifies a data pull failure at HTTP %i', (code) => {
    expect(classifyRefresh(code, dataPullFailure)).toMatchObject({
      kind: 'data_pull_failed',
      connectionLink: link,
      institutionName: 'Platypus Bank',
      message: dataPullFailure.message,
    })
  })

  it.each(errorStatuses)('classifies an unknown consumer at HTTP %i', (code) => {
    expect(classifyRefresh(code, consumerNotFound)).toEqual({
      kind: 'consumer_not_found',
      message: 'Consumer ID LND-404 does not exist.',
      httpStatus: code,
      body: consumerNotFound,
    })
  })

  it.each(errorStatuses)('classifies a refresh inside 24 hours at HTTP %i', (code) => {
    expect(classifyRefresh(code, tooManyRequests)).toMatchObject({
      kind: 'refresh_not_ready',
      connectionLink: link,
      productRequestId: 'IBV-OLD-1',
      reportUrl: tooManyRequests.ibv_report,
      institutionName: 'Platypus Bank',
    })
  })

  it.each(errorStatuses)('classifies a failure to initiate at HTTP %i', (code) => {
    expect(classifyRefresh(code, refreshFailed)).toMatchObject({
      kind: 'refresh_failed',
      message: refreshFailed.message,
    })
  })

  it('answers unknown, keeping status and body, for anything else', () => {
    expect(classifyRefresh(401, { message: 'Invalid API key' })).toEqual({
      kind: 'unknown',
      message: 'Invalid API key',
      httpStatus: 401,
      body: { message: 'Invalid API key' },
    })
    expect(classifyRefresh(502, '<html>Bad gateway</html>')).toMatchObject({
      kind: 'unknown',
      body: '<html>Bad gateway</html>',
    })
    expect(classifyRefresh(200, [])).toMatchObject({ kind: 'unknown' })
    expect(classifyRefresh(200, null)).toMatchObject({
      kind: 'unknown',
      message: 'The refresh answer was not understood.',
    })
    expect(classifyRefresh(200, {})).toMatchObject({ kind: 'unknown' })
  })

  it('supplies the service API wording when a recognised body has no message', () => {
    expect(classifyRefresh(429, { status: 'refresh_not_ready' }).message).toBe(
      'Reports can only be refreshed once every 24 hours.',
    )
    expect(classifyRefresh(400, { ibv_report_status: 'ibv_data_acquire_failed' }).message).toMatch(
      /Unable to pull IBV data/,
    )
  })
})

describe('institutionIn', () => {
  it('fills the service API <FI Name> from the message, and not from the placeholder itself', () => {
    expect(
      institutionIn('Ask the consumer to reconnect to Banco São Paulo using the connection link.'),
    ).toBe('Banco São Paulo')
    expect(
      institutionIn('Ask the consumer to reconnect to <FI Name> using the connection link.'),
    ).toBeUndefined()
    expect(institutionIn('Consumer ID does not exist.')).toBeUndefined()
  })
})
