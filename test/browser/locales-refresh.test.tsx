import '../../src/styles.css'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { IbvProvider, RefreshReportButton } from '../../src/index.js'
import { fill } from '../../src/core/messages.js'
import { serviceTime } from '../../src/core/service-time.js'
import type { IbvLocale } from '../../src/core/locale.js'
import { es } from '../../src/locales/es.js'
import { frCA } from '../../src/locales/fr-CA.js'
import { expectNoEnglish } from './english-left.js'
import { BANK, SERVICE, chainPerTest } from './locale-chain.js'

// <RefreshReportButton>'s outcomes in Spanish and Canadian French, against the sandbox in the page:
// the reason it is disabled, the 24-hour rule with its dates written the locale's way, an unknown
// applicant, a broken connection (its reconnect prompt) and a failed refresh; no English left.

const { current, applicantWithReport } = chainPerTest()

/**
 * The day of a service report's `created_at`, as the locale writes it, in the service's clock, as
 * the 24-hour rule writes it: with the day of the week.
 */
const serviceDay = (locale: IbvLocale, createdAt: string) =>
  new Intl.DateTimeFormat(locale.formats.intl, {
    weekday: 'long',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(serviceTime(createdAt))

/** The button as a lender's page uses it: the applicant's latest request, the one a refresh started. */
function Latest({ consumerId, first }: { consumerId: string; first: string }) {
  const [latest, setLatest] = useState(first)
  return (
    <RefreshReportButton
      consumerId={consumerId}
      productRequestId={latest}
      onRefreshed={setLatest}
      data-testid="refresh"
    />
  )
}

describe.each([
  ['es', es],
  ['fr-CA', frCA],
])('refresh outcomes in %s', (code, locale) => {
  const { messages } = locale
  const fetchers = () => current().fetchers

  it('refresh: preparing, the 24-hour rule with dates the locale’s way, an unknown applicant', async () => {
    const { productRequestId, report } = await applicantWithReport(`LOC-${code}`)
    const { sandbox } = current()
    render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <Latest consumerId={`LOC-${code}`} first={productRequestId} />
        <RefreshReportButton consumerId="NOBODY" data-testid="nobody" />
      </IbvProvider>,
    )
    const refresh = screen.getByTestId('refresh')
    expect(refresh.lang).toBe(code)
    const button = within(refresh).getByRole('button', { name: messages.refreshReport })
    await userEvent.click(button)
    await waitFor(() => expect(refresh.textContent).toContain(messages.refreshPreparing), {
      timeout: 5000,
    })
    expectNoEnglish(refresh, locale)

    // The new report is done; a second refresh within 24 hours says when, in the locale's dates.
    await sandbox.advance(6)
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 })
    await sandbox.advance(60)
    await userEvent.click(button)
    await waitFor(() => expect(refresh.dataset.state).toBe('refresh_not_ready'), { timeout: 5000 })
    const text = refresh.textContent ?? ''
    // The date of the refresh's own report: its created_at, a few seconds after the first's.
    expect(text).toMatch(
      new RegExp(
        messages.refreshNotReadyAt.split(/\{\w+\}/)[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      ),
    )
    expect(text).toContain(messages.serviceClock)
    expect(text).toContain(messages.serviceClockHint)
    expect(text).toContain(serviceDay(locale, report.created_at))
    expect(text).toMatch(code === 'fr-CA' ? /\d{1,2}\sh\s\d{2}/ : /\d{1,2}:\d{2}\s[ap]\.\s?m\./)
    expectNoEnglish(refresh, locale)

    const nobody = screen.getByTestId('nobody')
    await userEvent.click(within(nobody).getByRole('button', { name: messages.refreshReport }))
    await waitFor(() => expect(nobody.textContent).toContain(messages.refreshConsumerNotFound))
    expectNoEnglish(nobody, locale)
  })

  it('refresh: a broken connection (the reconnect prompt) and a refresh that failed', async () => {
    const { control } = current()
    const broken = await applicantWithReport(`BRK-${code}`)
    const failing = await applicantWithReport(`FLD-${code}`)
    await control(`/sandbox/consumers/BRK-${code}/next_refresh`, { outcome: 'invalid_connection' })
    await control(`/sandbox/consumers/FLD-${code}/next_refresh`, { outcome: 'refresh_failed' })
    render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <RefreshReportButton
          consumerId={`BRK-${code}`}
          productRequestId={broken.productRequestId}
          consumerName="Ada"
          data-testid="broken"
        />
        <RefreshReportButton
          consumerId={`FLD-${code}`}
          productRequestId={failing.productRequestId}
          data-testid="failing"
        />
      </IbvProvider>,
    )
    const brokenButton = screen.getByTestId('broken')
    await userEvent.click(
      within(brokenButton).getByRole('button', { name: messages.refreshReport }),
    )
    const prompt = await within(brokenButton).findByRole('region', {}, { timeout: 5000 })
    expect(prompt.querySelector('.ibv-reconnect__title')?.textContent).toBe(
      fill(messages.reconnectTitleStaff.invalid_connection, { consumer: 'Ada', institution: BANK }),
    )
    expectNoEnglish(brokenButton, locale, [BANK, 'Ada'])
    const failingButton = screen.getByTestId('failing')
    await userEvent.click(
      within(failingButton).getByRole('button', { name: messages.refreshReport }),
    )
    await waitFor(() => expect(failingButton.textContent).toContain(messages.refreshFailed), {
      timeout: 5000,
    })
    expectNoEnglish(failingButton, locale)
  })
})
