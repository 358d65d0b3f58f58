import { describe, expect, it } from 'vitest'
import { createRef } from 'react'
import { render, screen } from '@testing-library/react'
import { IbvProvider, REPORT_STATUSES, ReportStatusBadge, describeStatus } from '../../src/index.js'

const fetchers = { token: async () => ({ access_token: 't', expires_in: 60 }) }

describe('<ReportStatusBadge>', () => {
  it.each(REPORT_STATUSES)('shows %s with its label, tone and a description for screen readers', (status) => {
    const { container } = render(<ReportStatusBadge status={status} />)
    const badge = container.firstElementChild as HTMLElement
    const description = describeStatus(status)
    expect(badge.textContent).toContain(description.label)
    expect(badge.dataset.status).toBe(status)
    expect(badge.dataset.tone).toBe(description.tone)
    expect(badge.dataset.known).toBe('true')
    const describedBy = document.getElementById(badge.getAttribute('aria-describedby') ?? '')
    expect(describedBy?.textContent).toBe(description.description)
    expect(describedBy?.className).toBe('ibv-visually-hidden')
  })

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
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" messages={{ statusLabels: { complete: 'Terminé' }, unknownStatus: 'Inconnu' }}>
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
    render(<ReportStatusBadge status="reconnect_required" showDescription ref={ref} className="mine" title="State" data-testid="b" />)
    const badge = screen.getByTestId('b')
    expect(ref.current).toBe(badge)
    expect(badge.className).toBe('ibv-badge mine')
    expect(badge.title).toBe('State')
    expect(badge.querySelector('.ibv-badge__description')?.textContent).toMatch(/reconnects the bank/)
  })
})
