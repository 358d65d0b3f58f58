import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  IbvError,
  configureIbv,
  defineIbvElements,
  type IbvErrorDetail,
  type IbvLocale,
  type IbvStateChangeDetail,
} from '../../src/elements/index.js'
import { elementSettings } from '../../src/elements/config.js'
import { createIbvBackend, createIbvClient } from '../../src/server/index.js'
import { createSandbox } from '../../src/sandbox/index.js'

beforeAll(() => defineIbvElements())
afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

const link = 'https://service.test/connect?link=lnk_ABC'

function make(tag: string, attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

/** The events of both kinds that reach the document, in order. */
function listen() {
  const seen: Array<[string, unknown]> = []
  const onState = (event: CustomEvent<IbvStateChangeDetail>) =>
    seen.push(['ibv-state-change', event.detail.state])
  const onError = (event: CustomEvent<IbvErrorDetail>) =>
    seen.push(['ibv-error', event.detail.error.code])
  document.addEventListener('ibv-state-change', onState)
  document.addEventListener('ibv-error', onError)
  return {
    seen,
    stop: () => (
      document.removeEventListener('ibv-state-change', onState),
      document.removeEventListener('ibv-error', onError)
    ),
  }
}

describe('defineIbvElements', () => {
  it('registers every element once; a second call changes nothing', () => {
    const badge = customElements.get('ibv-report-status-badge')
    expect(badge).toBeDefined()
    for (const tag of ['ibv-reconnect-prompt', 'ibv-connect-button', 'ibv-embedded-report'])
      expect(customElements.get(tag)).toBeDefined()
    defineIbvElements()
    expect(customElements.get('ibv-report-status-badge')).toBe(badge)
  })
})

describe('<ibv-report-status-badge>', () => {
  it('re-renders on every attribute change and sets data-state once, saying so', () => {
    const events = listen()
    const badge = make('ibv-report-status-badge', { status: 'initiated' })
    document.body.append(badge)
    expect(badge.getAttribute('data-state')).toBe('ready')
    expect(badge.querySelector('.ibv-badge')?.getAttribute('data-tone')).toBe('progress')
    badge.setAttribute('status', 'reconnect_required')
    badge.setAttribute('audience', 'borrower')
    expect(badge.textContent).toBe(
      'Reconnect requiredYour bank connection needs attention: reconnect your bank to continue.',
    )
    badge.setAttribute('status', 'no_such_state')
    expect(badge.querySelector('.ibv-badge')?.getAttribute('data-status')).toBe('no_such_state')
    expect(badge.querySelector('.ibv-badge__label')?.textContent).toBe('Unknown status')
    badge.removeAttribute('status')
    expect(badge.querySelector('.ibv-badge__label')?.textContent).toBe('Unknown status')
    events.stop()
    expect(events.seen).toEqual([['ibv-state-change', 'ready']])
  })

  it('takes texts from configureIbv({ messages })', () => {
    configureIbv({
      serviceUrl: 'https://s.test',
      messages: { statusLabels: { complete: 'Terminé' }, unknownStatus: 'Inconnu' },
    })
    try {
      const badge = make('ibv-report-status-badge', { status: 'complete' })
      document.body.append(badge, make('ibv-report-status-badge', { status: 'later' }))
      expect(
        [...document.querySelectorAll('.ibv-badge__label')].map((label) => label.textContent),
      ).toEqual(['Terminé', 'Inconnu'])
    } finally {
      configureIbv({ serviceUrl: 'https://s.test' })
    }
  })

  it('refuses a locale that is not a language, naming where single texts go', () => {
    // Texts alone are not a language (a page without TypeScript could pass them).
    const texts = { statusLabels: { complete: 'Terminé' } } as unknown as IbvLocale
    expect(() => configureIbv({ serviceUrl: 'https://s.test', locale: texts })).toThrow(
      /locale must be an IbvLocale .*; single texts go in messages/,
    )
  })
})

describe('<ibv-reconnect-prompt>', () => {
  it('follows its attributes: reason, audience, names, link', () => {
    const prompt = make('ibv-reconnect-prompt', {
      'connection-link': link,
      'institution-name': 'Platypus Bank',
    })
    document.body.append(prompt)
    expect(prompt.querySelector('.ibv-reconnect__title')?.textContent).toBe(
      'Ask the applicant to reconnect Platypus Bank',
    )
    expect(prompt.querySelector('code')?.textContent).toBe(link)
    prompt.setAttribute('audience', 'borrower')
    expect(prompt.querySelector('a')?.getAttribute('href')).toBe(link)
    expect(prompt.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer')
    prompt.setAttribute('reason', 'refresh_not_ready')
    expect(prompt.querySelector('.ibv-reconnect')?.getAttribute('data-reason')).toBe(
      'refresh_not_ready',
    )
    expect(prompt.querySelector('a, code, button')).toBeNull()
    prompt.setAttribute('reason', 'ibv_data_acquire_failed')
    expect(prompt.querySelector('.ibv-reconnect')?.getAttribute('data-reason')).toBe(
      'data_pull_failed',
    )
  })

  it('refuses a javascript: link with a typed ibv-error, a console error naming only its scheme, and data-state="error"', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const events = listen()
    const prompt = make('ibv-reconnect-prompt', {
      'connection-link': 'javascript:alert(document.cookie)',
    })
    document.body.append(prompt)
    expect(prompt.getAttribute('data-state')).toBe('error')
    expect(prompt.querySelector('a, code, button')).toBeNull()
    // Another attribute changes: the same refused link is not reported again.
    prompt.setAttribute('institution-name', 'Platypus Bank')
    prompt.setAttribute('connection-link', link)
    expect(prompt.getAttribute('data-state')).toBe('ready')
    events.stop()
    expect(events.seen).toEqual([
      ['ibv-error', 'invalid_request'],
      ['ibv-state-change', 'error'],
      ['ibv-state-change', 'ready'],
    ])
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toBe(
      '<ibv-reconnect-prompt> renders no link: the connection link must be an https URL, or http on this computer for the sandbox (got a javascript: link).',
    )
  })

  it('shows an unknown reason as reconnect_required, and says so in the console', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const prompt = make('ibv-reconnect-prompt', { reason: 'bank_on_fire' })
    document.body.append(prompt)
    expect(prompt.querySelector('.ibv-reconnect')?.getAttribute('data-reason')).toBe(
      'reconnect_required',
    )
    expect(String(warned.mock.calls[0]![0])).toContain('"bank_on_fire"')
  })
})

describe('configureIbv and the per-element overrides', () => {
  // The lender's backend over HTTP, on a free loopback port: tokens come from its real route.
  const sandbox = createSandbox({ serviceUrl: 'https://service.test' })
  const backend = createIbvBackend({
    client: createIbvClient({
      apiKey: sandbox.apiKey,
      serviceUrl: 'https://service.test',
      fetch: sandbox.fetch,
    }),
    authorize: () => true,
    verifyWebhook: () => true,
  })
  let server: ReturnType<typeof serve>
  let origin = ''
  beforeAll(async () => {
    server = await new Promise((resolve) => {
      const started = serve({ fetch: backend.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started),
      )
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    sandbox.close()
    server.close()
  })

  it('refuses a configuration without a serviceUrl with a typed error', () => {
    expect(() => configureIbv({} as never)).toThrow(IbvError)
    expect(() => configureIbv({ serviceUrl: ' ' })).toThrow(/serviceUrl is required/)
  })

  it("mints tokens at the page's tokenUrl, an element's token-url, or through the page's fetchers", async () => {
    configureIbv({ serviceUrl: 'https://service.test', tokenUrl: `${origin}/api/ibv/tokens` })
    const plain = make('ibv-reconnect-prompt', {})
    expect(elementSettings(plain)).toMatchObject({
      serviceUrl: 'https://service.test',
      tokenUrl: `${origin}/api/ibv/tokens`,
    })
    expect(
      await elementSettings(plain).fetchers.token({ type: 'consumer', consumerId: 'LND-1' }),
    ).toMatchObject({ access_token: expect.stringMatching(/^sbx_c_/) })

    const own = make('ibv-reconnect-prompt', {
      'token-url': `${origin}/no/such/route`,
      'service-url': 'https://other.test',
    })
    expect(elementSettings(own).serviceUrl).toBe('https://other.test')
    await expect(
      elementSettings(own).fetchers.token({ type: 'consumer', consumerId: 'LND-1' }),
    ).rejects.toMatchObject({ code: 'not_found' })

    const token = vi.fn(async () => ({ access_token: 'mine', expires_in: 60 }))
    configureIbv({ serviceUrl: 'https://service.test', fetchers: { token } })
    expect(
      await elementSettings(plain).fetchers.token({ type: 'consumer', consumerId: 'LND-2' }),
    ).toEqual({ access_token: 'mine', expires_in: 60 })
    expect(token).toHaveBeenCalledWith({ type: 'consumer', consumerId: 'LND-2' })
  })

  it("defaults to the backend's own route, /api/ibv/tokens", () => {
    configureIbv({ serviceUrl: 'https://service.test' })
    expect(elementSettings(make('ibv-report-status-badge', {})).tokenUrl).toBe('/api/ibv/tokens')
  })
})
