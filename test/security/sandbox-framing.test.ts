// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { chromium, type Browser } from 'playwright'
import {
  createManualClock,
  createSandbox,
  startSandboxServer,
  type Sandbox,
  type SandboxServer,
} from '../../src/sandbox/index.js'
import { call, formAction } from '../sandbox/call.js'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

// Finding 13: the sandbox's widget and report pages sent no `frame-ancestors`, so any site could
// frame them and overlay its own UI (clickjacking the consumer's bank sign-in, or showing a
// report out of context). Only the embedders the sandbox was told about may frame them.
// No `http://[::1]:*`: CSP has no IPv6 literals; Chromium drops it with a console error.
const DEFAULT_ANCESTORS = ["'self'", 'http://localhost:*', 'http://127.0.0.1:*']

function frameAncestors(headers: Headers): string[] | undefined {
  const directive = (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors')
  return directive?.slice(1)
}

/** Every kind of HTML page the sandbox serves, with its status. */
async function everyPage(sandbox: Sandbox) {
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-1' })
  const id = created.body.product_request_id as string
  const embedded = async () =>
    (
      await call(sandbox, 'POST', '/api/v1/auth/tokens', {
        product_request_id: id,
        type: 'embedded_report_token',
      })
    ).body.access_token as string
  const consumer = (await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-1' }))
    .body.access_token as string
  const pending = await call(
    sandbox,
    'GET',
    `/portal/embeddable_reports?token=${await embedded()}`,
    undefined,
    {},
  )
  await sandbox.advance(6)
  const report = await call(
    sandbox,
    'GET',
    `/portal/embeddable_reports?token=${await embedded()}`,
    undefined,
    {},
  )
  const refused = await call(sandbox, 'GET', '/portal/embeddable_reports?token=nope', undefined, {})
  const widget = await call(
    sandbox,
    'GET',
    `/connect?token=${consumer}&origin=${encodeURIComponent('http://localhost:5173')}`,
    undefined,
    {},
  )
  const widgetRefused = await call(sandbox, 'GET', '/connect?token=nope', undefined, {})
  const link = new URL(created.body.ibv_connection_link as string)
  const reconnect = await call(sandbox, 'GET', `${link.pathname}${link.search}`, undefined, {})
  const submitted = await call(
    sandbox,
    'POST',
    formAction(widget.text),
    'institution=platypus&username=user_good&password=pass_good',
    {
      'content-type': 'application/x-www-form-urlencoded',
    },
  )
  return { pending, report, refused, widget, widgetRefused, reconnect, submitted }
}

describe('frame-ancestors on the sandbox pages', () => {
  it('by default, only the sandbox itself and loopback origins may frame any page', async () => {
    const pages = await everyPage(createSandbox({ clock: createManualClock() }))
    for (const [name, page] of Object.entries(pages)) {
      expect(page.headers.get('content-type'), name).toContain('text/html')
      expect(frameAncestors(page.headers), name).toEqual(DEFAULT_ANCESTORS)
    }
  })

  it('frameAncestors replaces the list, and an entry that would break out of the header is refused', async () => {
    const pages = await everyPage(
      createSandbox({
        clock: createManualClock(),
        frameAncestors: ['https://lender.example', "'self'"],
      }),
    )
    for (const [name, page] of Object.entries(pages))
      expect(frameAncestors(page.headers), name).toEqual(['https://lender.example', "'self'"])
    expect(() =>
      createSandbox({ frameAncestors: ["https://lender.example; script-src 'unsafe-inline'"] }),
    ).toThrow(/frameAncestors/)
    expect(() =>
      createSandbox({ frameAncestors: ['https://a.example,https://b.example'] }),
    ).toThrow(/frameAncestors/)
    expect(() => createSandbox({ frameAncestors: [] })).toThrow(/frameAncestors/)
  })
})

describe('framing in Chromium', () => {
  let browser: Browser
  let sandbox: SandboxServer
  let pages: Server
  let pagesPort: number

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0 })
    // One server for both embedders: the page only names the frame's address.
    pages = createServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? ''
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>embedder</title><iframe src="${src.replace(/"/g, '&quot;')}"></iframe>`,
        )
    })
    pages.listen(0, '127.0.0.1')
    await once(pages, 'listening')
    pagesPort = (pages.address() as AddressInfo).port
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      // attacker.example resolves to this machine, as a rebound or hostile site would.
      args: [...chromiumArgs, '--host-resolver-rules=MAP attacker.example 127.0.0.1'],
    })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await sandbox?.close()
    pages?.close()
  })

  async function framed(embedder: string, src: string) {
    const page = await browser.newPage()
    try {
      await page.goto(`${embedder}/?src=${encodeURIComponent(src)}`)
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
      // A frame blocked by frame-ancestors is swapped for Chromium's error page.
      return {
        url: frame?.url(),
        forms: frame ? await frame.locator('form').count() : 0,
        text: frame ? await frame.locator('body').innerText() : '',
      }
    } finally {
      await page.close()
    }
  }

  it('a foreign site cannot frame the connect widget or a report; a loopback embedder can', async () => {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${sandbox.url}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
    const created = await post('/sandbox/product_requests', { consumer_id: 'LND-FRAME' })
    await post('/sandbox/clock/advance', { seconds: 6 })
    const report = await post('/api/v1/auth/tokens', {
      product_request_id: created.product_request_id,
      type: 'embedded_report_token',
    })
    const widget = `${sandbox.url}/connect?link=${encodeURIComponent(new URL(created.ibv_connection_link).searchParams.get('link') ?? '')}`
    const portal = `${sandbox.url}/portal/embeddable_reports?token=${report.access_token}`

    const hostileWidget = await framed(`http://attacker.example:${pagesPort}`, widget)
    expect(hostileWidget.url).not.toBe(widget)
    expect(hostileWidget.forms).toBe(0)
    const hostileReport = await framed(`http://attacker.example:${pagesPort}`, portal)
    expect(hostileReport.text).not.toContain(created.product_request_id)

    const lenderWidget = await framed(`http://localhost:${pagesPort}`, widget)
    expect(lenderWidget.forms).toBe(1)
    const lenderReport = await framed(`http://localhost:${pagesPort}`, portal)
    expect(lenderReport.text).toContain(created.product_request_id)
  }, 60_000)

  it('sends a policy Chromium reads without complaint', async () => {
    const page = await browser.newPage()
    const complaints: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content-Security-Policy')) complaints.push(message.text())
    })
    await page.goto(`${sandbox.url}/connect?token=nope`)
    await page.close()
    expect(complaints).toEqual([])
  }, 30_000)
})
