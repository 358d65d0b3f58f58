import '../../src/styles.css'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { cdp, page, userEvent } from 'vitest/browser'
import {
  EmbeddedReport,
  IbvProvider,
  RefreshReportButton,
  ReportView,
  createBackendFetchers,
  useReportWhileRefreshing,
} from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/clock.js'
import { createSandbox } from '../../src/sandbox/sandbox.js'
import { createIbvBackend } from '../../src/server/backend.js'
import { createIbvClient } from '../../src/server/client.js'

// The refresh states a loan officer meets, in real Chromium: the button disabled with its reason
// while a refresh runs, the last report kept (labelled) and then swapped, or kept beside the
// failure; the 24-hour rule in the service's time; the reconnect case naming the bank.

// The sandbox and backend mounted on the test server (the hosted report needs its pages).
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()
const advance = (seconds: number) => control('/sandbox/clock/advance', { seconds })

async function applicantWithReport(): Promise<{ consumerId: string; productRequestId: string }> {
  const consumerId = `RF-${crypto.randomUUID().slice(0, 8)}`
  const created = await control('/sandbox/product_requests', {
    consumer_id: consumerId,
    institution: 'Quokka Savings & Loan',
    accounts: 1,
  })
  await advance(6)
  return { consumerId, productRequestId: created.product_request_id }
}

/** The officer's page as a lender writes it: the button, then the report, kept while refreshed. */
function Applicant({
  consumerId,
  first,
  view,
}: {
  consumerId: string
  first: string
  view: 'hosted' | 'native'
}) {
  const [ids, setIds] = useState({ latest: first, previous: undefined as string | undefined })
  const shown = useReportWhileRefreshing(ids.latest, { previousProductRequestId: ids.previous })
  return (
    <>
      <RefreshReportButton
        consumerId={consumerId}
        productRequestId={ids.latest}
        consumerName="Ada"
        onRefreshed={(id) => setIds((now) => ({ latest: id, previous: now.latest }))}
        data-testid="refresh"
      />
      {shown.report &&
        (view === 'hosted' ? (
          <EmbeddedReport
            productRequestId={shown.productRequestId}
            refreshing={shown}
            data-testid="report"
          />
        ) : (
          <ReportView report={shown.report} refreshing={shown} data-testid="report" />
        ))}
    </>
  )
}

function mountApplicant(consumerId: string, first: string, view: 'hosted' | 'native') {
  return render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <Applicant consumerId={consumerId} first={first} view={view} />
    </IbvProvider>,
  )
}

const frames = () =>
  Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'))
const refreshButton = () => screen.getByRole('button', { name: 'Refresh report' })
const label = () => document.querySelector<HTMLElement>('.ibv-report-refresh')

async function shoot(name: string) {
  if (!import.meta.env.VITE_REFRESH_SCREENS) return
  for (const scheme of ['light', 'dark'] as const) {
    await cdp().send('Emulation.setEmulatedMedia', {
      media: '',
      features: [{ name: 'prefers-color-scheme', value: scheme }],
    })
    for (const width of [390, 1280]) {
      await page.viewport(width, 900)
      await page.screenshot({
        path: `__screenshots__/refresh-states.test.tsx/${name}-${scheme}-${width}.png`,
      })
    }
  }
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
}

afterEach(async () => {
  await page.viewport(1280, 900)
})

describe('refresh states in Chromium', () => {
  it('hosted: disabled with its reason while the refresh runs; the old report kept, labelled, then swapped', async () => {
    const { consumerId, productRequestId: first } = await applicantWithReport()
    mountApplicant(consumerId, first, 'hosted')
    await waitFor(() => expect(frames()[0]?.contentDocument?.body?.textContent).toContain(first), {
      timeout: 8000,
    })
    const shownBefore = frames()[0]!
    await userEvent.click(refreshButton())

    // The new report is being prepared: the button is disabled and says why, in text.
    // (Disabled at once while the request is in flight; then for the reason shown.)
    const reason = await waitFor(() =>
      within(screen.getByTestId('refresh')).getByText(
        'A new report is being prepared. Refresh is possible again once it is ready.',
      ),
    )
    expect(reason).toBeVisible()
    expect(refreshButton()).toBeDisabled()
    expect(refreshButton().getAttribute('aria-describedby')).toBe(reason.id)
    // The report being read stays, the same document, labelled with its date.
    await waitFor(() =>
      expect(label()?.textContent).toMatch(
        /^Report of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(verification service time\) — a new report is being prepared$/,
      ),
    )
    expect(frames()[0]).toBe(shownBefore)
    expect(frames()[0]!.contentDocument?.body?.textContent).toContain(first)
    // Its tooltip says what the service's time is.
    expect(label()?.title).toBe(
      'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
    )
    await shoot('hosted-preparing')

    // Complete: the new document loads behind the old one and replaces it; never a blank.
    let blank = false
    const watch = new MutationObserver(() => {
      if (!frames().some((frame) => frame.style.visibility !== 'hidden')) blank = true
    })
    watch.observe(screen.getByTestId('report'), {
      childList: true,
      subtree: true,
      attributes: true,
    })
    await advance(6)
    await waitFor(() => expect(frames()).toHaveLength(1), { timeout: 10_000 })
    await waitFor(
      () => expect(frames()[0]!.contentDocument?.body?.textContent).not.toContain(first),
      { timeout: 10_000 },
    )
    watch.disconnect()
    expect(blank).toBe(false)
    expect(label()?.textContent).toMatch(
      /^Report of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(verification service time\)$/,
    )
    await waitFor(() => expect(refreshButton()).toBeEnabled())
  })

  it('native: the old report stays, with the failure beside it, when the new one fails', async () => {
    const { consumerId, productRequestId: first } = await applicantWithReport()
    await control(`/sandbox/consumers/${consumerId}/next_refresh`, { outcome: 'generation_failed' })
    mountApplicant(consumerId, first, 'native')
    await waitFor(() => expect(screen.getByTestId('report').textContent).toContain(first), {
      timeout: 8000,
    })
    await userEvent.click(refreshButton())
    await waitFor(() => expect(label()?.textContent).toMatch(/— a new report is being prepared$/))
    await advance(6)
    await waitFor(() => expect(label()?.dataset.state).toBe('failed'), { timeout: 10_000 })
    expect(label()?.textContent).toMatch(
      /^Report of .+ — the new report could not be prepared\. The report could not be generated from the bank data\.$/,
    )
    expect(screen.getByTestId('report').textContent).toContain(first)
    // A failed report is final: the officer may refresh again.
    expect(refreshButton()).toBeEnabled()
    await shoot('native-failed')
  })
})

/**
 * The whole chain in this page (fetchers → backend → client → sandbox), with a sandbox clock that
 * moves only when told: the service's time, not the browser's.
 */
const SERVICE = 'https://service.test'
function createChain() {
  const sandbox = createSandbox({ serviceUrl: SERVICE, clock: createManualClock() })
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: SERVICE, fetch: sandbox.fetch }),
    authorize: () => true,
    verifyWebhook: () => true,
  })
  const fetchers = createBackendFetchers('/api/ibv', {
    fetch: (input, init) =>
      backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init)),
  })
  const control = async (path: string, body: unknown) =>
    (await (
      await sandbox.fetch(
        new Request(`${SERVICE}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    ).json()) as Record<string, string>
  return { sandbox, fetchers, control }
}

describe('the 24-hour rule and the reconnect case, against a sandbox whose clock is not the browser’s', () => {
  it('states the 24-hour rule in the service’s time, read from the last report', async () => {
    // The service's clock: 2026-01-01 09:00 UTC, then 3 days and 5 h 30 min on; the browser's is today.
    const chain = createChain()
    await chain.sandbox.advance(3 * 86_400 + 5.5 * 3600)
    await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-42',
      institution: 'Platypus Bank',
    })
    await chain.sandbox.advance(6)
    const refreshed = await chain.fetchers.refresh?.('LND-42')
    expect(refreshed?.kind).toBe('submitted')
    await chain.sandbox.advance(60)
    // The page gives the applicant's latest request: the one that refresh started.
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton
          consumerId="LND-42"
          productRequestId={refreshed?.kind === 'submitted' ? refreshed.productRequestId : ''}
          data-testid="refresh"
        />
      </IbvProvider>,
    )
    await userEvent.click(refreshButton())
    // The refresh's own report was created at 14:30:06 on Jan 4 (service time): from 14:31, not a
    // minute early; each time with its day, so the next day does not read as the same one.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Reports can be refreshed once every 24 hours. The last report dates from Sunday, Jan 4, 2026, 2:30 PM, so the next refresh is possible from Monday, Jan 5, 2026, 2:31 PM (verification service time).',
      ),
    )
    // What that time is, in words under it.
    expect(
      screen.getByText(
        'Verification service time is the clock of the service that makes the reports. It may differ from your time zone.',
      ),
    ).toBeVisible()
    expect(screen.getByTestId('refresh').textContent).not.toMatch(/reconnect/i)
    // Refused, the button is nobody's next step: outlined, no longer filled as the primary action,
    // and still there to try again later.
    const look = getComputedStyle(refreshButton())
    expect(look.backgroundColor).not.toBe(look.borderColor)
    expect(look.color).toBe(look.borderColor)
    expect(refreshButton()).toBeEnabled()
    expect(screen.queryByRole('region')).toBeNull()
    await shoot('not-ready-24h')
  })

  it('after a failed refresh, states the limit without a date: the window runs from that refresh, not the last report', async () => {
    const chain = createChain()
    const first = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-51',
      institution: 'Platypus Bank',
    })
    await chain.sandbox.advance(6)
    await chain.sandbox.advance(86_400)
    await chain.control('/sandbox/consumers/LND-51/next_refresh', { outcome: 'generation_failed' })
    /** The page keeps the applicant's latest request, as a lender's page does. */
    function Page() {
      const [latest, setLatest] = useState(first.product_request_id)
      return (
        <RefreshReportButton
          consumerId="LND-51"
          productRequestId={latest}
          onRefreshed={setLatest}
          data-testid="refresh"
        />
      )
    }
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <Page />
      </IbvProvider>,
    )
    await waitFor(() => expect(refreshButton()).toBeEnabled())
    await userEvent.click(refreshButton())
    await waitFor(() => expect(refreshButton()).toBeDisabled())
    // The new report fails; the refresh that started it counts for the 24 hours all the same.
    await chain.sandbox.advance(6)
    await waitFor(() => expect(refreshButton()).toBeEnabled(), { timeout: 10_000 })
    await chain.sandbox.advance(600)
    await userEvent.click(refreshButton())
    await waitFor(() =>
      expect(screen.getByTestId('refresh').dataset.state).toBe('refresh_not_ready'),
    )
    // The last complete report is of Jan 1, 9:00; the service refuses until Jan 3, 9:00.
    expect(screen.getByTestId('refresh').textContent).toContain(
      'The report was refreshed in the last 24 hours. Reports can be refreshed once every 24 hours: try again later.',
    )
    expect(screen.getByTestId('refresh').textContent).not.toMatch(/possible from|Jan 2/)
  })

  it('disabled while the report waits for a reconnect, with the prompt naming the bank', async () => {
    const chain = createChain()
    const created = await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-7',
      institution: 'Harbour National Bank',
      outcome: 'reconnect_required',
    })
    await chain.sandbox.advance(6)
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton
          consumerId="LND-7"
          productRequestId={created.product_request_id}
          institutionName="Harbour National Bank"
          consumerName="Ada"
          data-testid="refresh"
        />
      </IbvProvider>,
    )
    await waitFor(() => expect(refreshButton()).toBeDisabled())
    expect(
      screen.getByText('Refresh is possible once Ada has reconnected Harbour National Bank.'),
    ).toBeVisible()
    expect(
      screen.getByRole('region', { name: 'Ask Ada to reconnect Harbour National Bank' }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await shoot('needs-reconnect')
  })

  it('invalid connection: the prompt names the bank of the report being refreshed', async () => {
    const chain = createChain()
    await chain.control('/sandbox/product_requests', {
      consumer_id: 'LND-9',
      institution: 'First Wombat Credit Union',
    })
    await chain.sandbox.advance(6)
    await chain.control('/sandbox/consumers/LND-9/next_refresh', { outcome: 'invalid_connection' })
    render(
      <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
        <RefreshReportButton consumerId="LND-9" consumerName="Ada" data-testid="refresh" />
      </IbvProvider>,
    )
    await userEvent.click(refreshButton())
    await waitFor(() =>
      expect(
        screen.getByRole('region', {
          name: 'The connection to First Wombat Credit Union stopped working',
        }),
      ).toBeVisible(),
    )
  })
})
