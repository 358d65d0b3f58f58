import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import {
  ConnectButton,
  IbvProvider,
  ReportStatusBadge,
  createBackendFetchers,
  useIbvReport,
  type PrefetchedReport,
} from 'ibv-kit'
import { prefetched, productRequest, silent } from './fixtures.ts'
import { demoText } from './hook-demos.tsx'
import { storyLocale } from './providers.tsx'
import { API, SERVICE_URL } from './story-urls.ts'
import { es } from 'ibv-kit/locales/es'

/** A loan file as an app would show it: the report's status, its accounts, and a Connect button. */
function LoanFile({
  productRequestId,
  consumerId,
}: {
  productRequestId: string
  consumerId: string
}) {
  const { status, report, error } = useIbvReport(productRequestId)
  return (
    <section
      aria-label="Loan file"
      style={{ ...demoText, display: 'grid', gap: 12, justifyItems: 'start' }}
    >
      {status ? (
        <ReportStatusBadge status={status} showDescription />
      ) : (
        <p>{error ? error.message : 'Reading the report…'}</p>
      )}
      {report && <p>Accounts in the report: {report.accounts.length}</p>}
      <ConnectButton consumerId={consumerId} />
    </section>
  )
}

const backend = createBackendFetchers(API)

/**
 * The provider every ibv-kit component and hook needs, once near the top of the app: the plug to
 * the lender's backend (`fetchers`), where the service lives (`serviceUrl`), and optional shared
 * settings (texts, audience, what the server prefetched).
 */
const meta = {
  title: 'IbvProvider',
  component: IbvProvider,
  tags: ['!autodocs'],
  args: {
    fetchers: backend,
    // The sandbox in Storybook's page; in an app, the service's URL.
    serviceUrl: SERVICE_URL,
  },
  argTypes: {
    fetchers: { control: false },
    queryClient: { control: false },
    prefetched: { control: false },
    children: { control: false },
    audience: { control: 'inline-radio', options: ['staff', 'borrower'] },
    locale: { control: false },
  },
  loaders: [
    async () => ({ request: await productRequest({ accounts: 3, institution: 'Platypus Bank' }) }),
  ],
  render: (args, { loaded, globals }) => (
    <IbvProvider locale={storyLocale(globals)} {...args}>
      <LoanFile
        productRequestId={loaded.request.productRequestId}
        consumerId={loaded.request.consumerId}
      />
    </IbvProvider>
  ),
} satisfies Meta<typeof IbvProvider>

export default meta
type Story = StoryObj<typeof meta>

/** The typical set-up: `createBackendFetchers()` for the backend's routes, and the service URL. */
export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByText('Complete')).toBeVisible(), { timeout: 5000 })
    await expect(canvas.getByText('Accounts in the report: 3')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Connect bank' })).toBeVisible()
  },
}

/** `audience="borrower"`: the components with two voices speak to the applicant. */
export const BorrowerAudience: Story = {
  args: { audience: 'borrower' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByText('Your report is ready.')).toBeVisible(), {
      timeout: 5000,
    })
  },
}

/** `locale`: a whole language for every component below, here Spanish (`es` from `ibv-kit/locales/es`), in the borrower's voice. */
export const InSpanish: Story = {
  args: { locale: es, audience: 'borrower' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(
      () => expect(canvas.getByText(es.messages.statusDescriptionsBorrower.complete)).toBeVisible(),
      { timeout: 5000 },
    )
    await expect(canvas.getByRole('button', { name: es.messages.connectBank })).toHaveAttribute(
      'lang',
      'es',
    )
  },
}

/** `messages`: any text of any component below, here in French. */
export const Messages: Story = {
  args: {
    messages: {
      connectBank: 'Connecter ma banque',
      statusLabels: { complete: 'Rapport prêt' },
      statusDescriptionsBorrower: { complete: 'Votre rapport est prêt.' },
    },
    audience: 'borrower',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByText('Rapport prêt')).toBeVisible(), { timeout: 5000 })
    await expect(canvas.getByText('Votre rapport est prêt.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Connecter ma banque' })).toBeVisible()
  },
}

/**
 * `prefetched`: what `prefetchReport` (ibv-kit/server) read on the server for this page. The
 * fetchers here never answer, yet the status and the accounts are there on the first render.
 */
export const Prefetched: Story = {
  args: { fetchers: silent },
  loaders: [
    async () => {
      const request = await productRequest({ accounts: 2, institution: 'Platypus Bank' })
      return { request, prefetched: [await prefetched(request.productRequestId)] }
    },
  ],
  render: (args, { loaded, globals }) => (
    <IbvProvider
      locale={storyLocale(globals)}
      {...args}
      prefetched={loaded.prefetched as PrefetchedReport[]}
    >
      <LoanFile
        productRequestId={loaded.request.productRequestId}
        consumerId={loaded.request.consumerId}
      />
    </IbvProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // No waiting: the first render already had it.
    await expect(canvas.getByText('Complete')).toBeVisible()
    await expect(canvas.getByText('Accounts in the report: 2')).toBeVisible()
  },
}

/** A log of what `createBackendFetchers` sends, through its `fetch` option. */
function BackendFetchersDemo({
  serviceUrl,
  productRequestId,
  consumerId,
}: {
  serviceUrl: string
  productRequestId: string
  consumerId: string
}) {
  const [calls, setCalls] = useState<string[]>([])
  const [fetchers] = useState(() =>
    createBackendFetchers(API, {
      // Extra headers go on every call (a CSRF token, say); the backend here ignores this one.
      headers: { 'x-csrf-token': 'story-token' },
      timeoutMs: 10_000,
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        setCalls((list) => [
          ...list,
          `${init?.method ?? 'GET'} ${String(input)}: ${response.status}`,
        ])
        return response
      },
    }),
  )
  return (
    <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
      <LoanFile productRequestId={productRequestId} consumerId={consumerId} />
      <h3 style={{ ...demoText, fontSize: 14, marginBlock: '16px 4px' }}>Calls to the backend</h3>
      <ol
        aria-label="Calls to the backend"
        style={{ margin: 0, fontFamily: 'monospace', fontSize: 13 }}
      >
        {calls.map((call, index) => (
          <li key={index}>{call}</li>
        ))}
      </ol>
    </IbvProvider>
  )
}

/** `createBackendFetchers(basePath, { fetch, headers, timeoutMs })`: the fetchers for `createIbvBackend`'s routes. */
export const BackendFetchers: Story = {
  render: (args, { loaded }) => (
    <BackendFetchersDemo
      serviceUrl={args.serviceUrl}
      productRequestId={loaded.request.productRequestId}
      consumerId={loaded.request.consumerId}
    />
  ),
  play: async ({ canvasElement }) => {
    const calls = within(canvasElement).getByRole('list', { name: 'Calls to the backend' })
    await waitFor(() => expect(calls).toHaveTextContent(/^GET \/api\/ibv\/reports\/IBV\w+: 200$/), {
      timeout: 5000,
    })
  },
}
