import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { IbvProvider, ReconnectPrompt } from '../../src/index.js'

// What a lender's app may really pass: a translation lookup that found nothing, empty names,
// placeholders inside names, the borrower's onReconnect on a prompt now staff by default.
const link = 'https://service.test/connect?link=lnk_ABC'
const fetchers = { token: async () => ({ access_token: 't', expires_in: 60 }) }

afterEach(() => vi.restoreAllMocks())

describe('<ReconnectPrompt> on edge input', () => {
  it('keeps the default text when a translation map holds undefined (a lookup that found nothing)', () => {
    render(
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://s.test"
        messages={{ reconnectTitleStaff: { reconnect_required: undefined } }}
      >
        <ReconnectPrompt
          connectionLink={link}
          consumerName="Ada"
          institutionName="Platypus Bank"
          messages={{ reconnectBodyStaff: { reconnect_required: undefined } }}
        />
      </IbvProvider>,
    )
    const region = screen.getByRole('region', { name: 'Ask Ada to reconnect Platypus Bank' })
    expect(region.textContent).toContain('The sign-in to Platypus Bank failed')
  })

  it('reads an empty name as no name', () => {
    render(
      <ReconnectPrompt
        connectionLink={link}
        consumerName=""
        institutionName=""
        onSend={() => {}}
      />,
    )
    expect(
      screen.getByRole('region', { name: 'Ask the applicant to reconnect their bank' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send to the applicant' })).toBeTruthy()
  })

  it('fills each placeholder once: a name holding {institution} stays as typed', () => {
    render(
      <ReconnectPrompt
        connectionLink={link}
        consumerName="{institution}"
        institutionName="{consumer} Bank"
      />,
    )
    expect(
      screen.getByRole('region', { name: 'Ask {institution} to reconnect {consumer} Bank' }),
    ).toBeTruthy()
  })

  it('leaves a placeholder it has no value for as it is, even one named like an Object method', () => {
    render(
      <ReconnectPrompt
        connectionLink={link}
        messages={{ reconnectTitleStaff: { reconnect_required: 'Ask {consumer} ({constructor})' } }}
      />,
    )
    expect(screen.getByRole('region', { name: 'Ask the applicant ({constructor})' })).toBeTruthy()
  })

  it("warns when the borrower's onReconnect is given to a prompt in the staff voice", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(<ReconnectPrompt connectionLink={link} onReconnect={() => {}} />)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toMatch(/audience="borrower"/)
    warn.mockClear()
    render(<ReconnectPrompt audience="borrower" connectionLink={link} onReconnect={() => {}} />)
    expect(warn).not.toHaveBeenCalled()
  })
})
