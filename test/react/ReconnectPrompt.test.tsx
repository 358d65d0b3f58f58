import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { ReconnectPrompt } from '../../src/index.js'
import { classifyRefresh } from '../../src/core/index.js'

const link = 'https://service.test/connect?link=lnk_ABC'

describe('<ReconnectPrompt>', () => {
  it.each([
    ['reconnect_required', 'Reconnect your bank', /sign-in failed or a verification step/],
    ['invalid_connection', 'The bank connection stopped working', /no longer valid/],
    ['data_pull_failed', 'We could not get your bank data', /could not be pulled/],
    ['refresh_not_ready', 'The report was refreshed recently', /once every 24 hours/],
  ] as const)('explains %s in plain words and offers the link', (reason, title, body) => {
    render(<ReconnectPrompt reason={reason} connectionLink={link} institutionName="Platypus Bank" />)
    const region = screen.getByRole('region', { name: title })
    expect(region.dataset.reason).toBe(reason)
    expect(region.textContent).toMatch(body)
    expect(region.textContent).toContain('Platypus Bank')
    const anchor = screen.getByRole('link', { name: 'Reconnect Platypus Bank' })
    expect(anchor.getAttribute('href')).toBe(link)
    expect(anchor.getAttribute('target')).toBe('_blank')
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('says "your bank" when the institution is not known', () => {
    render(<ReconnectPrompt connectionLink={link} />)
    expect(screen.getByRole('link', { name: 'Reconnect your bank' })).toBeTruthy()
  })

  it('reads a pending body as it arrives', () => {
    render(<ReconnectPrompt response={{ product_request_id: 'IBV1', ibv_report_status: 'reconnect_required', ibv_connection_link: link }} />)
    expect(screen.getByRole('region').dataset.reason).toBe('reconnect_required')
    expect(screen.getByRole('link').getAttribute('href')).toBe(link)
  })

  it('reads a refresh answer, filling <FI Name> from its message', () => {
    const body = {
      ibv_report_status: 'ibv_data_acquire_failed',
      ibv_connection_link: link,
      message: 'Unable to pull IBV data. Ask the consumer to reconnect to Quokka Savings & Loan using the connection link.',
    }
    render(<ReconnectPrompt response={body} />)
    expect(screen.getByRole('region').dataset.reason).toBe('data_pull_failed')
    expect(screen.getByRole('link', { name: 'Reconnect Quokka Savings & Loan' })).toBeTruthy()
  })

  it('reads a classified refresh outcome', () => {
    const outcome = classifyRefresh(429, {
      ibv_report: 'https://service.test/api/v2/ibv/requests/IBV1',
      product_request_id: 'IBV1',
      ibv_report_status: 'initiated',
      ibv_connection_link: link,
      message: 'Reports can only be refreshed once every 24 hours. Wait to refresh or ask the consumer to reconnect to Platypus Bank using the connection link.',
      status: 'refresh_not_ready',
    })
    render(<ReconnectPrompt response={outcome} />)
    expect(screen.getByRole('region').dataset.reason).toBe('refresh_not_ready')
    expect(screen.getByRole('link', { name: 'Reconnect Platypus Bank' })).toBeTruthy()
  })

  it('calls onReconnect with the link instead of opening it', () => {
    const onReconnect = vi.fn()
    render(<ReconnectPrompt connectionLink={link} onReconnect={onReconnect} />)
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect your bank' }))
    expect(onReconnect).toHaveBeenCalledWith(link)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it.each([
    ['javascript:alert(document.cookie)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['/connect?link=relative', 'malformed'],
    ['not a url', 'malformed'],
  ])('renders no link for %j and logs why', (hostile, scheme) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<ReconnectPrompt connectionLink={hostile} onReconnect={vi.fn()} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`(got a ${scheme} link)`))
    expect(String(errors.mock.calls[0]?.[0])).not.toContain('alert')
    errors.mockRestore()
  })

  it('takes text overrides for i18n', () => {
    render(
      <ReconnectPrompt
        reason="invalid_connection"
        institutionName="Banco Uno"
        connectionLink={link}
        messages={{ reconnectTitle: { invalid_connection: 'Conexión inválida' } as never, reconnectAction: 'Reconectar {institution}' }}
      />,
    )
    expect(screen.getByRole('region', { name: 'Conexión inválida' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Reconectar Banco Uno' })).toBeTruthy()
  })
})
