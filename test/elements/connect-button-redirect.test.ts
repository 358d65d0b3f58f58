import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { configureIbv, defineIbvElements } from '../../src/elements/index.js'
import { backendTokenFetcher } from '../../src/core/fetchers.js'
import { startHttpBackend } from './http-backend.js'

// <ibv-connect-button redirect-uri received-redirect-uri> in jsdom, its tokens minted by the
// lender's real backend over HTTP: the redirect path of banks that sign in with OAuth. jsdom loads
// no frame: the widget's messages are posted as its window would post them.
const serviceUrl = 'https://service.test'
const BACK = `${location.origin}/applicants/LND-42/bank-return`
let backend: Awaited<ReturnType<typeof startHttpBackend>>

beforeAll(async () => {
  backend = await startHttpBackend(serviceUrl)
  configureIbv({ serviceUrl, tokenUrl: backend.tokenUrl })
  defineIbvElements()
})
afterEach(() => {
  document.body.replaceChildren()
  sessionStorage.clear()
  vi.restoreAllMocks()
})
afterAll(() => backend.close())

type ConnectButtonElement = HTMLElement & {
  redirectUri: string | null
  receivedRedirectUri: string | null
}

/** A connect button with `attributes` on the page, and what it sends, in order. */
async function mount(attributes: Record<string, string>) {
  const element = document.createElement('ibv-connect-button') as ConnectButtonElement
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const seen: Array<[string, unknown]> = []
  for (const type of ['ibv-success', 'ibv-exit', 'ibv-event', 'ibv-error'])
    element.addEventListener(type, (event) => seen.push([type, (event as CustomEvent).detail]))
  document.body.append(element)
  await Promise.resolve()
  return { element, seen }
}

const frameOf = (element: HTMLElement) => element.querySelector('iframe')
const widgetQuery = async (element: HTMLElement) => {
  await vi.waitFor(() => expect(frameOf(element)).not.toBeNull())
  return Object.fromEntries(new URL(frameOf(element)!.src).searchParams)
}
const post = (element: HTMLElement, data: unknown) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: serviceUrl,
      source: frameOf(element)!.contentWindow,
    }),
  )
const wombat = { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)' }

/** What this tab does before the bank sends it back: its button opened the widget on the redirect path. */
async function leaveForBank() {
  const { element } = await mount({ 'consumer-id': 'LND-42', 'redirect-uri': BACK })
  element.querySelector<HTMLButtonElement>('button.ibv-connect-button')!.click()
  await widgetQuery(element)
  element.remove()
}

describe('<ibv-connect-button> on the redirect path', () => {
  it('opens nothing and asks for no token for a crafted link: a state this tab never left for', async () => {
    const token = vi.fn(backendTokenFetcher(backend.tokenUrl))
    configureIbv({ serviceUrl, fetchers: { token } })
    try {
      const { element, seen } = await mount({
        'consumer-id': 'LND-42',
        'redirect-uri': BACK,
        'received-redirect-uri': `${BACK}?oauth_state_id=os_${crypto.randomUUID()}`,
      })
      // Rendered, and resumed or not, by now: a resume would be loading its token already.
      await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('idle'))
      expect(element.querySelector('dialog, iframe, [role="alert"]')).toBeNull()
      expect(seen).toEqual([])
      expect(token).not.toHaveBeenCalled()
    } finally {
      configureIbv({ serviceUrl, tokenUrl: backend.tokenUrl })
    }
  })

  it('opens by itself, once, with the state in received-redirect-uri, and sends redirect-uri on every open', async () => {
    await leaveForBank()
    const state = `os_${crypto.randomUUID()}`
    const { element, seen } = await mount({
      'consumer-id': 'LND-42',
      'redirect-uri': BACK,
      'received-redirect-uri': `${BACK}?oauth_state_id=${state}`,
    })
    expect(await widgetQuery(element)).toMatchObject({ redirect_uri: BACK, oauth_state_id: state })
    post(element, {
      type: 'ibv:event',
      name: 'OAUTH_COMPLETED',
      metadata: { institution_id: wombat.id, institution_name: wombat.name, mode: 'redirect' },
    })
    post(element, { type: 'ibv:success', product_request_id: 'IBV77', institution: wombat })
    expect(seen).toEqual([
      [
        'ibv-event',
        {
          name: 'OAUTH_COMPLETED',
          metadata: { institution_id: wombat.id, institution_name: wombat.name, mode: 'redirect' },
        },
      ],
      ['ibv-success', { productRequestId: 'IBV77', institution: wombat }],
    ])
    expect(element.querySelector('dialog')).toBeNull()

    // Moved on the page, it does not open again; pressed, it starts over without the state.
    document.body.prepend(element)
    await Promise.resolve()
    expect(element.getAttribute('data-state')).toBe('idle')
    element.querySelector<HTMLButtonElement>('button.ibv-connect-button')!.click()
    const query = await widgetQuery(element)
    expect(query.redirect_uri).toBe(BACK)
    expect(query).not.toHaveProperty('oauth_state_id')
  })

  it('takes both as properties too, reflected to the attributes; a state set later opens it', async () => {
    await leaveForBank()
    const { element } = await mount({ 'consumer-id': 'LND-42' })
    expect(element.redirectUri).toBeNull()
    element.redirectUri = BACK
    expect(element.getAttribute('redirect-uri')).toBe(BACK)
    expect(element.querySelector('dialog')).toBeNull()
    const state = `os_${crypto.randomUUID()}`
    element.receivedRedirectUri = `${BACK}?oauth_state_id=${state}`
    expect(element.getAttribute('received-redirect-uri')).toBe(`${BACK}?oauth_state_id=${state}`)
    expect(await widgetQuery(element)).toMatchObject({ redirect_uri: BACK, oauth_state_id: state })
    element.redirectUri = null
    expect(element.hasAttribute('redirect-uri')).toBe(false)
  })

  it('does nothing by itself without oauth_state_id, nor without an applicant', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { element } = await mount({
      'consumer-id': 'LND-42',
      'received-redirect-uri': `${BACK}?applicant=LND-42`,
    })
    const orphan = await mount({
      'received-redirect-uri': `${BACK}?oauth_state_id=os_${crypto.randomUUID()}`,
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(element.getAttribute('data-state')).toBe('idle')
    expect(orphan.element.getAttribute('data-state')).toBe('error')
    expect(document.querySelector('dialog')).toBeNull()
  })

  it('shows its error and sends ibv-error for a redirect-uri on another origin', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { element, seen } = await mount({
      'consumer-id': 'LND-42',
      'redirect-uri': 'https://elsewhere.test/bank-return',
    })
    element.querySelector<HTMLButtonElement>('button.ibv-connect-button')!.click()
    await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('error'))
    expect(element.querySelector('.ibv-connect-error')?.textContent).toBe(
      'The bank connection could not be started. Try again.',
    )
    expect(seen).toEqual([
      [
        'ibv-error',
        {
          error: expect.objectContaining({
            code: 'invalid_request',
            fields: { redirectUri: [expect.any(String)] },
          }),
        },
      ],
    ])
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('redirectUri must be an absolute http(s) URL'),
    )
  })

  it("puts the widget in a frame that may open the bank's window and send the page to the bank: no sandbox, allow or csp", async () => {
    const { element } = await mount({ 'consumer-id': 'LND-42' })
    element.querySelector<HTMLButtonElement>('button.ibv-connect-button')!.click()
    await widgetQuery(element)
    // Every attribute it has: none restricts what the widget's page may do.
    expect(
      frameOf(element)!
        .getAttributeNames()
        .filter((name) => name !== 'style')
        .sort(),
    ).toEqual(['class', 'referrerpolicy', 'src', 'title'])
  })
})
