import '../../src/styles.css'
import { describe, expect, it } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { EmbeddedReport, IbvProvider, createBackendFetchers } from '../../src/index.js'

// The stylesheet's frame, in real Chromium with the real portal (the sandbox and a backend on the
// test server): the frame takes the page's height, which its border must not eat into, and follows
// it down as well as up.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

/** A ready report of three accounts, in a box `width` px wide; resolves to the frame once shown. */
async function shownReport(width: number) {
  const created = await control('/sandbox/product_requests', {
    consumer_id: `BR-${crypto.randomUUID()}`,
    accounts: 3,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  render(
    <div style={{ width }} data-testid="box">
      <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
        <EmbeddedReport productRequestId={created.product_request_id} />
      </IbvProvider>
    </div>,
  )
  return waitFor(
    () => {
      const shown = document.querySelector<HTMLIFrameElement>('iframe.ibv-embedded-report__frame')
      if (!shown?.style.height.endsWith('px') || shown.style.visibility)
        throw new Error('The report is not shown yet.')
      return shown
    },
    { timeout: 5000 },
  )
}

describe('<EmbeddedReport> with the stylesheet', () => {
  it('shows the whole report inside its border: nothing to scroll in the frame', async () => {
    const iframe = await shownReport(800)
    const page = iframe.contentDocument!.documentElement
    // Before, the frame's 1 px border sat inside the page's height: 2 px to scroll, and a scrollbar
    // wherever the system shows them (Firefox and WebKit here, Chrome on Windows).
    await waitFor(() => expect(page.scrollHeight).toBe(page.clientHeight))
    expect(page.scrollWidth).toBe(page.clientWidth)
    expect(iframe.getBoundingClientRect().height).toBe(page.scrollHeight)
  })

  it('grows when the report reflows narrower, and shrinks back when it is wide again: no blank space below', async () => {
    const iframe = await shownReport(800)
    const height = () => iframe.getBoundingClientRect().height
    await waitFor(() => expect(height()).toBeGreaterThan(320))
    const wide = height()
    const box = document.querySelector<HTMLElement>('[data-testid="box"]')!
    box.style.width = '260px'
    await waitFor(() => expect(height()).toBeGreaterThan(wide + 100))
    box.style.width = '800px'
    // A page that measured itself as at least its frame's height never came back down.
    await waitFor(() => expect(height()).toBe(wide))
  })
})
