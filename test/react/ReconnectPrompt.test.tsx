import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import {
  IbvProvider,
  ReconnectPrompt,
  defaultMessages,
  type ReconnectPromptProps,
} from '../../src/index.js'
import { classifyRefresh } from '../../src/core/index.js'

const link = 'https://service.test/connect?link=lnk_ABC'
const fetchers = { token: async () => ({ access_token: 't', expires_in: 60 }) }

/** The borrower's voice: the texts the prompt had before it had two. */
function BorrowerPrompt(props: ReconnectPromptProps) {
  return <ReconnectPrompt audience="borrower" {...props} />
}

describe('<ReconnectPrompt audience="borrower">', () => {
  it.each([
    ['reconnect_required', 'Reconnect your bank', /sign-in failed or a verification step/],
    ['invalid_connection', 'The bank connection stopped working', /no longer valid/],
    ['data_pull_failed', 'We could not get your bank data', /could not be pulled/],
  ] as const)('explains %s in plain words and offers the link', (reason, title, body) => {
    render(<BorrowerPrompt reason={reason} connectionLink={link} institutionName="Platypus Bank" />)
    const region = screen.getByRole('region', { name: title })
    expect(region.dataset.reason).toBe(reason)
    expect(region.textContent).toMatch(body)
    expect(region.textContent).toContain('Platypus Bank')
    const anchor = screen.getByRole('link', { name: 'Reconnect Platypus Bank' })
    expect(anchor.getAttribute('href')).toBe(link)
    expect(anchor.getAttribute('target')).toBe('_blank')
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('explains refresh_not_ready as a wait, and offers no reconnect for it', () => {
    render(
      <BorrowerPrompt
        reason="refresh_not_ready"
        connectionLink={link}
        institutionName="Platypus Bank"
      />,
    )
    const region = screen.getByRole('region', { name: 'Your report was refreshed recently' })
    expect(region.textContent).toMatch(/at most once a day, so there is nothing to do now/)
    expect(region.textContent).not.toMatch(/reconnect/i)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('says "your bank" when the institution is not known', () => {
    render(<BorrowerPrompt connectionLink={link} />)
    expect(screen.getByRole('link', { name: 'Reconnect your bank' })).toBeTruthy()
  })

  it('reads a pending body as it arrives', () => {
    render(
      <BorrowerPrompt
        response={{
          product_request_id: 'IBV1',
          ibv_report_status: 'reconnect_required',
          ibv_connection_link: link,
        }}
      />,
    )
    expect(screen.getByRole('region').dataset.reason).toBe('reconnect_required')
    expect(screen.getByRole('link').getAttribute('href')).toBe(link)
  })

  it('reads a refresh answer, filling <FI Name> from its message', () => {
    const body = {
      ibv_report_status: 'ibv_data_acquire_failed',
      ibv_connection_link: link,
      message:
        'Unable to pull IBV data. Ask the consumer to reconnect to Quokka Savings & Loan using the connection link.',
    }
    render(<BorrowerPrompt response={body} />)
    expect(screen.getByRole('region').dataset.reason).toBe('data_pull_failed')
    expect(screen.getByRole('link', { name: 'Reconnect Quokka Savings & Loan' })).toBeTruthy()
  })

  it('reads a classified refresh outcome', () => {
    const outcome = classifyRefresh(429, {
      ibv_report: 'https://service.test/api/v2/ibv/requests/IBV1',
      product_request_id: 'IBV1',
      ibv_report_status: 'initiated',
      ibv_connection_link: link,
      message:
        'Reports can only be refreshed once every 24 hours. Wait to refresh or ask the consumer to reconnect to Platypus Bank using the connection link.',
      status: 'refresh_not_ready',
    })
    render(<BorrowerPrompt response={outcome} />)
    expect(screen.getByRole('region').dataset.reason).toBe('refresh_not_ready')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('calls onReconnect with the link instead of opening it', () => {
    const onReconnect = vi.fn()
    render(<BorrowerPrompt connectionLink={link} onReconnect={onReconnect} />)
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
    render(<BorrowerPrompt connectionLink={hostile} onReconnect={vi.fn()} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`(got a ${scheme} link)`))
    expect(String(errors.mock.calls[0]?.[0])).not.toContain('alert')
    errors.mockRestore()
  })

  it('takes text overrides for i18n', () => {
    render(
      <BorrowerPrompt
        reason="invalid_connection"
        institutionName="Banco Uno"
        connectionLink={link}
        messages={{
          reconnectTitle: { invalid_connection: 'Conexión inválida' } as never,
          reconnectAction: 'Reconectar {institution}',
        }}
      />,
    )
    expect(screen.getByRole('region', { name: 'Conexión inválida' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Reconectar Banco Uno' })).toBeTruthy()
  })
})

describe('<ReconnectPrompt> for staff (the default)', () => {
  afterEach(() => vi.unstubAllGlobals())

  const clipboard = (writeText: (text: string) => Promise<void>) =>
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })

  it.each([
    [
      'reconnect_required',
      'Ask Ada to reconnect Platypus Bank',
      /sign-in to Platypus Bank failed.*until Ada reconnects/,
    ],
    [
      'invalid_connection',
      'The connection to Platypus Bank stopped working',
      /Ask Ada to reconnect Platypus Bank/,
    ],
    [
      'data_pull_failed',
      'No bank data could be pulled from Platypus Bank',
      /Ask Ada to reconnect Platypus Bank/,
    ],
  ] as const)(
    'addresses the loan officer for %s, the link shown as text',
    (reason, title, body) => {
      render(
        <ReconnectPrompt
          reason={reason}
          connectionLink={link}
          institutionName="Platypus Bank"
          consumerName="Ada"
        />,
      )
      const region = screen.getByRole('region', { name: title })
      expect(region.dataset.audience).toBe('staff')
      expect(region.textContent).toMatch(body)
      expect(region.textContent).not.toMatch(/\byour\b/i)
      expect(region.querySelector('code')?.textContent).toBe(link)
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
      // Nothing opens the link for the officer, and there is no Send without onSend.
      expect(screen.queryByRole('link')).toBeNull()
      expect(screen.queryByRole('button', { name: /Send/ })).toBeNull()
    },
  )

  it('states the 24-hour rule to the officer without suggesting a reconnect to get around it, and shows no link', () => {
    render(
      <ReconnectPrompt
        reason="refresh_not_ready"
        connectionLink={link}
        institutionName="Platypus Bank"
        consumerName="Ada"
      />,
    )
    const region = screen.getByRole('region', {
      name: 'The report was refreshed in the last 24 hours',
    })
    expect(region.textContent).toMatch(/once every 24 hours/)
    expect(region.textContent).not.toMatch(/reconnect/i)
    expect(region.querySelector('code')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
  })

  it('names the bank from the widget exit metadata or a report', () => {
    render(
      <ReconnectPrompt
        response={{ status: 'reconnect_required', institution_name: 'Quokka Savings & Loan' }}
        connectionLink={link}
      />,
    )
    expect(
      screen.getByRole('region', { name: 'Ask the applicant to reconnect Quokka Savings & Loan' }),
    ).toBeTruthy()
  })

  it('says "the applicant" and "their bank" when the names are not known', () => {
    render(<ReconnectPrompt connectionLink={link} onSend={vi.fn()} />)
    expect(
      screen.getByRole('region', { name: 'Ask the applicant to reconnect their bank' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send to the applicant' })).toBeTruthy()
  })

  it('reads the institution from a refresh answer, as the borrower voice does', () => {
    const body = {
      ibv_report_status: 'ibv_data_acquire_failed',
      ibv_connection_link: link,
      message:
        'Unable to pull IBV data. Ask the consumer to reconnect to Quokka Savings & Loan using the connection link.',
    }
    render(<ReconnectPrompt response={body} consumerName="Ada" />)
    expect(
      screen.getByRole('region', {
        name: 'No bank data could be pulled from Quokka Savings & Loan',
      }).dataset.reason,
    ).toBe('data_pull_failed')
  })

  it('copies the link and announces it; a second copy is announced again', async () => {
    const writeText = vi.fn(async () => undefined)
    clipboard(writeText)
    render(<ReconnectPrompt connectionLink={link} consumerName="Ada" />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })))
    expect(writeText).toHaveBeenCalledWith(link)
    expect(status.textContent).toBe('Link copied.')
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(status.textContent).toBe('')
    await act(async () => undefined)
    expect(status.textContent).toBe('Link copied.')
  })

  it.each([
    [
      'refuses',
      () => vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
    ],
    ['is missing (an insecure page)', () => undefined],
  ])('when the clipboard %s, says to copy by hand and selects the link', async (_, make) => {
    const writeText = make()
    if (writeText) clipboard(writeText)
    else vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    render(<ReconnectPrompt connectionLink={link} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })))
    expect(screen.getByRole('status').textContent).toBe(
      'The link could not be copied: select it above and copy it by hand.',
    )
    expect(getSelection()?.toString()).toBe(link)
  })

  it('offers Send only with onSend, and calls it with the link', () => {
    const onSend = vi.fn()
    const onReconnect = vi.fn()
    render(
      <ReconnectPrompt
        connectionLink={link}
        consumerName="Ada"
        onSend={onSend}
        onReconnect={onReconnect}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Send to Ada' }))
    expect(onSend).toHaveBeenCalledWith(link)
    expect(onReconnect).not.toHaveBeenCalled()
  })

  it('renders no link, copy or send for a hostile link', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<ReconnectPrompt connectionLink="javascript:alert(1)" onSend={vi.fn()} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(document.querySelector('code')).toBeNull()
    errors.mockRestore()
  })

  it('takes its voice from the prop, else the provider, else staff', () => {
    render(
      <>
        <ReconnectPrompt connectionLink={link} data-testid="default" />
        <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" audience="borrower">
          <ReconnectPrompt connectionLink={link} data-testid="provider" />
          <ReconnectPrompt connectionLink={link} audience="staff" data-testid="prop" />
        </IbvProvider>
        <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" audience="staff">
          <ReconnectPrompt
            connectionLink={link}
            audience="borrower"
            data-testid="prop-over-staff"
          />
        </IbvProvider>
      </>,
    )
    expect(screen.getByTestId('default').dataset.audience).toBe('staff')
    expect(screen.getByTestId('provider').dataset.audience).toBe('borrower')
    expect(screen.getByTestId('provider').textContent).toContain('Reconnect your bank')
    expect(screen.getByTestId('prop').dataset.audience).toBe('staff')
    expect(screen.getByTestId('prop').textContent).toContain(
      'Ask the applicant to reconnect their bank',
    )
    expect(screen.getByTestId('prop-over-staff').dataset.audience).toBe('borrower')
  })

  it('takes every staff text from the provider, then the component', () => {
    const onSend = vi.fn()
    render(
      <IbvProvider
        fetchers={fetchers}
        serviceUrl="https://s.test"
        messages={{
          reconnectTitleStaff: {
            reconnect_required: 'Pídele a {consumer} que reconecte {institution}',
          },
          reconnectBodyStaff: { reconnect_required: 'Cuerpo para {consumer}.' },
          reconnectLinkLabel: 'Enlace',
          reconnectCopy: 'Copiar enlace',
          reconnectSend: 'Enviar a {consumer}',
          theApplicant: 'la persona solicitante',
          theirBank: 'su banco',
        }}
      >
        <ReconnectPrompt
          connectionLink={link}
          onSend={onSend}
          messages={{ reconnectCopy: 'Copiar', reconnectTitleStaff: {} }}
        />
      </IbvProvider>,
    )
    expect(
      screen.getByRole('region', {
        name: 'Pídele a la persona solicitante que reconecte su banco',
      }),
    ).toBeTruthy()
    expect(screen.getByText('Cuerpo para la persona solicitante.')).toBeTruthy()
    expect(screen.getByText('Enlace')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Enviar a la persona solicitante' })).toBeTruthy()
  })

  it('keeps overrides of the borrower texts to the borrower voice', () => {
    render(
      <>
        <ReconnectPrompt
          connectionLink={link}
          messages={{ reconnectTitle: { reconnect_required: 'Reconecta tu banco' } }}
          data-testid="staff"
        />
        <ReconnectPrompt
          connectionLink={link}
          audience="borrower"
          messages={{ reconnectTitle: { reconnect_required: 'Reconecta tu banco' } }}
          data-testid="borrower"
        />
      </>,
    )
    expect(screen.getByTestId('staff').textContent).not.toContain('Reconecta')
    expect(screen.getByTestId('borrower').textContent).toContain('Reconecta tu banco')
  })

  it('has every staff text in the default catalogue', () => {
    for (const key of [
      'reconnectTitleStaff',
      'reconnectBodyStaff',
      'reconnectLinkLabel',
      'reconnectCopy',
      'reconnectCopied',
      'reconnectCopyFailed',
      'reconnectSend',
      'theApplicant',
      'theirBank',
    ] as const) {
      expect(defaultMessages[key]).toBeTruthy()
    }
  })
})
