import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { configureIbv, defineIbvElements, type IbvErrorDetail } from '../../src/elements/index.js'
import type { TokenResponse } from '../../src/core/index.js'

// An element's own `service-url` is checked against the page's allowed service origins (the
// configured service URL's origin, or `allowedServiceOrigins`) before any token is asked for: an
// injected `<ibv-embedded-report service-url="https://evil.example">` mints nothing, loads nothing,
// and says why, visibly and with `ibv-error`.
const SERVICE = 'https://ibv.example.com'

beforeAll(() => defineIbvElements())
afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

/** A token plug that counts its calls. */
const counting = () =>
  vi.fn(async (): Promise<TokenResponse> => ({ access_token: 'tok-1', expires_in: 1800 }))

async function mount(html: string) {
  const errors: IbvErrorDetail['error'][] = []
  document.addEventListener('ibv-error', (event) => errors.push(event.detail.error))
  document.body.innerHTML = html
  await Promise.resolve()
  await Promise.resolve()
  return { element: document.body.firstElementChild as HTMLElement, errors }
}

describe('an element with a service-url outside the allowed service origins', () => {
  it('<ibv-embedded-report>: refused before any token is asked for, shown and sent as ibv-error', async () => {
    const token = counting()
    configureIbv({ serviceUrl: SERVICE, fetchers: { token } })
    const { element, errors } = await mount(
      '<ibv-embedded-report product-request-id="IBV1" service-url="https://evil.example"></ibv-embedded-report>',
    )
    await vi.waitFor(() => expect(element.dataset.state).toBe('error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      name: 'IbvError',
      code: 'invalid_request',
      fields: { serviceUrl: [expect.stringContaining('allowedServiceOrigins')] },
    })
    expect(errors[0]!.message).toContain('https://evil.example')
    expect(element.querySelector('[role="alert"]')?.textContent).toMatch(/could not be loaded/)
    expect(element.querySelector('iframe')).toBeNull()
    expect(token).not.toHaveBeenCalled()
  })

  it('<ibv-connect-button>: refused on the click before any token is asked for, shown and sent as ibv-error', async () => {
    const token = counting()
    configureIbv({ serviceUrl: SERVICE, fetchers: { token } })
    const { element, errors } = await mount(
      '<ibv-connect-button consumer-id="LND-42" service-url="https://evil.example"></ibv-connect-button>',
    )
    element.querySelector('button')!.click()
    await vi.waitFor(() => expect(element.dataset.state).toBe('error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      name: 'IbvError',
      code: 'invalid_request',
      fields: { serviceUrl: [expect.any(String)] },
    })
    expect(element.querySelector('[role="alert"]')?.textContent).toMatch(/could not be started/)
    expect(element.querySelector('iframe, dialog')).toBeNull()
    expect(token).not.toHaveBeenCalled()
  })

  it('a relative service-url resolves against the page: refused when the configured service is elsewhere', async () => {
    const token = counting()
    configureIbv({ serviceUrl: SERVICE, fetchers: { token } })
    const { element } = await mount(
      '<ibv-embedded-report product-request-id="IBV1" service-url="/ibv-sandbox"></ibv-embedded-report>',
    )
    await vi.waitFor(() => expect(element.dataset.state).toBe('error'))
    expect(token).not.toHaveBeenCalled()
  })

  it('allows a service-url on the configured origin, and on the origins listed in allowedServiceOrigins', async () => {
    const token = counting()
    configureIbv({
      serviceUrl: SERVICE,
      fetchers: { token },
      allowedServiceOrigins: [SERVICE, 'https://eu.ibv.example.com'],
    })
    const { element } = await mount(
      '<ibv-embedded-report product-request-id="IBV1" service-url="https://eu.ibv.example.com/v2"></ibv-embedded-report>',
    )
    await vi.waitFor(() =>
      expect(element.querySelector('iframe')?.src).toBe(
        'https://eu.ibv.example.com/v2/portal/embeddable_reports?token=tok-1',
      ),
    )
    expect(token).toHaveBeenCalledTimes(1)
    configureIbv({ serviceUrl: SERVICE, fetchers: { token } })
    const { element: same } = await mount(
      `<ibv-embedded-report product-request-id="IBV2" service-url="${SERVICE}/other"></ibv-embedded-report>`,
    )
    await vi.waitFor(() => expect(same.querySelector('iframe')).not.toBeNull())
  })

  it('configureIbv refuses a malformed allowedServiceOrigins with a TypeError', () => {
    expect(() =>
      configureIbv({ serviceUrl: SERVICE, allowedServiceOrigins: '*' as never }),
    ).toThrow(/^configureIbv: allowedServiceOrigins /)
    expect(() =>
      configureIbv({ serviceUrl: SERVICE, allowedServiceOrigins: ['ftp://x.example'] }),
    ).toThrow(TypeError)
  })
})
