import { describe, expect, it } from 'vitest'
import { createRef } from 'react'
import { render, screen } from '@testing-library/react'
import {
  IbvProvider,
  REPORT_STATUSES,
  ReportStatusBadge,
  defaultMessages,
  describeStatus,
} from '../../src/index.js'

const fetchers = { token: async () => ({ access_token: 't', expires_in: 60 }) }

describe('<ReportStatusBadge>', () => {
  it.each(REPORT_STATUSES)(
    'shows %s with its label, tone and a description for screen readers',
    (status) => {
      const { container } = render(<ReportStatusBadge status={status} />)
      const badge = container.firstElementChild as HTMLElement
      const description = describeStatus(status)
      expect(badge.textContent).toContain(description.label)
      expect(badge.dataset.status).toBe(status)
      // The prop is not passed on as an HTML attribute (`status` is no attribute of a span).
      expect(badge.hasAttribute('status')).toBe(false)
      expect(badge.dataset.tone).toBe(description.tone)
      expect(badge.dataset.known).toBe('true')
      const describedBy = document.getElementById(badge.getAttribute('aria-describedby') ?? '')
      expect(describedBy?.textContent).toBe(description.description)
      expect(describedBy?.className).toBe('ibv-visually-hidden')
    },
  )

  it('shows an unknown status as unknown, keeping the raw value', () => {
    const { container } = render(<ReportStatusBadge status="under_review" />)
    const badge = container.firstElementChild as HTMLElement
    expect(badge.querySelector('.ibv-badge__label')?.textContent).toBe('Unknown status')
    expect(badge.dataset.status).toBe('under_review')
    expect(badge.dataset.tone).toBe('neutral')
    expect(badge.dataset.known).toBeUndefined()
    expect(badge.textContent).toContain('"under_review"')
  })

  it('takes labels from props, then from the provider, for i18n', () => {
    render(
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://s.test"
        messages={{ statusLabels: { complete: 'Terminé' }, unknownStatus: 'Inconnu' }}
      >
        <ReportStatusBadge status="complete" data-testid="a" />
        <ReportStatusBadge status="complete" labels={{ complete: 'Fertig' }} data-testid="b" />
        <ReportStatusBadge status="what" data-testid="c" />
      </IbvProvider>,
    )
    expect(screen.getByTestId('a').querySelector('.ibv-badge__label')?.textContent).toBe('Terminé')
    expect(screen.getByTestId('b').querySelector('.ibv-badge__label')?.textContent).toBe('Fertig')
    expect(screen.getByTestId('c').querySelector('.ibv-badge__label')?.textContent).toBe('Inconnu')
  })

  it('can show the description as text, and passes props and ref through', () => {
    const ref = createRef<HTMLSpanElement>()
    render(
      <ReportStatusBadge
        status="reconnect_required"
        showDescription
        ref={ref}
        className="mine"
        title="State"
        data-testid="b"
      />,
    )
    const badge = screen.getByTestId('b')
    expect(ref.current).toBe(badge)
    expect(badge.className).toBe('ibv-badge mine')
    expect(badge.title).toBe('State')
    expect(badge.querySelector('.ibv-badge__description')?.textContent).toMatch(
      /reconnects the bank/,
    )
  })

  const descriptionOf = (badge: HTMLElement) =>
    document.getElementById(badge.getAttribute('aria-describedby') ?? '')?.textContent

  it.each(REPORT_STATUSES)(
    'speaks to the borrower about %s in the second person, with the same label',
    (status) => {
      render(<ReportStatusBadge status={status} audience="borrower" data-testid="b" />)
      const badge = screen.getByTestId('b')
      expect(badge.querySelector('.ibv-badge__label')?.textContent).toBe(
        describeStatus(status).label,
      )
      expect(descriptionOf(badge)).toBe(defaultMessages.statusDescriptionsBorrower[status])
      expect(descriptionOf(badge)).toMatch(/\byour\b/i)
      expect(descriptionOf(badge)).not.toMatch(/consumer/)
    },
  )

  it('tells a borrower to reconnect in plain words', () => {
    render(
      <ReportStatusBadge
        status="reconnect_required"
        audience="borrower"
        showDescription
        data-testid="b"
      />,
    )
    expect(screen.getByTestId('b').querySelector('.ibv-badge__description')?.textContent).toBe(
      'Your bank connection needs attention: reconnect your bank to continue.',
    )
  })

  it('takes its voice from the prop, else the provider, else staff', () => {
    const staff = describeStatus('reconnect_required').description
    const borrower = defaultMessages.statusDescriptionsBorrower.reconnect_required
    render(
      <>
        <ReportStatusBadge status="reconnect_required" data-testid="default" />
        <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" audience="borrower">
          <ReportStatusBadge status="reconnect_required" data-testid="provider" />
          <ReportStatusBadge status="reconnect_required" audience="staff" data-testid="prop" />
        </IbvProvider>
      </>,
    )
    expect(descriptionOf(screen.getByTestId('default'))).toBe(staff)
    expect(descriptionOf(screen.getByTestId('provider'))).toBe(borrower)
    expect(descriptionOf(screen.getByTestId('prop'))).toBe(staff)
  })

  it('takes borrower descriptions from the provider, a new status by its name, an empty one as none', () => {
    render(
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://s.test"
        audience="borrower"
        messages={{
          statusDescriptionsBorrower: {
            complete: 'Tu informe está listo.',
            under_review: 'Tu banco está revisando.',
            generation_failed: '',
          },
        }}
      >
        <ReportStatusBadge status="complete" data-testid="a" />
        <ReportStatusBadge status="initiated" data-testid="b" />
        <ReportStatusBadge status="under_review" data-testid="c" />
        <ReportStatusBadge status="constructor" data-testid="d" />
        <ReportStatusBadge status="generation_failed" data-testid="e" />
      </IbvProvider>,
    )
    expect(descriptionOf(screen.getByTestId('a'))).toBe('Tu informe está listo.')
    expect(descriptionOf(screen.getByTestId('b'))).toBe(
      defaultMessages.statusDescriptionsBorrower.initiated,
    )
    expect(descriptionOf(screen.getByTestId('c'))).toBe('Tu banco está revisando.')
    // A function found on Object.prototype is no text: core's description, never a crash.
    expect(descriptionOf(screen.getByTestId('d'))).toBe(describeStatus('constructor').description)
    expect(descriptionOf(screen.getByTestId('e'))).toBeUndefined()
    expect(
      screen.getByTestId('e').querySelector('.ibv-visually-hidden, .ibv-badge__description'),
    ).toBeNull()
  })

  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty'])(
    'reads %s as unknown whatever label maps are given',
    (status) => {
      render(
        <IbvProvider
          fetchers={fetchers}
          serviceUrl="https://s.test"
          messages={{ statusLabels: { complete: 'Fertig' } }}
        >
          <ReportStatusBadge status={status} labels={{ initiated: 'Gestartet' }} data-testid="b" />
        </IbvProvider>,
      )
      expect(screen.getByTestId('b').querySelector('.ibv-badge__label')?.textContent).toBe(
        'Unknown status',
      )
    },
  )

  it("keeps core's text for an unknown status when the borrower has none for it", () => {
    render(<ReportStatusBadge status="constructor" audience="borrower" data-testid="b" />)
    expect(descriptionOf(screen.getByTestId('b'))).toBe(describeStatus('constructor').description)
  })
})
