import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { connectWidgetUrl, embeddedReportUrl } from '../../src/core/index.js'

// The sandbox's pages in real Chromium, served by the Vite plugin on the test server.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const post = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

afterEach(() => {
  document.body.replaceChildren()
})

function frame(src: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.src = src
  iframe.style.height = '50px'
  document.body.append(iframe)
  return iframe
}

/** The next message from `iframe` whose type is `type`, checking origin and source. */
function nextMessage(iframe: HTMLIFrameElement, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      if (
        event.source !== iframe.contentWindow ||
        event.origin !== location.origin ||
        event.data?.type !== type
      )
        return
      window.removeEventListener('message', listener)
      resolve(event.data)
    }
    window.addEventListener('message', listener)
  })
}

describe('sandbox pages in Chromium', () => {
  it('the portal page loads in an iframe and posts its real content height', async () => {
    const created = await post('/sandbox/product_requests', {
      consumer_id: `B-${crypto.randomUUID()}`,
      accounts: 3,
    })
    await post('/sandbox/clock/advance', { seconds: 6 })
    const token = await post('/api/v1/auth/tokens', {
      product_request_id: created.product_request_id,
      type: 'embedded_report_token',
    })
    const iframe = frame(embeddedReportUrl(service, token.access_token))
    const message = await nextMessage(iframe, 'ibv:resize')
    // The page's own height, rounded up (scrollHeight rounds to the nearest pixel).
    expect(
      (message.height as number) - iframe.contentDocument!.documentElement.scrollHeight,
    ).toBeOneOf([0, 1])
    expect(message.height as number).toBeGreaterThan(200)
    expect(iframe.contentDocument?.body.textContent).toContain(created.product_request_id)
  })

  it('the portal tells the embedder when its token has expired', async () => {
    const created = await post('/sandbox/product_requests', {
      consumer_id: `B-${crypto.randomUUID()}`,
    })
    const token = await post('/api/v1/auth/tokens', {
      product_request_id: created.product_request_id,
      type: 'embedded_report_token',
    })
    await post('/sandbox/tokens/expire', { access_token: token.access_token })
    const iframe = frame(embeddedReportUrl(service, token.access_token))
    expect(await nextMessage(iframe, 'ibv:token_expired')).toEqual({ type: 'ibv:token_expired' })
  })

  it('the portal says its height, and that its token expired, again when its parent says ibv:hello', async () => {
    const created = await post('/sandbox/product_requests', {
      consumer_id: `B-${crypto.randomUUID()}`,
    })
    const token = await post('/api/v1/auth/tokens', {
      product_request_id: created.product_request_id,
      type: 'embedded_report_token',
    })
    await post('/sandbox/tokens/expire', { access_token: token.access_token })
    const iframe = frame(embeddedReportUrl(service, token.access_token))
    await nextMessage(iframe, 'ibv:token_expired')
    await new Promise((resolve) => setTimeout(resolve, 300)) // settled: what it says now answers the hello
    const again = Promise.all([
      nextMessage(iframe, 'ibv:resize'),
      nextMessage(iframe, 'ibv:token_expired'),
    ])
    iframe.contentWindow!.postMessage({ type: 'ibv:hello' }, location.origin)
    const [resize] = await again
    expect(
      (resize.height as number) - iframe.contentDocument!.documentElement.scrollHeight,
    ).toBeOneOf([0, 1])
  })

  it('the widget posts ready, then success after the test credentials are typed in', async () => {
    const token = await post('/api/v1/auth/tokens', { consumer_id: `B-${crypto.randomUUID()}` })
    const iframe = frame(connectWidgetUrl(service, token.access_token, location.origin))
    expect(await nextMessage(iframe, 'ibv:ready')).toEqual({ type: 'ibv:ready' })
    // Step 1 chooses the bank; its sign-in page is step 2.
    const chosen = new Promise((resolve) =>
      iframe.addEventListener('load', resolve, { once: true }),
    )
    iframe.contentDocument?.querySelector<HTMLButtonElement>('button[value="platypus"]')?.click()
    await chosen
    const form = iframe.contentDocument?.querySelector('form')
    if (!form) throw new Error('the widget has no form')
    ;(form.elements.namedItem('username') as HTMLInputElement).value = 'user_good'
    ;(form.elements.namedItem('password') as HTMLInputElement).value = 'pass_good'
    const success = nextMessage(iframe, 'ibv:success')
    form.requestSubmit()
    expect(await success).toMatchObject({
      product_request_id: expect.stringMatching(/^IBV/),
      institution: { id: 'platypus', name: 'Platypus Bank' },
    })
  })

  it('the widget posts nothing to a window of another origin', async () => {
    const token = await post('/api/v1/auth/tokens', { consumer_id: `B-${crypto.randomUUID()}` })
    const seen: unknown[] = []
    const listener = (event: MessageEvent) => seen.push(event.data)
    window.addEventListener('message', listener)
    const iframe = frame(connectWidgetUrl(service, token.access_token, 'https://elsewhere.example'))
    await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    window.removeEventListener('message', listener)
    expect(seen).toEqual([])
  })
})

describe('the widget page in the connect dialog on a 320 px phone', () => {
  it('has no horizontal overflow', async () => {
    await page.viewport(320, 640)
    try {
      const token = await post('/api/v1/auth/tokens', { consumer_id: `B-${crypto.randomUUID()}` })
      // The dialog's frame at 320 px: the viewport less 2rem, less its 1px borders.
      const iframe = frame(connectWidgetUrl(service, token.access_token, location.origin))
      iframe.style.cssText =
        'width: calc(100vw - 2rem - 2px); height: 600px; border: 0; display: block'
      await nextMessage(iframe, 'ibv:ready')
      const doc = iframe.contentDocument!
      doc.querySelector('details')?.setAttribute('open', '') // the credentials table too
      expect(doc.documentElement.clientWidth).toBeLessThanOrEqual(290)
      expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(doc.documentElement.clientWidth)
    } finally {
      await page.viewport(414, 896)
    }
  })
})
