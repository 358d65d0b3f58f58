import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { EmbeddedReport, IbvError, IbvProvider, createBackendFetchers } from 'ibv-kit'
import {
  failingTokens,
  flakyTokens,
  neverAnswers,
  productRequest,
  stuckRenewal,
} from './fixtures.ts'
import { storyLocale } from './providers.tsx'
import { API, SERVICE_URL } from './story-urls.ts'

const meta = {
  title: 'Components/EmbeddedReport',
  component: EmbeddedReport,
  args: { productRequestId: 'IBV-NONE' },
  // Each story shows a product request its loader creates in the sandbox, so the id is not an arg
  // a reader could set: the table and controls would show a value the story does not use.
  argTypes: { productRequestId: { control: false, table: { disable: true } } },
  loaders: [async () => ({ request: await productRequest({ accounts: 2 }) })],
  render: (args, { loaded }) => (
    <EmbeddedReport {...args} productRequestId={loaded.request.productRequestId} />
  ),
} satisfies Meta<typeof EmbeddedReport>

export default meta
type Story = StoryObj<typeof meta>

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.ibv-embedded-report')

/** The typical state: the hosted report in its frame, with a token the component renews. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'), {
      timeout: 5000,
    })
    const frame = within(canvasElement).getByTitle('Income and bank verification report')
    await waitFor(
      () =>
        expect((frame as HTMLIFrameElement).contentDocument?.body?.textContent).toContain(
          'Income and bank verification',
        ),
      { timeout: 5000 },
    )
  },
}

export const Loading: Story = {
  parameters: { fetchers: () => neverAnswers },
  play: async ({ canvasElement }) => {
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'loading')
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the report…')
  },
}

export const Renewing: Story = {
  parameters: { fetchers: stuckRenewal },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'), {
      timeout: 5000,
    })
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'renewing'), {
      timeout: 8000,
    })
    await expect(canvasElement.querySelector('iframe[data-frame="current"]')).toBeVisible()
  },
}

export const BadRequest400: Story = {
  parameters: {
    fetchers: () =>
      failingTokens(() =>
        Promise.reject(
          new IbvError('invalid_request', 'product_request_id is invalid', { status: 400 }),
        ),
      ),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'The report could not be loaded.',
      ),
    )
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'error')
  },
}

export const Unauthorized401: Story = {
  parameters: {
    fetchers: () =>
      failingTokens(() =>
        Promise.reject(new IbvError('unauthorized', 'Session expired', { status: 401 })),
      ),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'error'))
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const FlakyNetworkThenRecovered: Story = {
  parameters: { fetchers: () => flakyTokens(2) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'), {
      timeout: 10_000,
    })
  },
}

/**
 * The report page never speaks in its frame (the service unreachable, an error page, a
 * Content-Security-Policy that refuses the frame): the frame stays hidden, and after
 * `readyTimeoutMs` the state is `error` with Try again. Here the service's address has no report
 * page, and the timeout is 1 s.
 */
export const ReportPageUnavailable: Story = {
  args: { readyTimeoutMs: 1000 },
  render: (args, { loaded, globals }) => (
    <IbvProvider
      fetchers={createBackendFetchers(API)}
      serviceUrl={`${SERVICE_URL}/no-report-here`}
      locale={storyLocale(globals)}
    >
      <EmbeddedReport {...args} productRequestId={loaded.request.productRequestId} />
    </IbvProvider>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'error'), {
      timeout: 5000,
    })
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The report could not be loaded.',
    )
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(canvasElement.querySelector('iframe')).not.toBeVisible()
  },
}
