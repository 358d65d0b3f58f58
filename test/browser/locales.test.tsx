import '../../src/styles.css'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  InviteBorrowerButton,
  ReconnectPrompt,
  ReportStatusBadge,
  ReportView,
  REPORT_STATUSES,
} from '../../src/index.js'
import { BANK, SERVICE, chainPerTest, sandboxData } from './locale-chain.js'
import { fill } from '../../src/core/messages.js'
import { es } from '../../src/locales/es.js'
import { frCA } from '../../src/locales/fr-CA.js'
import { expectNoEnglish } from './english-left.js'

// The React components in Spanish and Canadian French, in real Chromium against the real sandbox
// (the whole chain in this page: fetchers, backend, client, sandbox): every text from the locale, none left in English, numbers,
// money and dates written the locale's way, `lang` on each root, and the locale asked of the
// hosted pages.

const REASONS = [
  'reconnect_required',
  'invalid_connection',
  'data_pull_failed',
  'refresh_not_ready',
] as const
const LINK = 'https://service.test/connect?link=lnk_ABC'

const { current, applicantWithReport } = chainPerTest()

// The frames never speak (nothing answers at SERVICE), so each gives up after this. Long enough
// that the frame is still there to be checked on a busy machine; the waits for the error allow it
// five seconds more.
const READY_TIMEOUT_MS = 3000

describe.each([
  ['es', es],
  ['fr-CA', frCA],
])('the components in %s', (code, locale) => {
  const { messages } = locale
  const fetchers = () => current().fetchers

  it('badge: every state, both voices, labels and descriptions', () => {
    const statuses = [...REPORT_STATUSES, 'under_review']
    render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <div data-testid="badges">
          {statuses.map((status) => (
            <p key={status}>
              <ReportStatusBadge status={status} showDescription data-testid={`staff-${status}`} />
              <ReportStatusBadge
                status={status}
                audience="borrower"
                showDescription
                data-testid={`borrower-${status}`}
              />
            </p>
          ))}
        </div>
      </IbvProvider>,
    )
    for (const status of REPORT_STATUSES) {
      const staff = screen.getByTestId(`staff-${status}`)
      expect(staff.lang).toBe(code)
      expect(staff.querySelector('.ibv-badge__label')?.textContent).toBe(
        messages.statusLabels[status],
      )
      expect(staff.querySelector('.ibv-badge__description')?.textContent).toBe(
        messages.statusDescriptions[status],
      )
      expect(
        screen.getByTestId(`borrower-${status}`).querySelector('.ibv-badge__description')
          ?.textContent,
      ).toBe(messages.statusDescriptionsBorrower[status])
    }
    for (const voice of ['staff', 'borrower']) {
      const unknown = screen.getByTestId(`${voice}-under_review`)
      expect(unknown.querySelector('.ibv-badge__label')?.textContent).toBe(messages.unknownStatus)
      expect(unknown.querySelector('.ibv-badge__description')?.textContent).toBe(
        fill(messages.unknownStatusDescription, { status: 'under_review' }),
      )
    }
    expectNoEnglish(screen.getByTestId('badges'), locale, ['under_review'])
  })

  it('reconnect prompt: every reason in both voices', () => {
    render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <div data-testid="prompts">
          {REASONS.map((reason) => (
            <div key={reason}>
              <ReconnectPrompt
                reason={reason}
                connectionLink={LINK}
                institutionName={BANK}
                consumerName="Ada"
              />
              <ReconnectPrompt
                reason={reason}
                connectionLink={LINK}
                audience="borrower"
                onReconnect={() => {}}
              />
              <ReconnectPrompt reason={reason} connectionLink={LINK} />
            </div>
          ))}
        </div>
      </IbvProvider>,
    )
    const regions = screen.getAllByRole('region')
    expect(regions).toHaveLength(12)
    for (const region of regions) expect(region.lang).toBe(code)
    expect(regions[0]!.querySelector('.ibv-reconnect__title')?.textContent).toBe(
      fill(messages.reconnectTitleStaff.reconnect_required, { consumer: 'Ada', institution: BANK }),
    )
    expect(regions[1]!.querySelector('.ibv-reconnect__title')?.textContent).toBe(
      messages.reconnectTitle.reconnect_required,
    )
    expect(regions[2]!.textContent).toContain(messages.theApplicant)
    expectNoEnglish(screen.getByTestId('prompts'), locale, [BANK, 'Ada'])
  })

  it('report view: a sandbox report, its numbers and money the locale’s way', async () => {
    const { report } = await applicantWithReport(`VIEW-${code}`)
    const { container } = render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <ReportView report={report} expandedAccounts={10} />
      </IbvProvider>,
    )
    const view = container.querySelector<HTMLElement>('.ibv-report-view')!
    expect(view.lang).toBe(code)
    const total =
      report.accounts.reduce((sum, account) => sum + Math.round(Number(account.balance) * 100), 0) /
      100
    const money = new Intl.NumberFormat(locale.formats.intl, {
      style: 'currency',
      currency: 'USD',
    }).format(total)
    expect(view.textContent).toContain(money)
    // US dollars as Canadian French writes them: a comma for decimals, the sign after, named.
    if (code === 'fr-CA') expect(money).toMatch(/^[-−]?\d{1,3}(\s\d{3})*,\d{2}\s\$\sUS$/)
    // The dates too, in the service's time: the locale's words, never the ISO text as sent.
    const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`)
    const day = new Intl.DateTimeFormat(locale.formats.intl, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(at(report.reference_date))
    const created = new Intl.DateTimeFormat(locale.formats.intl, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(at(report.created_at))
    const summary = view.querySelector<HTMLElement>('.ibv-report-view__summary')!
    expect(summary.textContent).toContain(day)
    expect(summary.textContent).toContain(created)
    expect(summary.textContent).not.toContain(report.reference_date)
    expect(summary.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expectNoEnglish(view, locale, sandboxData(report))
  })

  it('embedded report: loading, then the error and its "try again"', async () => {
    render(
      <IbvProvider
        fetchers={fetchers()}
        serviceUrl={SERVICE}
        locale={locale}
        readyTimeoutMs={READY_TIMEOUT_MS}
      >
        <EmbeddedReport productRequestId="PR-NONE" data-testid="report" />
      </IbvProvider>,
    )
    const report = screen.getByTestId('report')
    expect(report.lang).toBe(code)
    await waitFor(() => expect(report.textContent).toContain(messages.reportLoading))
    expectNoEnglish(report, locale)
    await waitFor(() => expect(report.textContent).toContain(messages.reportError), {
      timeout: READY_TIMEOUT_MS + 5000,
    })
    expect(within(report).getByRole('button', { name: messages.tryAgain })).toBeVisible()
    expectNoEnglish(report, locale)
  })

  it('connect button and dialog: its texts, and the widget asked for the locale', async () => {
    render(
      <IbvProvider
        fetchers={fetchers()}
        serviceUrl={SERVICE}
        locale={locale}
        readyTimeoutMs={READY_TIMEOUT_MS}
      >
        <ConnectButton consumerId={`CON-${code}`} />
      </IbvProvider>,
    )
    const button = screen.getByRole('button', { name: messages.connectBank })
    expect(button.lang).toBe(code)
    await userEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: messages.connectTitle })
    expect(dialog.lang).toBe(code)
    const frame = within(dialog).getByTitle(messages.connectFrameTitle) as HTMLIFrameElement
    expect(new URL(frame.src).searchParams.get('locale')).toBe(code)
    expect(within(dialog).getByRole('button', { name: messages.close })).toBeVisible()
    await waitFor(
      () => expect(within(dialog).getByRole('alert').textContent).toBe(messages.widgetUnavailable),
      { timeout: READY_TIMEOUT_MS + 5000 },
    )
    expect(within(dialog).getByRole('button', { name: messages.tryAgain })).toBeVisible()
    expectNoEnglish(dialog, locale)
  })

  it('invite button: its texts, the day the link expires and the line saying where it stands, the locale’s way', async () => {
    render(
      <IbvProvider fetchers={fetchers()} serviceUrl={SERVICE} locale={locale}>
        <InviteBorrowerButton
          consumerId={`INV-${code}`}
          consumerName="Ada"
          onSend={() => {}}
          data-testid="invite"
        />
      </IbvProvider>,
    )
    const invite = screen.getByTestId('invite')
    expect(invite.lang).toBe(code)
    expectNoEnglish(invite, locale, ['Ada'])
    await userEvent.click(
      within(invite).getByRole('button', {
        name: fill(messages.inviteCreate, { consumer: 'Ada' }),
      }),
    )
    const time = await within(invite).findByText((_, element) => element?.tagName === 'TIME')
    const expires = new Intl.DateTimeFormat(locale.formats.intl, { dateStyle: 'medium' }).format(
      new Date(time.getAttribute('datetime')!),
    )
    expect(time.textContent).toBe(fill(messages.inviteExpires, { date: expires }))
    expect(within(invite).getByRole('button', { name: messages.inviteCopy })).toBeVisible()
    // Where the invite stands, read from the backend: its day the locale's way.
    const [newest] = await fetchers().invites!(`INV-${code}`)
    const sent = new Intl.DateTimeFormat(locale.formats.intl, { dateStyle: 'medium' }).format(
      new Date(newest!.sent_at),
    )
    await waitFor(() =>
      expect(invite.querySelector('.ibv-invite__state')?.textContent).toBe(
        fill(messages.inviteStates.sent, { date: sent, consumer: 'Ada' }),
      ),
    )
    expectNoEnglish(invite, locale, ['Ada'])
  })
})

describe('the check itself', () => {
  it('finds the English of a component rendered without a locale', () => {
    render(
      <IbvProvider fetchers={current().fetchers} serviceUrl={SERVICE}>
        <ReportStatusBadge status="complete" showDescription data-testid="badge" />
      </IbvProvider>,
    )
    const badge = screen.getByTestId('badge')
    expect(badge.lang).toBe('')
    expect(() => expectNoEnglish(badge, es)).toThrow(/Complete/)
  })
})
