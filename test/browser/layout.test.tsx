import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { page } from 'vitest/browser'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  ReconnectPrompt,
  RefreshReportButton,
  ReportStatusBadge,
  ReportView,
  REPORT_STATUSES,
  createBackendFetchers,
  type IbvReport,
} from '../../src/index.js'
import { mountInHost, resetHost, type HostName, type Scheme } from './host-css.js'

// Every component laid out by Chromium inside a create-vite app's stylesheet (test/browser/
// host-css.ts), on a phone (320 px) and a desktop (1280 px), light and dark: nothing wider than
// the viewport, text starts at the start, buttons as wide as their text, and nothing moves when
// a status or an outcome changes. With VITE_LAYOUT_SCREENS=1 each case is also a picture under
// __screenshots__/layout.test.tsx/ (not kept in git: the sandbox's ids change every run).

const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

const WIDTHS = [320, 1280] as const
const SCHEMES: Scheme[] = ['light', 'dark']
const HOSTS: HostName[] = ['create-vite', 'create-vite-classic']
const cases = HOSTS.flatMap((host) =>
  WIDTHS.flatMap((width) => SCHEMES.map((scheme) => ({ host, width, scheme }))),
)

const LONG_LABEL = 'Überprüfung der Bankverbindung läuft noch' // 41 characters

afterEach(resetHost)

function withProvider(children: React.ReactNode) {
  return (
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      {children}
    </IbvProvider>
  )
}

async function snapshot(name: string) {
  if (!import.meta.env.VITE_LAYOUT_SCREENS) return
  await page.screenshot({ path: `__screenshots__/layout.test.tsx/${name}.png` })
}

/** Nothing on the page, nor in `elements`, is wider than the viewport or its own box. */
function expectNoOverflow(...elements: Element[]) {
  expect(document.documentElement.scrollWidth, 'page scroll width').toBeLessThanOrEqual(
    window.innerWidth,
  )
  for (const element of elements) {
    const rect = element.getBoundingClientRect()
    expect(rect.left, `${element.className} left edge`).toBeGreaterThanOrEqual(-0.5)
    expect(rect.right, `${element.className} right edge`).toBeLessThanOrEqual(
      window.innerWidth + 0.5,
    )
    if (element instanceof HTMLElement && getComputedStyle(element).overflowX !== 'visible')
      continue // scrolls or clips on purpose
    expect(element.scrollWidth, `${element.className} scroll width`).toBeLessThanOrEqual(
      element.clientWidth + 1,
    )
  }
}

function expectStartAligned(element: Element) {
  expect(['start', 'left'], `${element.className} text-align`).toContain(
    getComputedStyle(element).textAlign,
  )
}

/** A button as wide as its text and padding (not stretched to its container), on one line or wrapped inside itself. */
function expectHugsContent(button: HTMLElement) {
  const range = document.createRange()
  range.selectNodeContents(button)
  const text = range.getBoundingClientRect()
  const style = getComputedStyle(button)
  const frame = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
    (sum, key) => sum + parseFloat(style[key as 'paddingLeft']),
    0,
  )
  const width = button.getBoundingClientRect().width
  // Text that wraps inside the button leaves it as wide as the room it had: no wider than that.
  const room = button.parentElement!.clientWidth
  expect(width, `${button.textContent} button width`).toBeLessThanOrEqual(
    range.getClientRects().length > 1 ? room : text.width + frame + 2,
  )
}

/** The start edge of `element` in #root (the classic host centres #root itself, which may move). */
const startEdge = (element: Element) =>
  element.getBoundingClientRect().left -
  document.getElementById('root')!.getBoundingClientRect().left
const lines = (element: Element) =>
  Math.round(
    element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
  )

describe.each(cases)('in $host at $width px, $scheme', ({ host, width, scheme }) => {
  const name = (what: string) => `${what}-${host}-${width}-${scheme}`

  it('badges: every status on one line, a long label kept inside, the start edge still as the status changes', async () => {
    const statuses = [...REPORT_STATUSES, 'something_new']
    const { rerender } = await mountInHost(
      <>
        <ReportStatusBadge status="ibv_data_acquire_in_process" data-testid="moving" />
        <ul data-testid="list">
          {statuses.map((status) => (
            <li key={status}>
              <ReportStatusBadge status={status} />
            </li>
          ))}
          <li>
            <ReportStatusBadge
              status="initiated"
              labels={{ initiated: LONG_LABEL }}
              data-testid="long"
            />
          </li>
        </ul>
      </>,
      { host, width, scheme },
    )
    const badges = Array.from(document.querySelectorAll('.ibv-badge'))
    expectNoOverflow(...badges)
    for (const badge of badges) {
      expect(lines(badge.querySelector('.ibv-badge__label')!), `${badge.textContent} lines`).toBe(1)
      expectStartAligned(badge)
    }
    const long = screen.getByTestId('long')
    expect(long.querySelector('.ibv-badge__label')?.textContent).toBe(LONG_LABEL) // all of it, for screen readers
    await snapshot(name('badges'))

    // A badge placed straight in the host's #root: not stretched, and in the current template's
    // flex column its start edge fixed as its label changes. (The classic #root centres inline
    // content: there a badge in a line of its own is centred, as the host asks.)
    const moving = screen.getByTestId('moving')
    if (host === 'create-vite-classic') return
    const edge = startEdge(moving)
    expect(moving.getBoundingClientRect().width).toBeLessThan(
      document.getElementById('root')!.clientWidth - 40,
    )
    for (const status of statuses) {
      rerender(<ReportStatusBadge status={status} data-testid="moving" />)
      expect(startEdge(screen.getByTestId('moving')), status).toBeCloseTo(edge, 0)
    }
  })

  it('badge inline in text and in a row of our own components keeps its start edge', async () => {
    const row = (status: string) => (
      <div style={{ textAlign: 'start' }}>
        <p data-testid="inline">
          Report status: <ReportStatusBadge status={status} />
        </p>
        <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
          <strong style={{ flex: 'none' }}>Ada Lovelace</strong>
          <ReportStatusBadge status={status} showDescription data-testid="described" />
        </div>
      </div>
    )
    const { rerender } = await mountInHost(row('initiated'), { host, width, scheme })
    // In running text on a phone a longer label may take the next line, as any word would: there
    // only the badge in the row is held to its place.
    const held = () =>
      Array.from(document.querySelectorAll('.ibv-badge')).slice(width < 400 ? 1 : 0)
    const edges = () => held().map(startEdge)
    const before = edges()
    for (const status of REPORT_STATUSES) {
      rerender(row(status))
      expect(edges(), status).toEqual(before)
      expectNoOverflow(...document.querySelectorAll('.ibv-badge'))
      // A visible description is read, not cut: neither it nor the label ends in an ellipsis.
      for (const part of screen
        .getByTestId('described')
        .querySelectorAll<HTMLElement>('.ibv-badge__label, .ibv-badge__description')) {
        expect(part.scrollWidth, `${status}: ${part.className}`).toBeLessThanOrEqual(
          part.clientWidth,
        )
      }
    }
    await snapshot(name('badge-described'))
  })

  it('<ReconnectPrompt>: start-aligned, its button as wide as its text, inside the viewport', async () => {
    await mountInHost(
      withProvider(
        <>
          <ReconnectPrompt
            reason="invalid_connection"
            institutionName="First Platypus Bank of Extremely Long Names"
            connectionLink="https://example.com/connect/abc"
            consumerName="Ada"
          />
          <ReconnectPrompt
            audience="borrower"
            reason="data_pull_failed"
            institutionName="First Platypus Bank"
            connectionLink="https://example.com/connect/abc"
            onReconnect={() => {}}
          />
        </>,
      ),
      { host, width, scheme },
    )
    const prompts = Array.from(document.querySelectorAll('.ibv-reconnect'))
    expect(prompts).toHaveLength(2)
    expectNoOverflow(
      ...prompts,
      ...document.querySelectorAll('.ibv-reconnect .ibv-button, .ibv-reconnect a'),
    )
    prompts.forEach(expectStartAligned)
    document.querySelectorAll<HTMLElement>('.ibv-reconnect .ibv-button').forEach(expectHugsContent)
    await snapshot(name('reconnect'))
  })

  it('<EmbeddedReport>: loading, ready with the real portal, and an error, inside the viewport', async () => {
    const created = await control('/sandbox/product_requests', {
      consumer_id: `LAY-${crypto.randomUUID()}`,
      accounts: 2,
    })
    await control('/sandbox/clock/advance', { seconds: 6 })
    await mountInHost(
      withProvider(
        <>
          <EmbeddedReport productRequestId={created.product_request_id} data-testid="ready" />
          <EmbeddedReport productRequestId="PR-does-not-exist" data-testid="failed" />
        </>,
      ),
      { host, width, scheme },
    )
    const ready = screen.getByTestId('ready')
    expect(ready.dataset.state).toBe('loading')
    expectNoOverflow(ready)
    expectStartAligned(ready)
    await waitFor(() => expect(ready.dataset.state).toBe('ready'), { timeout: 8000 })
    const failed = screen.getByTestId('failed')
    await waitFor(() => expect(failed.dataset.state).toBe('error'), { timeout: 8000 })
    expectNoOverflow(
      ready,
      failed,
      ...failed.querySelectorAll('.ibv-embedded-report__error, .ibv-button'),
    )
    expectStartAligned(failed)
    expectHugsContent(failed.querySelector<HTMLElement>('.ibv-button')!)
    await waitFor(() =>
      expect(ready.querySelector('iframe')?.contentDocument?.body?.textContent).toContain(
        created.product_request_id,
      ),
    )
    const inner = ready.querySelector('iframe')!.contentDocument!.documentElement
    expect(inner.scrollWidth, 'portal page scroll width').toBeLessThanOrEqual(inner.clientWidth)
    await snapshot(name('embedded-report'))
  })

  it('<ConnectButton> and its dialog open: the button hugs its text, the dialog and its widget page fit', async () => {
    const consumerId = `LAY-${crypto.randomUUID()}`
    await mountInHost(withProvider(<ConnectButton consumerId={consumerId} />), {
      host,
      width,
      scheme,
    })
    const button = screen.getByRole('button', { name: /connect/i })
    expectHugsContent(button)
    expectNoOverflow(button)
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog')
    const frame = dialog.querySelector('iframe')!
    await waitFor(() => expect(frame.contentDocument?.querySelector('form')).toBeTruthy(), {
      timeout: 8000,
    })
    expectNoOverflow(dialog)
    expectStartAligned(dialog)
    const close = dialog.querySelector<HTMLElement>('.ibv-connect-dialog__close')!
    expect(close.getBoundingClientRect().width).toBeLessThanOrEqual(48)
    const inner = frame.contentDocument!.documentElement
    expect(inner.scrollWidth, 'widget page scroll width').toBeLessThanOrEqual(inner.clientWidth)
    await snapshot(name('connect-dialog'))
  })

  it.each([
    'submitted',
    'refresh_not_ready',
    'invalid_connection',
    'data_pull_failed',
    'refresh_failed',
    'consumer_not_found',
  ])('<RefreshReportButton> stays where it was when the %s outcome appears', async (outcome) => {
    const created = await control('/sandbox/product_requests', {
      consumer_id: `LAY-${crypto.randomUUID()}`,
    })
    await control('/sandbox/clock/advance', { seconds: 6 })
    const consumerId =
      outcome === 'consumer_not_found' ? `LAY-missing-${crypto.randomUUID()}` : created.consumer_id
    if (outcome === 'refresh_not_ready') {
      // A first refresh went through, and its report is made (the sandbox's clock moved on, not
      // the test's): the one the button asks for is too soon.
      await control(`/api/v1/ibv/requests/refresh/${consumerId}`, {})
      await control('/sandbox/clock/advance', { seconds: 6 })
    } else if (outcome !== 'consumer_not_found') {
      await control(`/sandbox/consumers/${consumerId}/next_refresh`, { outcome })
    }
    // As a lender's action row has it: another button first, the refresh button after it.
    await mountInHost(
      withProvider(
        <div
          data-testid="row"
          style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'flex-start' }}
        >
          <button type="button" className="ibv-button">
            Connect bank
          </button>
          <RefreshReportButton consumerId={consumerId} data-testid="refresh" />
        </div>,
      ),
      { host, width, scheme },
    )
    const root = screen.getByTestId('refresh')
    const button = root.querySelector<HTMLElement>('.ibv-button')!
    expectStartAligned(root)
    expectHugsContent(button)
    // Where the button is in the row (the classic host centres #root in the window, so the
    // whole row moves up as it grows: the host's doing, not ours).
    const row = screen.getByTestId('row')
    const place = () => {
      const [a, b] = [button.getBoundingClientRect(), row.getBoundingClientRect()]
      return { left: a.left - b.left, top: a.top - b.top, width: a.width, height: a.height }
    }
    const before = place()
    fireEvent.click(button)
    await waitFor(() => expect(root.dataset.state).toBe(outcome), { timeout: 8000 })
    expect(root.querySelector('[role=status], [role=alert], .ibv-reconnect')).toBeTruthy()
    expect(place()).toEqual(before)
    expectNoOverflow(
      root,
      ...root.querySelectorAll('.ibv-button, .ibv-refresh__message, .ibv-reconnect'),
    )
    await snapshot(name(`refresh-${outcome}`))
  })

  it('<ReportView> fits', async () => {
    const created = await control('/sandbox/product_requests', {
      consumer_id: `LAY-${crypto.randomUUID()}`,
      accounts: 2,
    })
    await control('/sandbox/clock/advance', { seconds: 6 })
    const answer = await createBackendFetchers('/api/ibv').report(created.product_request_id)
    if (answer.kind !== 'ready') throw new Error('not ready')
    await mountInHost(<ReportView report={answer.report as IbvReport} />, { host, width, scheme })
    const article = screen.getByRole('article')
    expectNoOverflow(article)
    expectStartAligned(article)
    await snapshot(name('report-view'))
  })
})

describe('colour scheme follows the host, not the OS', () => {
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/[\d.]+/g)!.map(Number)
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }

  it('a light-only host on a dark OS: dark text on light', async () => {
    await mountInHost(
      withProvider(
        <ReconnectPrompt
          reason="invalid_connection"
          connectionLink="https://example.com/c"
          data-testid="prompt"
        />,
      ),
      { host: 'light-only', scheme: 'dark' },
    )
    const prompt = screen.getByTestId('prompt')
    expect(luminance(getComputedStyle(prompt).color)).toBeLessThan(100)
    expect(luminance(getComputedStyle(prompt).backgroundColor)).toBeGreaterThan(200)
  })

  it('a `color-scheme: light dark` host on a dark OS: the dark theme', async () => {
    await mountInHost(
      withProvider(
        <ReconnectPrompt
          reason="invalid_connection"
          connectionLink="https://example.com/c"
          data-testid="prompt"
        />,
      ),
      { host: 'create-vite', scheme: 'dark' },
    )
    const prompt = screen.getByTestId('prompt')
    expect(luminance(getComputedStyle(prompt).color)).toBeGreaterThan(180)
    expect(luminance(getComputedStyle(prompt).backgroundColor)).toBeLessThan(60)
  })

  it('a wrapper with `color-scheme: light` forces light inside a dark host', async () => {
    await mountInHost(
      <div style={{ colorScheme: 'light' }}>
        <ReportStatusBadge status="complete" data-testid="badge" />
      </div>,
      { host: 'create-vite', scheme: 'dark' },
    )
    expect(getComputedStyle(screen.getByTestId('badge')).color).toBe('rgb(20, 108, 67)')
  })
})
