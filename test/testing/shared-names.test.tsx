import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import type { Page } from 'playwright-core'
import { ConnectButton, EmbeddedReport, RefreshReportButton } from '../../src/index.js'
import { createIbvTestEnvironment, ibvState, renderWithIbv } from '../../src/testing/index.js'
import { CONNECT_FRAME_CLASS, REPORT_FRAME_CLASS } from '../../src/core/component-names.js'

// The test kit finds the components by names that core defines once and the components render:
// a component that renders another name is one the kit no longer finds, and these fail.

afterEach(cleanup)

/** Enough of Playwright's `Page` for `ibvState`, over this document. */
const documentPage = {
  locator: (selector: string) => ({
    first: () => ({
      count: async () => (document.querySelector(selector) ? 1 : 0),
      getAttribute: async (name: string) => document.querySelector(selector)?.getAttribute(name),
    }),
  }),
} as unknown as Page

async function report() {
  const env = createIbvTestEnvironment()
  const id = await env.connect('LND-1')
  await env.advance(6)
  renderWithIbv(
    <>
      <EmbeddedReport productRequestId={id} title="Bank report" />
      <RefreshReportButton consumerId="LND-1" />
    </>,
    env,
  )
  return env
}

describe('the names the test kit finds the components by', () => {
  it("the report's frame: the kit speaks for the one <EmbeddedReport> renders, which becomes ready", async () => {
    const env = await report()
    await env.settle()
    const frame = screen.getByTitle('Bank report')
    expect(frame.classList).toContain(REPORT_FRAME_CLASS)
    expect(await ibvState(documentPage, 'embedded-report')).toBe('ready')
    expect(await ibvState(documentPage, 'refresh-report')).toEqual(expect.any(String))
    env.close()
  })

  it("the widget's frame: env.connect completes the one <ConnectButton>'s dialog renders", async () => {
    const env = createIbvTestEnvironment()
    let connected: string | undefined
    renderWithIbv(
      <ConnectButton
        consumerId="LND-1"
        onSuccess={(success) => (connected = success.productRequestId)}
      />,
      env,
    )
    expect(await ibvState(documentPage, 'connect-button')).toBe('idle')
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect your bank' })
    expect(dialog.querySelector('iframe')?.classList).toContain(CONNECT_FRAME_CLASS)
    const id = await env.connect('LND-1')
    expect(connected).toBe(id)
    env.close()
  })

  it("an expired report page: the kit reads the sandbox's attribute by its shared name, and says so", async () => {
    const env = createIbvTestEnvironment({ sandbox: { tokenLifetimes: { embedded: 60 } } })
    const id = await env.connect('LND-1')
    const minted = await env.sandbox.fetch(
      new Request(`${env.serviceUrl}/api/v1/auth/tokens`, {
        method: 'POST',
        headers: { 'x-api-key': env.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ product_request_id: id, type: 'embedded_report_token' }),
      }),
    )
    const token = ((await minted.json()) as { access_token: string }).access_token
    await env.advance(120)
    const frame = document.createElement('iframe')
    frame.className = REPORT_FRAME_CLASS
    frame.src = `${env.serviceUrl}/portal/embeddable_reports?token=${encodeURIComponent(token)}`
    document.body.append(frame)
    const heard: unknown[] = []
    const listen = (event: MessageEvent) => heard.push(event.data)
    window.addEventListener('message', listen)
    await env.settle()
    window.removeEventListener('message', listen)
    frame.remove()
    expect(heard).toEqual([{ type: 'ibv:ready' }, { type: 'ibv:token_expired' }])
    env.close()
  })
})
