import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import {
  ConnectButton,
  EmbeddedReport,
  IbvEvents,
  IbvProvider,
  ReportView,
  createBackendFetchers,
  useIbvReport,
  type ConnectSuccess,
} from '../../src/index.js'

// The lender's journey in real Chromium: the sandbox widget in the real dialog, the webhook over
// HTTP to the backend, the live stream to the page. Polling is set to two minutes, so a report
// that appears within seconds came through the stream.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }

function Report({ id }: { id: string }) {
  const { status, report } = useIbvReport(id, { pollInitialMs: 120_000 })
  return (
    <div data-testid="report" data-status={status ?? 'none'}>
      {report && <ReportView report={report} />}
      {report && <EmbeddedReport productRequestId={id} />}
    </div>
  )
}

function App({
  consumerId,
  onSuccess,
  onEvent,
}: {
  consumerId: string
  onSuccess: (success: ConnectSuccess) => void
  onEvent?: (name: string) => void
}) {
  const [id, setId] = useState<string>()
  return (
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <IbvEvents url="/api/ibv/events" />
      <ConnectButton
        consumerId={consumerId}
        onEvent={onEvent}
        onSuccess={(success) => {
          onSuccess(success)
          setId(success.productRequestId)
        }}
      />
      {id && <Report id={id} />}
    </IbvProvider>
  )
}

async function widgetDocument(selector = 'form[method="post"]'): Promise<Document> {
  return vi.waitFor(
    () => {
      const doc = document.querySelector<HTMLIFrameElement>('dialog iframe')?.contentDocument
      if (!doc?.querySelector(selector) || doc.readyState !== 'complete')
        throw new Error('widget not ready')
      return doc
    },
    { timeout: 5000 },
  )
}

/** Step 1 of the widget: chooses Platypus Bank from its list; resolves on its sign-in page. */
async function chooseBank(): Promise<Document> {
  ;(await widgetDocument('button[value="platypus"]'))
    .querySelector<HTMLButtonElement>('button[value="platypus"]')!
    .click()
  return widgetDocument('input[name="username"]')
}

function submit(doc: Document, fields: Record<string, string>) {
  const form = doc.querySelector<HTMLFormElement>('form[method="post"]')!
  for (const [name, value] of Object.entries(fields))
    (form.elements.namedItem(name) as HTMLInputElement).value = value
  form.requestSubmit()
}

describe('connect → live report, in Chromium', () => {
  it('user_good: success, then the report arrives through the live stream, natively and embedded', async () => {
    const onSuccess = vi.fn()
    render(<App consumerId={`E2E-${crypto.randomUUID()}`} onSuccess={onSuccess} />)
    const button = screen.getByRole('button', { name: 'Connect bank' })
    button.focus()
    button.click()
    const dialog = await screen.findByRole('dialog', { name: 'Connect your bank' })
    expect(dialog.matches(':modal')).toBe(true)
    submit(await chooseBank(), { username: 'user_good', password: 'pass_good' })
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 5000 })
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({
      productRequestId: expect.stringMatching(/^IBV/),
      institution: { name: 'Platypus Bank' },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)

    await waitFor(() => expect(screen.getByTestId('report').dataset.status).toBe('initiated'))
    await fetch(`${service}/sandbox/clock/advance`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ seconds: 6 }),
    })
    await waitFor(() => expect(screen.getByTestId('report').dataset.status).toBe('complete'), {
      timeout: 5000,
    })
    expect(screen.getByRole('article').textContent).toContain('Platypus Bank')
    await waitFor(
      () =>
        expect(
          document.querySelector<HTMLIFrameElement>('.ibv-embedded-report__frame')?.contentDocument
            ?.readyState,
        ).toBe('complete'),
      { timeout: 5000 },
    )
  })

  it('user_mfa: the code step, then success', async () => {
    const onSuccess = vi.fn()
    const events: string[] = []
    render(
      <App
        consumerId={`E2E-${crypto.randomUUID()}`}
        onSuccess={onSuccess}
        onEvent={(name) => events.push(name)}
      />,
    )
    screen.getByRole('button', { name: 'Connect bank' }).click()
    await screen.findByRole('dialog')
    submit(await chooseBank(), { username: 'user_mfa', password: 'pass_good' })
    await vi.waitFor(
      () =>
        expect(
          document
            .querySelector<HTMLIFrameElement>('dialog iframe')
            ?.contentDocument?.querySelector('input[name="code"]'),
        ).toBeTruthy(),
      { timeout: 5000 },
    )
    submit(await widgetDocument(), { code: '123456' })
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 5000 })
    expect(events).toEqual(
      expect.arrayContaining([
        'OPEN',
        'SELECT_INSTITUTION',
        'SUBMIT_CREDENTIALS',
        'MFA_REQUIRED',
        'SUBMIT_MFA',
        'HANDOFF',
      ]),
    )
  })

  it('a spoofed success from another window is ignored; Escape closes the real dialog', async () => {
    const onSuccess = vi.fn()
    render(<App consumerId={`E2E-${crypto.randomUUID()}`} onSuccess={onSuccess} />)
    screen.getByRole('button', { name: 'Connect bank' }).click()
    await screen.findByRole('dialog')
    await widgetDocument()
    const stranger = document.createElement('iframe')
    stranger.srcdoc =
      "<script>parent.postMessage({ type: 'ibv:success', product_request_id: 'IBVEVIL', institution: { name: 'Evil' } }, '*')</script>"
    const arrived = new Promise((resolve) =>
      window.addEventListener('message', resolve, { once: true }),
    )
    document.body.append(stranger)
    await arrived
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(onSuccess).not.toHaveBeenCalled()
    stranger.remove()
    const dialog = screen.getByRole('dialog')
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
