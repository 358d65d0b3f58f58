import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  configureIbv,
  defineIbvElements,
  type IbvElementEventMap,
} from '../../src/elements/index.js'
import { backendTokenFetcher } from '../../src/core/fetchers.js'
import { connectSettings } from '../../src/elements/connect-button-element.js'
import { startHttpBackend } from './http-backend.js'
import { runWidget } from '../../src/testing/widget-flow.js'
import { randomSecret } from '../secrets.js'

// <ibv-connect-button> in jsdom, its tokens minted by the lender's real backend over HTTP (over the
// sandbox). jsdom loads no frame: the widget's messages are posted as its window would post them,
// from the frame's window and the service's origin. Chromium runs the real widget
// (plain-html.test.ts).
const serviceUrl = 'https://service.test'
let backend: Awaited<ReturnType<typeof startHttpBackend>>
let tokenUrl = ''

beforeAll(async () => {
  backend = await startHttpBackend(serviceUrl, {
    invites: { secret: randomSecret(), pageUrl: 'http://127.0.0.1/borrower' },
  })
  tokenUrl = backend.tokenUrl
  defineIbvElements()
  // The page's service: elements' own service-url on its origin are allowed (allowedServiceOrigins).
  configureIbv({ serviceUrl })
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  vi.restoreAllMocks()
})
afterAll(() => backend.close())

type Seen = Array<[keyof IbvElementEventMap, unknown]>

/**
 * A connect button with `attributes`, connected, and every event it sends, in order; `after` is
 * set just after it joins the page, in the same task (as Angular sets bound attributes). Resolves
 * once the element has rendered: one microtask after it joined the page.
 */
async function mount(attributes: Record<string, string>, after: Record<string, string> = {}) {
  const element = document.createElement('ibv-connect-button')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const seen: Seen = []
  for (const type of [
    'ibv-success',
    'ibv-exit',
    'ibv-event',
    'ibv-state-change',
    'ibv-error',
  ] as const) {
    document.addEventListener(type, (event) => {
      if (event.target === element) seen.push([type, (event as CustomEvent).detail])
    })
  }
  document.body.append(element)
  for (const [name, value] of Object.entries(after)) element.setAttribute(name, value)
  await Promise.resolve()
  return {
    element,
    seen,
    button: () => element.querySelector<HTMLButtonElement>('button.ibv-connect-button')!,
  }
}

/** What the widget's page posts to its parent, as jsdom delivers a cross-origin message. */
function post(element: HTMLElement, data: unknown, origin = serviceUrl, source?: Window | null) {
  const frame = element.querySelector('iframe')!
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin,
      source: source === undefined ? frame.contentWindow : source,
    }),
  )
}

const opened = async (element: HTMLElement) => {
  await vi.waitFor(() => expect(element.querySelector('iframe')).not.toBeNull())
  return element.querySelector('iframe')!
}

describe('<ibv-connect-button>', () => {
  it('says visibly, with ibv-error and data-state="error", that it has no consumer-id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { element, seen, button } = await mount({
      'service-url': serviceUrl,
      'token-url': tokenUrl,
    })
    expect(element.getAttribute('data-state')).toBe('error')
    expect(element.querySelector('[role="alert"]')?.textContent).toBe(
      'This button has no applicant: no bank can be connected.',
    )
    expect(button().disabled).toBe(true)
    expect(seen.map(([type]) => type)).toEqual(['ibv-error', 'ibv-state-change'])
    expect((seen[0]![1] as IbvElementEventMap['ibv-error']['detail']).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('consumer-id'),
    })
    expect(logged).toHaveBeenCalledTimes(1)
    element.setAttribute('consumer-id', 'LND-42')
    expect(element.getAttribute('data-state')).toBe('idle')
    expect(element.querySelector('[role="alert"]')).toBeNull()
    expect(button().disabled).toBe(false)
  })

  it('reads a consumer-id set just after it joined the page, in the same task: no false error', async () => {
    const logged = vi.spyOn(console, 'error')
    const { element, seen, button } = await mount(
      { 'service-url': serviceUrl, 'token-url': tokenUrl },
      { 'consumer-id': 'LND-41' },
    )
    expect(element.getAttribute('data-state')).toBe('idle')
    expect(element.querySelector('[role="alert"]')).toBeNull()
    expect(button().disabled).toBe(false)
    // Every state it was ever in, and nothing reported.
    expect(seen).toEqual([['ibv-state-change', { state: 'idle' }]])
    expect(logged).not.toHaveBeenCalled()
  })

  it('opens the widget with a token from token-url in the dialog, and reports success', async () => {
    const { element, seen, button } = await mount({
      'consumer-id': 'LND-42',
      'service-url': serviceUrl,
      'token-url': tokenUrl,
    })
    expect(button().textContent).toBe('Connect bank')
    expect(button().className).toBe('ibv-button ibv-connect-button')
    button().click()
    const frame = await opened(element)
    expect(element.getAttribute('data-state')).toBe('open')
    expect(button().getAttribute('data-state')).toBe('open')
    const src = new URL(frame.src)
    expect(`${src.origin}${src.pathname}`).toBe(`${serviceUrl}/connect`)
    expect(src.searchParams.get('token')).toMatch(/^sbx_c_/)
    const dialog = element.querySelector('dialog')!
    expect(dialog.className).toBe('ibv-connect-dialog')
    expect(dialog.getAttribute('aria-label')).toBe('Connect your bank')
    expect(frame.title).toBe('Bank connection')
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer')
    // Hidden, and the dialog says it is opening, until the widget speaks (a silent page may be the browser's error page).
    expect(frame.style.visibility).toBe('hidden')
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(
      'Opening the bank connection…',
    )

    post(element, { type: 'ibv:ready' })
    expect(frame.style.visibility).toBe('')
    expect(dialog.querySelector('[role="status"]')).toBeNull()
    post(element, { type: 'ibv:resize', height: 432 })
    expect(frame.style.height).toBe('432px')
    // The same frame: a resize does not reload the widget.
    expect(element.querySelector('iframe')).toBe(frame)
    post(element, { type: 'ibv:event', name: 'OPEN', metadata: { step: 1 } })
    // Another window, or another origin, is not the widget.
    post(
      element,
      {
        type: 'ibv:success',
        product_request_id: 'pr_spoofed',
        institution: { id: 'x', name: 'X' },
      },
      'https://evil.test',
    )
    post(
      element,
      {
        type: 'ibv:success',
        product_request_id: 'pr_spoofed',
        institution: { id: 'x', name: 'X' },
      },
      serviceUrl,
      window,
    )
    post(element, {
      type: 'ibv:success',
      product_request_id: 'pr_1',
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })

    expect(element.querySelector('dialog')).toBeNull()
    expect(element.getAttribute('data-state')).toBe('idle')
    expect(seen.filter(([type]) => type !== 'ibv-state-change')).toEqual([
      ['ibv-event', { name: 'OPEN', metadata: { step: 1 } }],
      [
        'ibv-success',
        { productRequestId: 'pr_1', institution: { id: 'platypus', name: 'Platypus Bank' } },
      ],
    ])
    expect(
      seen.filter(([type]) => type === 'ibv-state-change').map(([, detail]) => detail),
    ).toEqual([{ state: 'idle' }, { state: 'loading' }, { state: 'open' }, { state: 'idle' }])
  })

  it("reports the dialog's close as the widget would, and reuses the token held in memory", async () => {
    const token = vi.fn(backendTokenFetcher(tokenUrl))
    configureIbv({ serviceUrl, fetchers: { token } })
    try {
      const { element, seen, button } = await mount({ 'consumer-id': 'LND-43' })
      button().click()
      const first = new URL((await opened(element)).src).searchParams.get('token')
      post(element, {
        type: 'ibv:exit_pending',
        error: null,
        metadata: { status: 'reconnect_required', product_request_id: 'pr_2' },
      })
      element.querySelector<HTMLButtonElement>('.ibv-connect-dialog__close')!.click()
      expect(element.querySelector('dialog')).toBeNull()
      const exits = seen.filter(([type]) => type === 'ibv-exit').map(([, detail]) => detail)
      expect(exits).toHaveLength(1)
      expect(exits[0]).toMatchObject({
        error: null,
        metadata: { status: 'reconnect_required', productRequestId: 'pr_2' },
      })
      button().click()
      expect(new URL((await opened(element)).src).searchParams.get('token')).toBe(first)
      expect(token).toHaveBeenCalledTimes(1)
      expect(token).toHaveBeenCalledWith({ type: 'consumer', consumerId: 'LND-43' })
      expect(sessionStorage.length + localStorage.length).toBe(0)
    } finally {
      configureIbv({ serviceUrl })
    }
  })

  it('shows the unavailable error with Try again and Close when the widget says nothing in time', async () => {
    // A fake clock for the wait; the token's HTTP exchange runs on Node's own timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { element, seen, button } = await mount({
      'consumer-id': 'LND-44',
      'service-url': serviceUrl,
      'token-url': tokenUrl,
      'ready-timeout-ms': '5000',
    })
    button().click()
    // Waited for on Node's own timers: vi.waitFor would move the fake clock.
    while (!element.querySelector('iframe')) await sleep(10)
    vi.advanceTimersByTime(4999)
    expect(element.getAttribute('data-state')).toBe('open')
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    expect(element.getAttribute('data-state')).toBe('unavailable')
    const dialog = element.querySelector('dialog')!
    expect(dialog.querySelector('iframe')).toBeNull()
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(
      'The bank connection could not be opened: the service did not answer. Try again in a moment.',
    )
    expect(
      [...dialog.querySelectorAll('.ibv-connect-dialog__actions button')].map(
        (action) => action.textContent,
      ),
    ).toEqual(['Try again', 'Close'])
    expect(document.activeElement?.textContent).toBe('Try again')
    expect(seen.filter(([type]) => type === 'ibv-exit').map(([, detail]) => detail)).toEqual([
      {
        error: {
          code: 'WIDGET_UNAVAILABLE',
          message: 'The connect widget did not answer in time.',
        },
        metadata: { status: 'unavailable' },
      },
    ])
    dialog.querySelector<HTMLButtonElement>('.ibv-connect-dialog__dismiss')!.click()
    expect(element.querySelector('dialog')).toBeNull()
  })

  it('shows the error and sends ibv-error when no token can be had', async () => {
    const { element, seen, button } = await mount({
      'consumer-id': 'LND-45',
      'service-url': serviceUrl,
      'token-url': `${tokenUrl}/nowhere`,
    })
    button().click()
    await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('error'))
    expect(element.querySelector('.ibv-connect-error')?.textContent).toBe(
      'The bank connection could not be started. Try again.',
    )
    expect(seen.find(([type]) => type === 'ibv-error')?.[1]).toMatchObject({
      error: { code: 'not_found' },
    })
  })

  it("connects with an invite on the borrower's page, records its use, then says the link is used", async () => {
    const answer = await fetch(tokenUrl.replace(/tokens$/, 'invites'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: 'LND-47' }),
    })
    const invite = new URL(((await answer.json()) as { url: string }).url).searchParams.get(
      'ibv_invite',
    )!
    const { element, seen, button } = await mount({
      invite,
      'service-url': serviceUrl,
      'token-url': tokenUrl,
    })
    button().click()
    const frame = await opened(element)
    // The sandbox's widget, gone through over HTTP; its messages posted from the frame.
    const run = await runWidget((request) => backend.sandbox.fetch(request), frame.src)
    for (const message of run.messages) post(element, message)
    expect(seen.find(([type]) => type === 'ibv-success')?.[1]).toMatchObject({
      productRequestId: run.productRequestId,
    })

    // The backend was told: the same link is refused now, in the borrower's words.
    await vi.waitFor(async () => {
      button().click()
      await vi.waitFor(() =>
        expect(['error', 'open']).toContain(element.getAttribute('data-state')),
      )
      if (element.getAttribute('data-state') === 'open')
        element.querySelector<HTMLButtonElement>('.ibv-connect-dialog__close')!.click()
      expect(element.getAttribute('data-state')).toBe('error')
    })
    expect(element.querySelector('.ibv-connect-error')?.textContent).toBe(
      'This link cannot be used: it has expired, was already used, or is incomplete. Ask your lender for a new one.',
    )
    expect(button().disabled).toBe(true)
    expect(seen.filter(([type]) => type === 'ibv-error').at(-1)?.[1]).toMatchObject({
      error: { code: 'unauthorized' },
    })
  })

  it("completes invites through the named fetcher of its token URL's backend, with no guess at its routes", async () => {
    const element = document.createElement('ibv-connect-button')
    element.setAttribute('token-url', tokenUrl)
    const { fetchers } = connectSettings(element)
    expect(fetchers.completeInvite).toBeTypeOf('function')
    // The backend's own answer to a made-up invite: the route was reached, and refused it.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(fetchers.completeInvite!('not-an-invite', 'IBV-none')).rejects.toMatchObject({
      status: 401,
    })
    expect(errors).toHaveBeenCalledOnce()
    // A token route outside the route table has no invite route known: nothing to call.
    element.setAttribute('token-url', '/lender/mint-token')
    expect(connectSettings(element).fetchers.completeInvite).toBeUndefined()
  })

  it('closes its session when it leaves the page', async () => {
    const { element, button } = await mount({
      'consumer-id': 'LND-46',
      'service-url': serviceUrl,
      'token-url': tokenUrl,
    })
    button().click()
    await opened(element)
    element.remove()
    expect(element.querySelector('dialog')).toBeNull()
    expect(element.getAttribute('data-state')).toBe('idle')
  })
})
