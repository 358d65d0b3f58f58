import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { configureIbv, defineEmbeddedReport } from '../../src/elements/index.js'
import { startHttpBackend } from './http-backend.js'

// <ibv-embedded-report>'s attributes changed after it started: only product-request-id and
// service-url make a new session; the others reach the running one, and the shown frame stays.
const serviceUrl = 'https://service.test'
let backend: Awaited<ReturnType<typeof startHttpBackend>>
let tokenUrl = ''

beforeAll(async () => {
  backend = await startHttpBackend(serviceUrl)
  tokenUrl = backend.tokenUrl
  defineEmbeddedReport()
  configureIbv({ serviceUrl })
})
afterEach(() => {
  document.body.replaceChildren()
})
afterAll(() => backend.close())

/** A complete report's product request id, made in the sandbox. */
async function completeReport(): Promise<string> {
  const created = await backend.sandbox.fetch(
    new Request(`${serviceUrl}/sandbox/product_requests`, {
      method: 'POST',
      headers: { 'x-api-key': backend.sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: `EL-${crypto.randomUUID()}`, accounts: 1 }),
    }),
  )
  const { product_request_id: id } = (await created.json()) as { product_request_id: string }
  await backend.sandbox.advance(6)
  return id
}

/** A started report with `attributes`, once its first frame is on the page. */
async function mounted(attributes: Record<string, string>) {
  const element = document.createElement('ibv-embedded-report')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const errors: string[] = []
  element.addEventListener('ibv-error', (event) => errors.push(event.detail.error.code))
  document.body.append(element)
  const frames = () => [...element.querySelectorAll('iframe')]
  await vi.waitFor(() => expect(frames()).toHaveLength(1))
  return { element, frames, errors }
}

describe('<ibv-embedded-report> attributes changed after it started', () => {
  it('ready-timeout-ms: the page loading in the shown frame has that long to speak', async () => {
    const { element, frames, errors } = await mounted({
      'product-request-id': await completeReport(),
      'token-url': tokenUrl,
      'ready-timeout-ms': '60000',
    })
    const [frame] = frames()
    element.setAttribute('ready-timeout-ms', '50')
    await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('error'))
    expect(errors).toEqual(['timeout'])
    // The same session: its frame, not a new one.
    expect(frame!.isConnected).toBe(true)
  })

  it('renew-lead-seconds: the running session takes it, its frame stays', async () => {
    const { element, frames } = await mounted({
      'product-request-id': await completeReport(),
      'token-url': tokenUrl,
    })
    const [frame] = frames()
    element.setAttribute('renew-lead-seconds', '300')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frames()).toHaveLength(1)
    expect(frames()[0]).toBe(frame)
  })

  it('token-url: the shown frame stays, and the next token comes from the new route', async () => {
    let asked = 0
    const other = await startHttpBackend(serviceUrl, { authorize: () => (asked++, true) })
    try {
      const { element, frames, errors } = await mounted({
        'product-request-id': await completeReport(),
        'token-url': tokenUrl,
        'ready-timeout-ms': '50',
      })
      const [frame] = frames()
      element.setAttribute('token-url', other.tokenUrl)
      await vi.waitFor(() => expect(errors).toEqual(['timeout']))
      expect(frame!.isConnected).toBe(true)
      expect(asked).toBe(0)
      element.querySelector('button')!.click()
      await vi.waitFor(() => expect(asked).toBe(1))
    } finally {
      other.close()
    }
  })
})
